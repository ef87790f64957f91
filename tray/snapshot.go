package tray

import (
	"fmt"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Icon states.
const (
	IconIdle      = "idle"      // no editor connected
	IconConnected = "connected" // editors connected, all well
	IconBusy      = "busy"      // compiling, reloading, reconnecting, running tests, or blocked by a dialog
	IconError     = "error"     // the last compile or test run failed
)

// Snapshot is everything the menu shows; the menu is rebuilt from it.
type Snapshot struct {
	Version       string
	Editors       []EditorRow
	Closed        []api.EditorInfo // projects whose editor is closed ("Open in Unity")
	Notifications map[string]bool
	StartAtLogin  bool
	Err           string // why the daemon cannot be reached, if so
}

// EditorRow is one editor's line.
type EditorRow struct {
	Info       api.EditorInfo
	Errors     int // compile errors at the last compile
	TestsFail  int // failed tests at the last run
	RunningOps int // tray-started calls in flight (tests)
}

// Icon chooses the icon state.
func (s Snapshot) Icon() string {
	if len(s.Editors) == 0 {
		return IconIdle
	}
	state := IconConnected
	for _, e := range s.Editors {
		if e.Errors > 0 || e.TestsFail > 0 {
			return IconError
		}
		if e.Info.State.Busy() || e.Info.State == api.StateBlocked || e.RunningOps > 0 {
			state = IconBusy
		}
	}
	return state
}

// Label is an editor's menu title: name, state and error count.
func (r EditorRow) Label() string {
	name := r.Info.ProductName
	if name == "" {
		name = r.Info.ProjectPath
	}
	l := fmt.Sprintf("%s — %s", name, r.Info.State)
	if b := r.BlockedLine(); b != "" {
		l = name + " — " + strings.ToLower(b[:1]) + b[1:]
	}
	if r.Errors > 0 {
		l += fmt.Sprintf(", %d compile error(s)", r.Errors)
	}
	if r.TestsFail > 0 {
		l += fmt.Sprintf(", %d failing test(s)", r.TestsFail)
	}
	return l
}

// BlockedLine says what a blocked editor waits on: "Blocked by dialog:
// <title>" (the first line of its menu), or that it does not answer at
// all; "" when it is not blocked.
func (r EditorRow) BlockedLine() string {
	if r.Info.State != api.StateBlocked {
		return ""
	}
	if len(r.Info.Dialogs) == 0 {
		return "Not answering (its process runs: hung or suspended?)"
	}
	titles := make([]string, 0, len(r.Info.Dialogs))
	for _, d := range r.Info.Dialogs {
		titles = append(titles, d.Title)
	}
	return "Blocked by dialog: " + strings.Join(titles, ", ")
}

// Tooltip summarises the snapshot.
func (s Snapshot) Tooltip() string {
	if s.Err != "" {
		return "unitymcp: " + s.Err
	}
	switch len(s.Editors) {
	case 0:
		return "unitymcp " + s.Version + ": no Unity editor connected"
	case 1:
		return "unitymcp " + s.Version + ": " + s.Editors[0].Label()
	}
	return fmt.Sprintf("unitymcp %s: %d editors", s.Version, len(s.Editors))
}

// tracker folds events into per-project counters.
type tracker struct {
	errors map[string]int
	fails  map[string]int
}

func newTracker() *tracker { return &tracker{errors: map[string]int{}, fails: map[string]int{}} }

func (t *tracker) apply(ev api.Event) bool {
	switch ev.Type {
	case api.EventCompileFinished:
		var d api.CompileFinished
		ev.Decode(&d)
		t.errors[ev.Project] = d.ErrorCount
	case api.EventTestsFinished:
		var d api.TestsFinished
		ev.Decode(&d)
		t.fails[ev.Project] = d.Failed
	default:
		return ev.Type == api.EventEditorConnected || ev.Type == api.EventEditorDisconnected || ev.Type == api.EventEditorState
	}
	return true
}

func (t *tracker) rows(eds []api.EditorInfo, running map[string]int) []EditorRow {
	rows := make([]EditorRow, 0, len(eds))
	for _, e := range eds {
		rows = append(rows, EditorRow{Info: e, Errors: t.errors[e.ProjectHash], TestsFail: t.fails[e.ProjectHash], RunningOps: running[e.ProjectHash]})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Info.ProjectPath < rows[j].Info.ProjectPath })
	return rows
}
