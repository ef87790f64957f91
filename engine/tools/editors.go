package tools

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
)

// editors_list and editor_select: which editors the daemon knows, and
// pinning a session to one of them (the pin itself is the engine's:
// Engine.PinSession, Call.TransportPin, Call.Repin).

// EditorEntry is one editor as editors_list shows it.
type EditorEntry struct {
	// Project is the product name; Name the project folder's name.
	Project      string          `json:"project"`
	Name         string          `json:"name"`
	Path         string          `json:"path"`
	Hash         string          `json:"hash"`
	UnityVersion string          `json:"unity_version"`
	State        api.EditorState `json:"state"`
	// Dialogs are the modal dialogs a blocked editor waits on.
	Dialogs   []api.Dialog `json:"dialogs,omitempty"`
	Simulator bool         `json:"simulator,omitempty"`
	// Pinned marks the editor the calling session is pinned to.
	Pinned bool `json:"pinned,omitempty"`
}

func editorEntries(editors []api.EditorInfo, pinned string) []EditorEntry {
	out := make([]EditorEntry, 0, len(editors))
	for _, ed := range editors {
		out = append(out, EditorEntry{Project: ed.ProductName, Name: filepath.Base(filepath.FromSlash(ed.ProjectPath)),
			Path: ed.ProjectPath, Hash: ed.ProjectHash, UnityVersion: ed.UnityVersion, State: ed.State, Dialogs: ed.Dialogs,
			Simulator: ed.Simulator, Pinned: pinned != "" && ed.ProjectHash == pinned})
	}
	return out
}

func runListEditors(_ context.Context, c *engine.Call) (any, error) {
	e := c.Engine()
	pinned := c.TransportPin() // by the session's URL or stdio project
	if pinned == "" {
		pinned = e.SessionPin(c.Session)
	}
	return map[string]any{"editors": editorEntries(e.Hub.Editors(), pinned), "pinned": pinned}, nil
}

// runSelectEditor pins the calling session to one editor: its later calls
// that name no project go there, as for a session connected with
// ?project= (the tool list stays the session's own). A session pinned by
// its transport moves (a stdio stream: Request.Repin) or, pinned by its
// URL, is refused with what to do instead.
func runSelectEditor(ctx context.Context, c *engine.Call) (any, error) {
	e := c.Engine()
	sel, _ := c.Args["project"].(string)
	if !engine.Pinnable(c.Session) {
		return nil, api.Errorf(api.CodeInvalidParams, "editor_select pins an MCP session, and this call has none (%s); pass ?project=%s on the request instead, or send an %s header", c.Session, sel, api.SessionHeader)
	}
	t, terr := e.Resolve(ctx, sel, nil)
	if terr != nil {
		return nil, terr
	}
	if t.Info == nil {
		editors := e.Hub.Editors()
		return nil, &api.ToolError{Code: api.CodeUnknownProject, Message: "editor_select: no editor of this daemon has the project " + strings.TrimSpace(sel) +
			"; pass one of the names, paths or hashes editors_list shows. " + engine.EditorList(editors), Data: engine.EditorsData(editors)}
	}
	pinned, repin := c.TransportPin(), c.Repin()
	switch {
	case pinned == "":
		e.PinSession(c.Session, t.Hash)
	case repin == nil && pinned != t.Hash:
		return nil, api.Errorf(api.CodeSessionPinned, "this session is pinned to project %s by its URL (%s), and its calls cannot move; connect to %s for %s, or to the unpinned endpoint and call editor_select there",
			pinned, e.MCPURL(pinned), e.MCPURL(t.Hash), t.Info.ProjectPath)
	case repin != nil:
		if err := repin(t.Hash); err != nil {
			return nil, err
		}
	}
	ent := editorEntries([]api.EditorInfo{*t.Info}, t.Hash)[0]
	return map[string]any{"pinned": ent, "message": "this session's calls now go to " + t.Info.ProjectPath}, nil
}
