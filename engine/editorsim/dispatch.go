package editorsim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// implemented lists the built-in tools the simulator answers (focus-window
// runs in the daemon itself).
var implemented = []string{"compile", "get-logs", "run-tests", "clear-console", "find-game-objects",
	"get-hierarchy", "execute-dynamic-code", "screenshot", "control-play-mode", "simulate-mouse-ui",
	"simulate-mouse-input", "simulate-keyboard", "reflect_read", "execute_code", "input_pointer", "input_key",
	"input_record", "input_replay", "_script", "_undo", "get-menu-items", "execute-menu-item",
	"console_get_count", "_editor_state"}

// toolFunc runs one tool on the simulated main thread. after, when set,
// runs once the answer is on its way (a reload after a compile).
type toolFunc func(ctx context.Context, s *Sim, call bridge.CallParams) (res any, after func(), err error)

var tools = map[string]toolFunc{
	"compile":              simCompile,
	"get-logs":             simGetLogs,
	"clear-console":        simClearConsole,
	"run-tests":            simRunTests,
	"find-game-objects":    simFindGameObjects,
	"get-hierarchy":        simGetHierarchy,
	"execute-dynamic-code": simExecuteDynamicCode,
	"screenshot":           simScreenshot,
	"control-play-mode":    simControlPlayMode,
	"simulate-mouse-ui":    simMouseUI,
	"simulate-mouse-input": simMouseInput,
	"simulate-keyboard":    simKeyboard,
	"reflect_read":         simReflectRead,
	"execute_code":         simExecuteCode,
	"_script":              simScript,
	"_undo":                simUndo,
	"input_pointer":        simInputPointer,
	"input_key":            simInputKey,
	"input_record":         simInputRecord,
	"input_replay":         simInputReplay,
	"get-menu-items":       simGetMenuItems,
	"execute-menu-item":    simExecuteMenuItem,
	"console_get_count":    simConsoleGetCount,
	"_editor_state":        simEditorState,
	"sim_set":              simSet,
	"sim_select":           simSelect,
}

func (s *Sim) call(ctx context.Context, peer *bridge.Peer, p bridge.CallParams) (any, error) {
	fn := tools[p.Tool]
	if fn == nil {
		return nil, bridge.NewToolError("unknown_tool", "the editor simulator has no tool "+p.Tool)
	}
	n := s.note(p)
	ctx, done := s.begin(ctx, p) // a call/cancel for it, or its deadline, ends ctx
	defer done()
	if s.cfg.CrashAfter > 0 && n == s.cfg.CrashAfter {
		s.log.Info("editorsim: simulating a crash", "call", n)
		s.crash()
		<-ctx.Done()
		return nil, ctx.Err()
	}
	res, after, err := s.onMain(ctx, fn, p)
	var d *deferred
	if errors.As(err, &d) {
		go s.reload([]bridge.Delivery{d.delivery})
		<-ctx.Done() // the connection closes; the answer comes in the next hello
		return nil, ctx.Err()
	}
	s.afterAnswer(after)
	return res, err
}

// note counts call p and records its execution; n is its number.
func (s *Sim) note(p bridge.CallParams) (n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if !s.cfg.NoExecutions {
		if s.executed == nil {
			s.executed = map[string]Execution{}
		}
		ex := s.executed[p.CallID]
		ex.Tool, ex.Count, ex.Last, ex.Session = p.Tool, ex.Count+1, time.Now(), p.Session
		s.executed[p.CallID] = ex
	}
	return s.calls
}

// instant are the tools that answer at once: they never wait (on time, the
// context or the network).
var instant = map[string]bool{"get-logs": true, "clear-console": true, "console_get_count": true,
	"find-game-objects": true, "get-hierarchy": true, "reflect_read": true, "get-menu-items": true,
	"_editor_state": true}

// quickCall answers call p where the connection is read
// (bridge.Peer.SetQuickHandler), as an echo would, when it can at once: an
// instant tool, the main thread free (no tool running, no dialog up), no
// busy main thread or crash simulated. ok false leaves it to call, on a
// goroutine of its own. Unity's package hands every call to its main
// thread; the deployed-shape row of the real package measures that path
// (docs/performance.md).
func (s *Sim) quickCall(p bridge.CallParams) (res any, ok bool, err error) {
	fn := tools[p.Tool]
	if !instant[p.Tool] || fn == nil || s.cfg.Slow > 0 || s.cfg.CrashAfter > 0 || !s.main.TryLock() {
		return nil, false, nil
	}
	defer s.main.Unlock()
	s.note(p)
	res, after, err := fn(context.Background(), s, p)
	s.afterAnswer(after)
	return res, true, err
}

// afterAnswer runs a tool's after work (a reload after a compile) once its
// answer has had time to reach the daemon, as Unity answers compile before
// its domain reload starts.
func (s *Sim) afterAnswer(after func()) {
	if after != nil {
		go func() {
			time.Sleep(20 * time.Millisecond)
			after()
		}()
	}
}

// onMain runs fn on the simulated main thread, after Config.Slow (a busy
// main thread), and gives the thread back even when fn panics: the peer
// answers that call with an error, and the next call must not wait for a
// thread nobody will free.
func (s *Sim) onMain(ctx context.Context, fn toolFunc, p bridge.CallParams) (any, func(), error) {
	s.main.Lock()
	defer s.main.Unlock()
	if s.cfg.Slow > 0 {
		select {
		case <-time.After(s.cfg.Slow):
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
	}
	return fn(ctx, s, p)
}

func args(p bridge.CallParams) argReader { return argReader(p.Arguments) }

// argReader reads checked arguments (the daemon applied defaults).
type argReader map[string]any

func (a argReader) str(k string) string { s, _ := a[k].(string); return s }
func (a argReader) boolean(k string) bool {
	b, _ := a[k].(bool)
	return b
}
func (a argReader) num(k string) float64 {
	switch v := a[k].(type) {
	case float64:
		return v
	case int:
		return float64(v)
	case json.Number:
		f, _ := v.Float64()
		return f
	}
	return 0
}
func (a argReader) has(k string) bool { v, ok := a[k]; return ok && v != nil }

// deferred is returned by a tool whose answer spans a domain reload.
type deferred struct{ delivery bridge.Delivery }

func (*deferred) Error() string { return "answer deferred past a domain reload" }

func jsonMarshal(v any) ([]byte, error) { return json.Marshal(v) }

func mustJSON(v any) json.RawMessage { b, _ := json.Marshal(v); return b }

// toolErr is a tool failure with a code the daemon passes on.
func toolErr(code, format string, a ...any) error {
	return bridge.NewToolError(code, fmt.Sprintf(format, a...))
}

// Execution counts how often a call id reached the simulator.
type Execution struct {
	Tool  string
	Count int
	Last  time.Time // when it last arrived
	// Session is the frame's "session" as it last arrived: the simulator
	// keeps no undo history, so it only records whose call it was.
	Session string
	// Cancelled: a call/cancel for it arrived while it ran (the daemon's
	// caller gave up).
	Cancelled bool
}

// Executions returns, per call id, how many times it was executed (the
// soak test checks that calls that are not idempotent never run twice);
// nothing with Config.NoExecutions.
func (s *Sim) Executions() map[string]Execution {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]Execution, len(s.executed))
	for k, v := range s.executed {
		out[k] = v
	}
	return out
}
