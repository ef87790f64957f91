package engine

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// EditorEntry is one editor as list-editors shows it.
type EditorEntry struct {
	// Project is the product name; Name the project folder's name.
	Project      string          `json:"project"`
	Name         string          `json:"name"`
	Path         string          `json:"path"`
	Hash         string          `json:"hash"`
	UnityVersion string          `json:"unityVersion"`
	State        api.EditorState `json:"state"`
	Simulator    bool            `json:"simulator,omitempty"`
	// Pinned marks the editor the calling session is pinned to.
	Pinned bool `json:"pinned,omitempty"`
}

func editorEntries(editors []api.EditorInfo, pinned string) []EditorEntry {
	out := make([]EditorEntry, 0, len(editors))
	for _, ed := range editors {
		out = append(out, EditorEntry{Project: ed.ProductName, Name: filepath.Base(filepath.FromSlash(ed.ProjectPath)),
			Path: ed.ProjectPath, Hash: ed.ProjectHash, UnityVersion: ed.UnityVersion, State: ed.State,
			Simulator: ed.Simulator, Pinned: pinned != "" && ed.ProjectHash == pinned})
	}
	return out
}

// pinnable reports whether a call's session is one client's own, so a pin
// made by select-editor holds for that client only: an MCP session id or
// an X-UnityMCP-Session header, not the shared "rest" or "stateless".
func pinnable(session string) bool {
	return strings.HasPrefix(session, "mcp:") || strings.HasPrefix(session, "hdr:")
}

// pinnedHash is the project a session pinned itself to with select-editor.
func (e *Engine) pinnedHash(session string) string {
	if !pinnable(session) {
		return ""
	}
	h, _ := e.pins.Load(session)
	s, _ := h.(string)
	return s
}

// ForgetSession drops what the engine keeps for a session that ended (its
// select-editor pin).
func (e *Engine) ForgetSession(session string) { e.pins.Delete(session) }

func runListEditors(_ context.Context, c *Call) (any, error) {
	e := c.engine
	pinned := e.pinnedHash(c.Session)
	return map[string]any{"editors": editorEntries(e.Hub.Editors(), pinned), "pinned": pinned}, nil
}

// runSelectEditor pins the calling session to one editor: its later calls
// that name no project go there, as for a session connected with
// ?project= (the tool list stays the session's own).
func runSelectEditor(ctx context.Context, c *Call) (any, error) {
	e := c.engine
	sel, _ := c.Args["project"].(string)
	if !pinnable(c.Session) {
		return nil, api.Errorf(api.CodeInvalidParams, "select-editor pins an MCP session, and this call has none (%s); pass ?project=%s on the request instead, or send an %s header", c.Session, sel, api.SessionHeader)
	}
	t, terr := e.Resolve(ctx, sel, nil)
	if terr != nil {
		return nil, terr
	}
	if t.Info == nil {
		editors := e.Hub.Editors()
		return nil, &api.ToolError{Code: api.CodeUnknownProject, Message: "select-editor: no editor of this daemon has the project " + strings.TrimSpace(sel) +
			"; pass one of the names, paths or hashes list-editors shows. " + editorList(editors), Data: editorsData(editors)}
	}
	e.pins.Store(c.Session, t.Hash)
	ent := editorEntries([]api.EditorInfo{*t.Info}, t.Hash)[0]
	return map[string]any{"pinned": ent, "message": "this session's calls now go to " + t.Info.ProjectPath}, nil
}
