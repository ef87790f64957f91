package engine

import (
	"context"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/project"
)

// Target is a resolved project: its hash and, when known, its editor.
type Target struct {
	Hash string
	Info *api.EditorInfo
	// Given is the selector's folder when it was a path (unknown project).
	Given string
}

// Dir is the project's folder when known ("" when only its hash is).
func (t Target) Dir() string {
	if t.Info != nil && t.Info.ProjectPath != "" {
		return filepath.FromSlash(t.Info.ProjectPath)
	}
	return t.Given
}

// ShellQuote quotes a path for a command line when it needs it.
func ShellQuote(s string) string {
	if strings.ContainsAny(s, " \t'\"$`&|;<>()*?[]#~!") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

// Path names the project for messages.
func (t Target) Path() string {
	if t.Info != nil && t.Info.ProjectPath != "" {
		return t.Info.ProjectPath
	}
	if t.Given != "" {
		return t.Given
	}
	return "project " + t.Hash
}

// Resolve turns a project selector (hash, path or name; "" for none) into a
// target. Without a selector: the only connected editor, else the one whose
// project folder holds one of the client's roots, else an error that lists
// the editors and how to pin one.
func (e *Engine) Resolve(ctx context.Context, sel string, roots RootsFunc) (Target, *api.ToolError) {
	sel = strings.TrimSpace(sel)
	// A session pinned by hash (every call through /projects/<hash>/mcp and
	// the stdio stream) or by folder looks up only that editor, so a call's
	// cost does not grow with the editors connected.
	one := func(hash, given string) Target {
		t := Target{Hash: hash, Given: given}
		if info, ok := e.Hub.Editor(hash); ok {
			t.Info = &info
		}
		return t
	}
	if project.IsHash(sel) {
		given, _ := e.pathHints.Load(sel)
		g, _ := given.(string)
		return one(sel, g), nil
	}
	if sel != "" && LooksLikePath(sel) {
		dp, err := project.DataPath(sel)
		if err != nil {
			return Target{}, api.Errorf(api.CodeUnknownProject, "project %q: %v", sel, err)
		}
		h := project.Hash(dp)
		t := one(h, project.Root(dp))
		// Only a Unity project folder is remembered (and its committed
		// definitions watched): a pin of any other folder would add a
		// watch and a definition set for good.
		if st, err := os.Stat(filepath.FromSlash(dp)); (err != nil || !st.IsDir()) && t.Info == nil {
			return Target{}, api.Errorf(api.CodeUnknownProject, "project %q is not a Unity project: %s has no Assets folder; pass the folder that holds Assets and ProjectSettings", sel, project.Root(dp))
		}
		// Remember the folder so messages about a project whose editor
		// never connected can name it, and its committed definitions load.
		if _, known := e.pathHints.LoadOrStore(h, project.Root(dp)); !known {
			e.learnedRoot(h, project.Root(dp))
		}
		return t, nil
	}
	editors := e.Hub.Editors()
	if sel != "" {
		var matches []*api.EditorInfo
		for i := range editors {
			ed := &editors[i]
			if strings.EqualFold(ed.ProductName, sel) || strings.EqualFold(filepath.Base(filepath.FromSlash(ed.ProjectPath)), sel) {
				matches = append(matches, ed)
			}
		}
		switch len(matches) {
		case 1:
			return Target{Hash: matches[0].ProjectHash, Info: matches[0]}, nil
		case 0:
			return Target{}, &api.ToolError{Code: api.CodeUnknownProject, Message: fmt.Sprintf(
				"no known project is named %q; pin a project by its folder path or hash instead (editors_list lists them). %s", sel, EditorList(editors)), Data: EditorsData(editors)}
		default:
			return Target{}, &api.ToolError{Code: api.CodeProjectAmbiguous, Message: fmt.Sprintf(
				"%d projects are named %q; pin one by its folder path or hash (editor_select {project: <path|hash>}). %s", len(matches), sel, EditorList(editors)), Data: EditorsData(editors)}
		}
	}
	var connected []*api.EditorInfo
	for i := range editors {
		if editors[i].Connected() {
			connected = append(connected, &editors[i])
		}
	}
	if len(connected) == 1 {
		return Target{Hash: connected[0].ProjectHash, Info: connected[0]}, nil
	}
	if len(connected) == 0 {
		return Target{}, e.NotConnected(Target{})
	}
	if roots != nil {
		if rs, err := roots(ctx); err == nil {
			for _, r := range rs {
				if ed := matchRoot(connected, r); ed != nil {
					return Target{Hash: ed.ProjectHash, Info: ed}, nil
				}
			}
		}
	}
	return Target{}, &api.ToolError{Code: api.CodeProjectAmbiguous, Message: fmt.Sprintf(
		"%d Unity editors are connected and this session is not pinned to one; call editor_select {project: <name|path|hash>} to pin it (editors_list lists them), or connect with /mcp?project=<hash|path|name> (or `unitymcp stdio --project DIR`). %s",
		len(connected), EditorList(editors)), Data: EditorsData(editors)}
}

// NotConnected is the error for a call whose project has no connected
// editor: what the daemon knows of it and what to do (a daemon tool that
// needs the editor answers it).
func (e *Engine) NotConnected(t Target) *api.ToolError {
	editors := e.Hub.Editors()
	var msg string
	if t.Hash == "" {
		msg = "no Unity editor is connected. Open the project in Unity with the unitymcp package installed (unitymcp install unity --project DIR); it connects to this daemon by itself."
	} else {
		state := "has never connected"
		if t.Info != nil {
			state = "is not connected (state " + string(t.Info.State) + ")"
		}
		msg = fmt.Sprintf("the Unity editor of %s %s. Open the project in Unity with the unitymcp package installed, or pin another project (editor_select, or ?project= / --project).", t.Path(), state)
		if dir := t.Dir(); dir != "" {
			msg += fmt.Sprintf(" To open it: `unitymcp open --project %s`, or the tool call editor_open {\"project\": %q, \"confirm\": true}.", ShellQuote(dir), dir)
		}
	}
	return &api.ToolError{Code: api.CodeEditorNotConnected, Message: msg + " " + EditorList(editors), Data: EditorsData(editors)}
}

// UnknownTool is the unknown_tool error a call of name gets from project
// hash's catalog ("" for a session not pinned to one), nil when the
// catalog has the tool (or had it under that name: catalog.Renamed). An
// MCP front answers it for a tools/call its server does not know, as
// Call would, instead of a bare protocol error.
func (e *Engine) UnknownTool(hash, name string) *api.ToolError {
	snap := e.Snapshot(hash)
	if snap.Lookup(name) != nil {
		return nil
	}
	if e.flushDefinitions() { // a definition written a moment ago (call.go)
		if snap = e.Snapshot(hash); snap.Lookup(name) != nil {
			return nil
		}
	}
	return e.unknownTool(snap, name)
}

func (e *Engine) unknownTool(snap *catalog.Snapshot, name string) *api.ToolError {
	hint := ""
	if n := snap.Suggest(name); n != "" {
		hint = fmt.Sprintf(" Did you mean %q?", n)
	}
	return api.Errorf(api.CodeUnknownTool, "no tool is named %q.%s%s Tools: %s", name, hint, e.rejectedDefinition(name), strings.Join(snap.Names(), ", "))
}

// rejectedDefinition says, for an unknown tool name, that a definition
// file of that name was rejected (in any loaded set), with its first reason.
func (e *Engine) rejectedDefinition(name string) string {
	e.defs.mu.Lock()
	defer e.defs.mu.Unlock()
	for _, h := range slices.Sorted(maps.Keys(e.defs.sets)) {
		if r := e.defs.sets[h].RejectedNamed(name); r != nil && len(r.Reasons) > 0 {
			return fmt.Sprintf(" Its definition %s was rejected: %s (definitions_list has every reason).", filepath.ToSlash(r.File), r.Reasons[0])
		}
	}
	return ""
}

// EditorRef is how routing errors name an editor: enough to pick one with
// editor_select, never its tool schemas.
type EditorRef struct {
	Name  string          `json:"name"`
	Path  string          `json:"path"`
	Hash  string          `json:"hash"`
	State api.EditorState `json:"state"`
}

// EditorsData is the data of a routing error: the editors, short.
func EditorsData(editors []api.EditorInfo) map[string]any {
	refs := make([]EditorRef, 0, len(editors))
	for _, ed := range editors {
		refs = append(refs, EditorRef{Name: ed.ProductName, Path: ed.ProjectPath, Hash: ed.ProjectHash, State: ed.State})
	}
	return map[string]any{"editors": refs}
}

// EditorList describes the connected editors for error messages.
func EditorList(editors []api.EditorInfo) string {
	var b strings.Builder
	n := 0
	for _, ed := range editors {
		if !ed.Connected() {
			continue
		}
		if n == 0 {
			b.WriteString("Connected editors:")
		}
		n++
		kind := "Unity " + ed.UnityVersion
		if ed.Simulator {
			kind = "editor simulator"
		}
		fmt.Fprintf(&b, " %q (%s, hash %s, %s, %s);", ed.ProductName, ed.ProjectPath, ed.ProjectHash, kind, ed.State)
	}
	if n == 0 {
		return "No editor is connected now."
	}
	return strings.TrimSuffix(b.String(), ";") + "."
}

// LooksLikePath reports whether a project selector is a folder path rather
// than a name or hash.
func LooksLikePath(s string) bool {
	if strings.ContainsAny(s, `/\`) || s == "." || s == ".." || strings.HasPrefix(s, "~") || filepath.IsAbs(s) {
		return true
	}
	fi, err := os.Stat(s)
	return err == nil && fi.IsDir()
}

// matchRoot finds the editor whose project folder holds root (a file:// URI
// or a path), or which root holds.
func matchRoot(editors []*api.EditorInfo, root string) *api.EditorInfo {
	if u, err := url.Parse(root); err == nil && u.Scheme == "file" {
		root = u.Path
	}
	r := strings.TrimRight(filepath.ToSlash(filepath.Clean(root)), "/")
	for _, ed := range editors {
		p := strings.TrimRight(ed.ProjectPath, "/")
		if r == p || strings.HasPrefix(r, p+"/") || strings.HasPrefix(p, r+"/") {
			return ed
		}
	}
	return nil
}
