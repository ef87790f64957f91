package api

import (
	"encoding/json"
	"fmt"
	"time"
)

// EditorState is where an editor's connection stands.
type EditorState string

// Editor states.
const (
	StateConnected    EditorState = "connected"
	StateCompiling    EditorState = "compiling"
	StateReloading    EditorState = "reloading"
	StateDisconnected EditorState = "disconnected"
	// StateReconnecting: the daemon (re)started while this editor's process
	// was running; it is expected to dial again, and calls for it wait.
	StateReconnecting EditorState = "reconnecting"
	// StateBlocked: the editor's process lives and its connection is open,
	// but its main thread does not run — a modal dialog waits for the user
	// (Dialogs names it), or the whole process stopped answering (hung,
	// suspended, stopped in a debugger). Calls fail at once with
	// editor_blocked instead of waiting; the state goes back to connected
	// when the editor answers again.
	StateBlocked EditorState = "blocked"
)

// Busy reports whether the editor is compiling, reloading or coming back.
func (s EditorState) Busy() bool {
	return s == StateCompiling || s == StateReloading || s == StateReconnecting
}

// EditorInfo is what the daemon knows of one project's editor.
type EditorInfo struct {
	ProjectHash    string         `json:"projectHash"`
	ProjectPath    string         `json:"projectPath"`
	DataPath       string         `json:"dataPath"`
	ProductName    string         `json:"productName"`
	UnityVersion   string         `json:"unityVersion"`
	PackageVersion string         `json:"packageVersion"`
	PID            int            `json:"pid"`
	State          EditorState    `json:"state"`
	Simulator      bool           `json:"simulator,omitempty"`
	PlayMode       string         `json:"playMode,omitempty"`
	Tools          []string       `json:"tools"`
	DeclaredTools  []DeclaredTool `json:"declaredTools,omitempty"`
	LastSeen       time.Time      `json:"lastSeen"`
	// Epoch counts the editor's connections: it changes with every domain
	// reload or restart (probe diffs start over).
	Epoch int `json:"epoch"`
	// Dialogs are the modal dialogs of the editor's process the daemon found
	// while the editor is blocked (empty otherwise, and when the OS does not
	// let the daemon see them).
	Dialogs []Dialog `json:"dialogs,omitempty"`
	// Peer is the address the editor's connection came from (host:port, as
	// the daemon's side sees it), "" before a connection: the daemon checks
	// that the process PID names holds that connection before acting on
	// the process (its log file, its dialog windows). Not persisted or sent.
	Peer string `json:"-"`
}

// Dialog is a modal dialog window of an editor's process. Its texts are
// the window's own, which any program on the desktop can write: answers
// quote them as such.
type Dialog struct {
	// Window identifies the dialog's window (an X11 window id, a Windows
	// HWND) for editor_dialog_press; 0 where not known.
	Window uint64 `json:"window,omitempty"`
	Title  string `json:"title"`
	// Message is the dialog's text where the OS exposes it (Windows); X11
	// and macOS do not.
	Message string `json:"message,omitempty"`
	// Buttons are the dialog's button labels where the OS exposes them
	// (Windows); X11 and macOS do not.
	Buttons []string `json:"buttons,omitempty"`
	// Default is the label of the button Return presses (Windows).
	Default string `json:"default,omitempty"`
}

// DialogTitles joins the titles of dialogs for messages: "a", "b" → `"a", "b"`.
// Each is a window's text, which anyone on the desktop can write: it is
// quoted (control characters escaped) and cut to MaxDialogTitle, so that a
// message shows it as quoted text, never as words of its own.
func DialogTitles(ds []Dialog) string {
	var out string
	for i, d := range ds {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%q", Cut(d.Title, MaxDialogTitle))
	}
	return out
}

// Connected reports whether the editor is reachable (or coming back from a
// reload).
func (e EditorInfo) Connected() bool { return e.State != StateDisconnected && e.State != "" }

// DeclaredTool is a tool the editor declares (C# attribute tools).
type DeclaredTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Group       string          `json:"group,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Annotations Annotations     `json:"annotations"`
}
