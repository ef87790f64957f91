package confine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Rel turns p, relative to root or absolute inside it, into a clean path
// relative to root, and refuses one that climbs out; arg names the
// argument for the error. It is lexical: Open and Create also refuse a
// symbolic link that leads out.
func Rel(root, p, arg string) (string, *api.ToolError) {
	if root == "" {
		return "", api.Errorf(api.CodeInvalidParams, "%s %q: no connected editor's project is known to resolve it in; pin a project whose editor is connected (editor_select, or ?project=)", arg, p)
	}
	full := filepath.Clean(p)
	if !filepath.IsAbs(full) {
		full = filepath.Join(root, full)
	}
	if !Within(root, full) {
		if real, err := filepath.EvalSymlinks(root); err == nil && Within(real, full) {
			root = real // an absolute path through the root's real folder
		} else {
			return "", api.Errorf(api.CodeInvalidParams, "%s %q is outside the project folder %s; give a path inside it", arg, p, root)
		}
	}
	rel, _ := filepath.Rel(root, full)
	return rel, nil
}

// Open opens the regular file p (see Rel) for reading under root with
// os.Root: no symbolic link leads out of root, and a FIFO or device is
// refused before it is opened.
func Open(root, p, arg string) (*os.File, *api.ToolError) {
	rel, terr := Rel(root, p, arg)
	if terr != nil {
		return nil, terr
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "%s %q: opening the project folder %s: %v", arg, p, root, err)
	}
	defer r.Close()
	fi, err := r.Stat(rel)
	if err != nil {
		return nil, pathError(arg, p, root, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, api.Errorf(api.CodeInvalidParams, "%s %q is not a regular file (%s); give the path of a file", arg, p, fi.Mode().Type())
	}
	f, err := r.Open(rel)
	if err != nil {
		return nil, pathError(arg, p, root, err)
	}
	return f, nil
}

// Create creates (or truncates) the regular file p (see Rel) under root
// with os.Root, making its folders: no symbolic link leads out of root,
// and an existing FIFO, device or folder there is refused. A path inside
// one of deny (the daemon's state folder) is refused too. It returns the
// file and its full path.
func Create(root, p, arg string, deny ...string) (*os.File, string, *api.ToolError) {
	rel, terr := Rel(root, p, arg)
	if terr != nil {
		return nil, "", terr
	}
	full := filepath.Join(root, rel)
	real, _ := filepath.EvalSymlinks(root)
	for _, d := range deny {
		if d == "" {
			continue
		}
		if Within(d, full) || (real != "" && Within(d, filepath.Join(real, rel))) {
			return nil, "", api.Errorf(api.CodeInvalidParams, "%s %q is inside the unitymcp state folder %s, which no tool writes; give another path in the project", arg, p, d)
		}
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, "", api.Errorf(api.CodeInvalidParams, "%s %q: opening the project folder %s: %v", arg, p, root, err)
	}
	defer r.Close()
	if fi, err := r.Stat(rel); err == nil && !fi.Mode().IsRegular() {
		return nil, "", api.Errorf(api.CodeInvalidParams, "%s %q exists and is not a regular file (%s); give another path", arg, p, fi.Mode().Type())
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, "", pathError(arg, p, root, err)
	}
	if dir := filepath.Dir(rel); dir != "." {
		// Outputs hold editor content (images of the project's scenes):
		// owner-only, whatever the umask, like everything else unitymcp writes.
		if err := r.MkdirAll(dir, 0o700); err != nil {
			return nil, "", pathError(arg, p, root, err)
		}
	}
	f, err := r.OpenFile(rel, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, "", pathError(arg, p, root, err)
	}
	return f, full, nil
}

// pathError explains a failure of os.Root: a symbolic link (or "..")
// that leads out of the project, a missing file, or another error.
func pathError(arg, p, root string, err error) *api.ToolError {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return api.Errorf(api.CodeNotFound, "%s %q does not exist in the project folder %s", arg, p, root)
	case escapes(err):
		return api.Errorf(api.CodeInvalidParams, "%s %q leads outside the project folder %s through a symbolic link; give a path whose folders and file are inside it", arg, p, root)
	}
	return api.Errorf(api.CodeInvalidParams, "%s %q: %v", arg, p, unwrapPath(err))
}

// escapes reports whether err is os.Root refusing a path that leaves it
// (the error is not exported; its text is stable since Go 1.24).
func escapes(err error) bool {
	return strings.Contains(err.Error(), "path escapes from parent")
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s", pe.Err)
	}
	return err
}
