package api

import (
	"encoding/json"
	"time"
)

// Event types an editor emits (bridge protocol).
const (
	EventCompileStarted  = "compile.started"
	EventCompileFinished = "compile.finished"
	EventTestsFinished   = "tests.finished"
	EventReloadStarting  = "reload.starting"
	EventPlayModeChanged = "playmode.changed"
	EventReloadRequired  = "reload.required"
	EventQuitting        = "quitting"
)

// Event types the daemon itself publishes.
const (
	EventEditorConnected    = "editor.connected"    // data: EditorInfo
	EventEditorDisconnected = "editor.disconnected" // data: EditorInfo
	EventEditorState        = "editor.state"        // data: EditorInfo
	EventCatalogChanged     = "catalog.changed"
	EventDefinitionsChanged = "definitions.changed" // data: DefinitionsChanged
)

// Event is one event as GET /events streams it (SSE "event: <type>",
// "data: <this as JSON>").
type Event struct {
	Type    string          `json:"type"`
	Project string          `json:"project,omitempty"`
	Time    time.Time       `json:"time"`
	Data    json.RawMessage `json:"data,omitempty"`
}

// Decode reads the event's data into v.
func (e Event) Decode(v any) error {
	if len(e.Data) == 0 {
		return nil
	}
	return json.Unmarshal(e.Data, v)
}

// Diagnostic is one compiler message of compile.finished.
type Diagnostic struct {
	Message string `json:"Message"`
	File    string `json:"File"`
	Line    int    `json:"Line"`
}

// CompileFinished is the data of compile.finished.
type CompileFinished struct {
	Success      bool         `json:"success"`
	ErrorCount   int          `json:"errorCount"`
	WarningCount int          `json:"warningCount"`
	Errors       []Diagnostic `json:"errors"`
	Warnings     []Diagnostic `json:"warnings"`
	// Truncated is true when the daemon cut lists or texts (the counts are
	// the editor's).
	Truncated bool `json:"truncated,omitempty"`
}

// TestFailure is one failed test of tests.finished.
type TestFailure struct {
	Name    string `json:"name"`
	Message string `json:"message"`
}

// TestsFinished is the data of tests.finished.
type TestsFinished struct {
	Mode     string        `json:"mode"`
	Passed   int           `json:"passed"`
	Failed   int           `json:"failed"`
	Skipped  int           `json:"skipped"`
	Failures []TestFailure `json:"failures"`
	// Truncated is true when the daemon cut the list or its texts (the
	// counts are the editor's).
	Truncated bool `json:"truncated,omitempty"`
}

// ReloadRequired is the data of reload.required.
type ReloadRequired struct {
	Reason string `json:"reason"`
}

// PlayModeChanged is the data of playmode.changed.
type PlayModeChanged struct {
	State string `json:"state"`
}

// DefinitionsChanged is the data of definitions.changed.
type DefinitionsChanged struct {
	Loaded   int      `json:"loaded"`
	Rejected int      `json:"rejected"`
	Folders  []string `json:"folders"`
}
