package installer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/unitymcp/unitymcp/platform"
)

// ServerName is the name of unitymcp's entry in client configs.
const ServerName = "unity"

// ClientRequest is one install/uninstall of a client config.
type ClientRequest struct {
	Client string
	Scope  string // user (default) or project
	// Mode is "" (HTTP where the client can use it at user scope, stdio
	// at project scope), "stdio" or "http".
	Mode   string
	Env    Env
	Server Server
	// StateDir is the state directory: backups go there, and the list of
	// files the installer created.
	StateDir string
}

// ClientResult says what happened.
type ClientResult struct {
	Client  string `json:"client"`
	Path    string `json:"path"`
	Mode    string `json:"mode"` // http or stdio
	Changed bool   `json:"changed"`
	Backup  string `json:"backup,omitempty"`
	// Removed: the uninstall left the file empty, and unitymcp had
	// created it, so it is gone.
	Removed bool   `json:"removed,omitempty"`
	Snippet string `json:"snippet"`
	// Notes are what the user must still do or allow in the client.
	Notes []string `json:"notes,omitempty"`
}

func (r ClientRequest) scope() string {
	if r.Scope == "" {
		return "user"
	}
	return r.Scope
}

func (r ClientRequest) resolve() (Client, string, error) {
	c, ok := FindClient(r.Client)
	if !ok {
		return c, "", fmt.Errorf("unknown client %q; clients: %s", r.Client, strings.Join(ClientNames(), ", "))
	}
	scope := r.scope()
	if scope != "user" && scope != "project" {
		return c, "", fmt.Errorf("--scope must be user or project, not %q", scope)
	}
	path := c.Path(r.Env, scope)
	if path == "" {
		if scope == "project" && r.Env.Project == "" {
			return c, "", fmt.Errorf("--scope project needs --project DIR")
		}
		return c, "", fmt.Errorf("%s has no %s-scope config; use --scope user", c.Title, scope)
	}
	return c, path, nil
}

// entry builds the client's entry and its mode. A project file is one a
// team commits: it holds nothing of one machine — no token (the stdio form,
// or, asked for with Mode http, the HTTP form naming TokenEnv, which the
// client expands), no absolute path of this binary, no per-user setting,
// no hash of this checkout's path (portable).
func (r ClientRequest) entry(c Client) (any, string, error) {
	s := r.Server
	project := r.scope() == "project"
	if project {
		s = portable(s, r.Env.GOOS, r.Env.Project)
	} else if s.Project != "" {
		s.Args = append(slices.Clone(s.Args), "--project", s.Project)
	}
	http := c.HTTP && s.URL != "" && s.Token != "" && !project
	switch r.Mode {
	case "stdio":
		http = false
	case "http":
		switch {
		case !c.HTTP:
			return nil, "", fmt.Errorf("%s has no HTTP entry with headers; leave out --http to write the stdio form", c.Title)
		case project && c.EnvRef == nil:
			return nil, "", fmt.Errorf("%s cannot read the token from an environment variable, and a project file must not hold it; leave out --http (the stdio form needs no token) or use --scope user", c.Title)
		case s.URL == "":
			return nil, "", fmt.Errorf("no daemon URL for the HTTP form; run unitymcp serve once, or leave out --http")
		}
		http = true
	case "":
	default:
		return nil, "", fmt.Errorf("mode must be stdio or http, not %q", r.Mode)
	}
	if http && project {
		s.TokenEnv, s.Token = TokenEnv, c.EnvRef(TokenEnv)
	}
	if http {
		return c.Entry(s, true), "http", nil
	}
	return c.Entry(s, false), "stdio", nil
}

// notes are the result's Notes: the client's gate, the variable a
// project-scope HTTP entry reads the token from, and at project scope what
// this machine needs that the project file leaves out.
func (r ClientRequest) notes(c Client, mode string) []string {
	var out []string
	project := r.scope() == "project"
	if mode == "http" && project {
		tokenPath := "the token file in the state directory"
		if r.StateDir != "" {
			tokenPath = filepath.Join(r.StateDir, "token")
		}
		out = append(out, fmt.Sprintf("the entry reads the token from $%s, which %s needs in its environment: export %s=\"$(cat %s)\"", TokenEnv, c.Title, TokenEnv, tokenPath))
	}
	if project {
		out = append(out, r.machineNotes(c, mode)...)
	} else if mode == "stdio" && len(r.Server.Env) > 0 {
		out = append(out, fmt.Sprintf("the entry sets %s for `unitymcp stdio`: not the default, and some clients (Codex, SDK-based ones) start it with a short fixed environment that would not carry it", envList(r.Server.Env)))
	}
	if c.Gate != nil {
		if g := c.Gate(r.scope(), r.Env); g != "" {
			out = append(out, g)
		}
	}
	return out
}

