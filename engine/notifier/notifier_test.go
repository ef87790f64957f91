package notifier

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/state"
)

type recorder struct {
	mu  sync.Mutex
	got []string
}

func (r *recorder) send(title, body string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, title+" | "+body)
	return nil
}

func compileEvent(ok bool, n int) api.Event {
	d, _ := json.Marshal(map[string]any{"success": ok, "errorCount": n,
		"errors": []map[string]any{{"Message": "#error: 'boom'", "File": "Assets/A.cs", "Line": 3}}})
	return api.Event{Type: api.EventCompileFinished, Project: "p1", Data: json.RawMessage(d)}
}

// clock is the notifier's clock in tests: it moves only when told, so the
// windows are what the test says, however busy the machine.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time          { return c.now }
func (c *clock) Advance(d time.Duration) { c.now = c.now.Add(d) }

func newTest(t *testing.T, window time.Duration) (*Notifier, *recorder, *clock) {
	dir, _ := state.At(t.TempDir())
	r := &recorder{}
	c := &clock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	n := New(Options{State: dir, Send: r.send, Window: window, Now: c.Now,
		Editor: func(string) (api.EditorInfo, bool) { return api.EditorInfo{ProductName: "Game"}, true }})
	return n, r, c
}

func TestRules(t *testing.T) {
	t.Parallel()
	n, r, c := newTest(t, time.Millisecond)
	// Handle is synchronous; the clock moves past the 1 ms rate-limit
	// window between the compiles, so each compile notification is due.
	n.Handle(compileEvent(false, 2))
	c.Advance(2 * time.Millisecond)
	n.Handle(compileEvent(true, 0))
	c.Advance(2 * time.Millisecond)
	n.Handle(compileEvent(true, 0)) // still fine: nothing to say
	tests, _ := json.Marshal(map[string]any{"mode": "EditMode", "passed": 2, "failed": 1,
		"failures": []map[string]any{{"name": "Game.Tests.PlayerTests.Jump_IncreasesHeight", "message": "Expected 2 but was 1"}}})
	n.Handle(api.Event{Type: api.EventTestsFinished, Project: "p1", Data: json.RawMessage(tests)})
	n.Handle(api.Event{Type: api.EventReloadRequired, Project: "p1", Data: json.RawMessage(`{"reason":"Scripts changed during Play Mode."}`)})
	n.Handle(api.Event{Type: api.EventEditorConnected, Project: "p1", Data: json.RawMessage(`{"packageVersion":"0.0.1","productName":"Game"}`)})
	want := []string{
		"Compile failed — Game | 2 error(s). First: Assets/A.cs:3 #error: 'boom'",
		"Compile fixed — Game | Scripts compile again.",
		"Tests failed — Game | EditMode: 2 passed, 1 failed. First: Game.Tests.PlayerTests.Jump_IncreasesHeight — Expected 2 but was 1",
		"Reload required — Game | Scripts changed during Play Mode.",
	}
	if len(r.got) < 4 {
		t.Fatalf("got %q", r.got)
	}
	for i, w := range want {
		if r.got[i] != w {
			t.Errorf("notification %d: got %q, want %q", i, r.got[i], w)
		}
	}
	if len(r.got) != 4 {
		t.Errorf("version mismatch rate-limited with the reload kind? got %q", r.got)
	}
}

// A burst of 50 failing compiles gives one notification per window; the
// next one says how many were held back.
func TestBurstIsRateLimited(t *testing.T) {
	t.Parallel()
	n, r, c := newTest(t, 200*time.Millisecond)
	for i := 0; i < 50; i++ {
		n.Handle(compileEvent(false, i+1))
		c.Advance(time.Millisecond) // a burst: all 50 within the window
	}
	if len(r.got) != 1 {
		t.Fatalf("burst gave %d notifications: %q", len(r.got), r.got)
	}
	c.Advance(200 * time.Millisecond) // the window has passed
	n.Handle(compileEvent(false, 99))
	if len(r.got) != 2 || !strings.Contains(r.got[1], "(+49 more held back)") {
		t.Errorf("after the window: %q", r.got)
	}
}

func TestSwitchesPersist(t *testing.T) {
	t.Parallel()
	n, r, _ := newTest(t, time.Millisecond)
	if err := n.SetEnabled(KindCompile, false); err != nil {
		t.Fatal(err)
	}
	n.Handle(compileEvent(false, 1))
	if len(r.got) != 0 {
		t.Errorf("disabled kind notified: %q", r.got)
	}
	again := New(Options{State: n.opt.State, Send: r.send})
	if again.Enabled(KindCompile) || !again.Enabled(KindTests) {
		t.Errorf("config.json not kept")
	}
	if err := n.SetEnabled("nope", true); err == nil {
		t.Error("unknown kind accepted")
	}
}

// A blocked editor's dialog is told once per blocking episode: not again
// while it stays blocked on it, again for another dialog, and again in the
// next episode even with the same title.
func TestDialogOncePerEpisode(t *testing.T) {
	t.Parallel()
	// A window long enough that the repeat filter (six windows) still holds
	// the first text when the next episode starts.
	const window = 100 * time.Millisecond
	n, r, c := newTest(t, window)
	state := func(st api.EditorState, titles ...string) {
		info := api.EditorInfo{State: st, ProductName: "Game"}
		for _, ti := range titles {
			info.Dialogs = append(info.Dialogs, api.Dialog{Title: ti})
		}
		d, _ := json.Marshal(info)
		n.Handle(api.Event{Type: api.EventEditorState, Project: "p1", Data: d})
		c.Advance(window + 10*time.Millisecond) // the rate-limit window passes, as in TestRules
	}
	state(api.StateBlocked, "Save Scene?")
	state(api.StateBlocked, "Save Scene?") // the same episode: nothing new
	state(api.StateConnected)
	state(api.StateBlocked, "Save Scene?") // a new episode
	state(api.StateBlocked)                // no dialog found this time: still the episode
	state(api.StateBlocked, "Save Scene?")
	state(api.StateBlocked, "Import failed")
	want := []string{
		"Unity is waiting on a dialog: Save Scene? | Game: Unity runs nothing until it is answered — dismiss it in the Unity window; calls to this editor fail until then.",
		"Unity is waiting on a dialog: Save Scene? | Game: Unity runs nothing until it is answered — dismiss it in the Unity window; calls to this editor fail until then.",
		"Unity is waiting on a dialog: Import failed | Game: Unity runs nothing until it is answered — dismiss it in the Unity window; calls to this editor fail until then.",
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if strings.Join(r.got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(r.got, "\n"), strings.Join(want, "\n"))
	}
}