// render writes entry into doc (nil: a new file) in the client's format.
func render(c Client, doc []byte, entry any) ([]byte, bool, error) {
	if c.Format == "toml" {
		return setTOMLTable(doc, c.Key[0], ServerName, entry.(obj))
	}
	return setMember(doc, c.Key, ServerName, entry)
}

// Snippet renders the entry as the client's config would hold it.
func (r ClientRequest) Snippet() (ClientResult, error) {
	c, path, err := r.resolve()
	if err != nil {
		return ClientResult{}, err
	}
	e, mode, err := r.entry(c)
	if err != nil {
		return ClientResult{}, err
	}
	b, _, err := render(c, nil, e)
	if err != nil {
		return ClientResult{}, err
	}
	return ClientResult{Client: c.Name, Path: path, Mode: mode, Snippet: string(b), Notes: r.notes(c, mode)}, nil
}

// InstallClient writes unitymcp's entry into the client's config.
func InstallClient(r ClientRequest) (ClientResult, error) {
	c, path, err := r.resolve()
	if err != nil {
		return ClientResult{}, err
	}
	e, mode, err := r.entry(c)
	if err != nil {
		return ClientResult{}, err
	}
	res := ClientResult{Client: c.Name, Path: path, Mode: mode, Notes: r.notes(c, mode)}
	file, err := r.file(path)
	if err != nil {
		return res, err
	}
	doc, perm, err := readConfig(file)
	if err != nil {
		return res, err
	}
	base := doc
	if doc == nil && c.Schema != "" {
		base = []byte("{\n  \"$schema\": " + strconv.Quote(c.Schema) + "\n}\n")
	}
	out, changed, err := render(c, base, e)
	if err != nil {
		return res, fmt.Errorf("%s: %w; fix the file by hand or move it away and run again", path, err)
	}
	if mode == "http" && r.scope() == "user" {
		perm = 0o600 // it now holds the token
	}
	st := store{r.StateDir}
	if err := commit(&res, st, file, doc, out, changed, perm); err != nil || !changed || doc == nil || c.Format == "toml" {
		return res, err // a new file is recorded whole (markCreated)
	}
	// The objects the entry needed that the file lacked: an uninstall
	// takes them out again once they hold nothing. Objects that were
	// there without our entry are the user's, whatever an earlier install
	// recorded; with our entry there (a changed entry) the record stands.
	switch k := missingKey(doc, c.Key); {
	case k < len(c.Key):
		return res, st.setMade(file, c.Key[:k+1])
	case missingKey(doc, append(slices.Clone(c.Key), ServerName)) == len(c.Key):
		return res, st.setMade(file, nil)
	}
	return res, nil
}

// UninstallClient removes unitymcp's entry; a file that unitymcp created
// and that holds nothing else then is removed.
func UninstallClient(r ClientRequest) (ClientResult, error) {
	c, path, err := r.resolve()
	if err != nil {
		return ClientResult{}, err
	}
	res := ClientResult{Client: c.Name, Path: path}
	file, err := r.file(path)
	if err != nil {
		return res, err
	}
	doc, perm, err := readConfig(file)
	if err != nil || doc == nil {
		return res, err
	}
	var out []byte
	var changed bool
	if c.Format == "toml" {
		out, changed, err = removeTOMLTable(doc, c.Key[0], ServerName)
	} else {
		out, changed, err = removeMember(doc, c.Key, ServerName)
	}
	if err != nil {
		return res, fmt.Errorf("%s: %w", path, err)
	}
	st := store{r.StateDir}
	made := st.made()[file]
	if changed && made != nil {
		out, _ = removeMade(out, made, c.Key) // the objects the install made, empty again, go too
	}
	if changed && emptyConfig(c, out) {
		created := st.created()
		key := file
		if _, ok := created[key]; !ok {
			key = path // as an earlier version recorded it
		}
		if _, ok := created[key]; ok {
			if res.Backup, err = st.backup(file, doc); err != nil {
				return res, err
			}
			res.Changed = true
			if res.Removed, err = st.removeCreated(key); err != nil {
				return res, err
			}
			return res, st.setMade(file, nil)
		}
	}
	if err := commit(&res, st, file, doc, out, changed, perm); err != nil {
		return res, err
	}
	return res, st.setMade(file, nil) // ours no more, whether they went, hold the user's or our entry was gone
}

// emptyConfig reports whether doc holds nothing but the (empty) objects
// on the way to the client's servers — what a new file holds after an
// uninstall.
func emptyConfig(c Client, doc []byte) bool {
	doc, _ = bytes.CutPrefix(doc, utf8BOM)
	if c.Format == "toml" {
		return len(bytes.TrimSpace(doc)) == 0
	}
	v, err := hujson.Parse(doc)
	if err != nil {
		return false
	}
	if strings.TrimSpace(string(v.BeforeExtra)+string(v.AfterExtra)) != "" {
		return false // a comment
	}
	cur := v
	for depth := 0; ; depth++ {
		o, ok := cur.Value.(*hujson.Object)
		if !ok || strings.TrimSpace(string(o.AfterExtra)) != "" {
			return false
		}
		if depth == 0 && c.Schema != "" { // the client's own "$schema"
			o = &hujson.Object{Members: slices.DeleteFunc(slices.Clone(o.Members), func(m hujson.ObjectMember) bool {
				lit, ok := m.Value.Value.(hujson.Literal)
				return memberName(&m) == "$schema" && ok && lit.String() == c.Schema
			})}
		}
		if len(o.Members) == 0 {
			return true
		}
		if depth == len(c.Key) || len(o.Members) > 1 || memberName(&o.Members[0]) != c.Key[depth] ||
			strings.TrimSpace(string(o.Members[0].Name.BeforeExtra)+string(o.Members[0].Value.BeforeExtra)) != "" {
			return false
		}
		cur = o.Members[0].Value
	}
}

// Configured returns the entry currently in the client's config (standard
// JSON, or the TOML table), "" when there is none.
func Configured(r ClientRequest) (string, string, error) {
	c, path, err := r.resolve()
	if err != nil {
		return "", "", err
	}
	file, err := r.file(path)
	if err != nil {
		return path, "", err
	}
	doc, _, err := readConfig(file)
	if err != nil || doc == nil {
		return path, "", err
	}
	if c.Format == "toml" {
		return path, getTOMLTable(doc, c.Key[0], ServerName), nil
	}
	return path, string(getMember(doc, c.Key, ServerName)), nil
}

// file is the file that reading and writing the config at path reach:
// path itself, or where a link there (or a linked folder on its way) leads,
// so that a config kept in a dotfiles folder and linked into place is
// edited there instead of the link being replaced by a copy. A project's
// config must lead inside the project: a link a cloned repository carries
// to a file elsewhere (the user's own ~/.claude.json, with other servers'
// keys) is refused, never read or written.
func (r ClientRequest) file(path string) (string, error) {
	project := ""
	if r.scope() == "project" {
		project = r.Env.Project
	}
	file, err := linkedFile(path, project)
	if errors.Is(err, errOutside) {
		err = fmt.Errorf("%w: remove the link, or use --scope user", err)
	}
	return file, err
}

// errOutside says a project's file leads out of the project.
var errOutside = errors.New("unitymcp writes a project's files only inside the project")

// linkedFile is where path leads (resolveLinks), which must be inside the
// folder project when one is given.
func linkedFile(path, project string) (string, error) {
	file, err := resolveLinks(path)
	if err != nil || project == "" {
		return file, err
	}
	root, err := filepath.EvalSymlinks(project)
	if err != nil {
		return "", fmt.Errorf("the project %s: %w", project, err)
	}
	if rel, err := filepath.Rel(root, file); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("%s leads to %s, outside the project %s (a link); %w", path, file, root, errOutside)
	}
	return file, nil
}

// resolveLinks resolves the links of path's longest part that exists and
// keeps the rest of it as it is; a link that leads nowhere is an error
// that names it.
func resolveLinks(path string) (string, error) {
	p, rest := filepath.Clean(path), ""
	for {
		r, err := filepath.EvalSymlinks(p)
		switch {
		case err == nil:
			return filepath.Join(r, rest), nil
		case !errors.Is(err, fs.ErrNotExist):
			return "", err
		}
		if fi, lerr := os.Lstat(p); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			to, _ := os.Readlink(p)
			return "", fmt.Errorf("%s is a link to %s, which does not exist: create it, or remove the link, then run again", p, to)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return path, nil
		}
		rest, p = filepath.Join(filepath.Base(p), rest), parent
	}
}

func readConfig(path string) ([]byte, fs.FileMode, error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0o644, nil
	}
	if err != nil {
		return nil, 0, err
	}
	b, err := os.ReadFile(path)
	return b, fi.Mode().Perm(), err
}

// commit writes out atomically when changed: the original goes to the
// state directory's backups first; a new file is recorded as the
// installer's (with the folders made for it).
func commit(res *ClientResult, st store, path string, before, after []byte, changed bool, perm fs.FileMode) error {
	res.Changed = changed
	res.Snippet = string(after)
	if !changed {
		return nil
	}
	var dirs []string
	if before != nil {
		b, err := st.backup(path, before)
		if err != nil {
			return err
		}
		res.Backup = b
	} else {
		dirs = missingDirs(path)
		// A folder made for a file others may read (a project's .vscode/,
		// .cursor/…) is readable like it; one for a secret is not.
		dirPerm := fs.FileMode(0o700)
		if perm&0o044 != 0 {
			dirPerm = 0o755
		}
		if err := os.MkdirAll(filepath.Dir(path), dirPerm); err != nil {
			return err
		}
	}
	if err := platform.WriteFileAtomic(path, after, perm); err != nil {
		return err
	}
	if before == nil {
		return st.markCreated(path, dirs)
	}
	return nil
}

// jsonString is a helper for tests and messages.
func jsonString(v any) string { b, _ := json.Marshal(v); return string(b) }
