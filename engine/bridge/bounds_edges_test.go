package bridge

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// helloAs says hello on a new connection with h and returns the answer.
func (x *harness) helloAs(h Hello) (HelloResult, error) {
	x.t.Helper()
	return x.helloOn(x.connect(), h)
}

// helloOn says hello on c with h and returns the answer, once sent.
func (x *harness) helloOn(c *fakeConn, h Hello) (HelloResult, error) {
	x.t.Helper()
	h.Protocol = ProtocolVersion
	params, _ := json.Marshal(h)
	res, err := x.hub.request(c.l, MethodHello, params)
	if err != nil {
		return HelloResult{}, err
	}
	r := res.(helloReply)
	r.afterReply()
	return r.HelloResult, nil
}

// A hello is taken up to its bounds exactly: paths of MaxPathBytes are
// accepted and one byte more is refused naming the limit; tool names of
// api.MaxToolName bytes are kept and longer or empty ones dropped, up to
// MaxHelloTools of them.
func TestHelloAtItsBounds(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	path := func(n int) string { return "/" + strings.Repeat("p", n-len("/Assets")-1) + "/Assets" }
	if _, err := x.helloAs(Hello{DataPath: path(MaxPathBytes)}); err != nil {
		t.Errorf("a dataPath of %d bytes: %v", MaxPathBytes, err)
	}
	if _, err := x.helloAs(Hello{DataPath: path(MaxPathBytes + 1)}); err == nil || !strings.Contains(err.Error(), "dataPath of 4097 bytes is over the limit of 4096 bytes") {
		t.Errorf("a dataPath of %d bytes: %v, want refused", MaxPathBytes+1, err)
	}
	if _, err := x.helloAs(Hello{DataPath: "/q/Assets", ProjectPath: path(MaxPathBytes)}); err != nil {
		t.Errorf("a projectPath of %d bytes: %v", MaxPathBytes, err)
	}
	if _, err := x.helloAs(Hello{DataPath: "/q/Assets", ProjectPath: path(MaxPathBytes + 1)}); err == nil || !strings.Contains(err.Error(), "projectPath of 4097 bytes") {
		t.Errorf("a projectPath of %d bytes: %v, want refused", MaxPathBytes+1, err)
	}

	longest, over := strings.Repeat("t", api.MaxToolName), strings.Repeat("t", api.MaxToolName+1)
	tools := []string{"get-logs", "", over, longest}
	for i := len(tools); i < MaxHelloTools+10; i++ {
		tools = append(tools, fmt.Sprintf("tool_%d", i))
	}
	res, err := x.helloAs(Hello{DataPath: "/r/Assets", Tools: tools})
	if err != nil {
		t.Fatal(err)
	}
	info, _ := x.hub.Editor(res.ProjectHash)
	if len(info.Tools) != MaxHelloTools || info.Tools[0] != "get-logs" || info.Tools[1] != longest || info.Tools[2] != "tool_4" {
		t.Errorf("kept %d tools starting %.40q, want %d: get-logs, the %d-byte name, tool_4…", len(info.Tools), info.Tools[:3], MaxHelloTools, api.MaxToolName)
	}
}

// eventSink records what the hub passes on of the editor's events.
type eventSink struct {
	mu  sync.Mutex
	got []Event
}

func (s *eventSink) options(o Options) Options {
	o.OnEvent = func(_ string, ev Event) { s.mu.Lock(); s.got = append(s.got, ev); s.mu.Unlock() }
	return o
}

// last is the data of the last event passed on ("" when none since the
// previous call).
func (s *eventSink) last() (string, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.got) == 0 {
		return "", ""
	}
	ev := s.got[len(s.got)-1]
	s.got = nil
	return ev.Type, string(ev.Data)
}

// Event data is bounded where it enters: an event type of MaxEventType
// bytes passes and a longer one is ignored; other data up to MaxEventData
// passes as is, beyond it only its size; a compile result keeps at most
// MaxDiagnostics errors and warnings and a test run MaxTestFailures
// failures, texts cut at their bounds, counts never below what is listed,
// and "truncated" says whether anything was cut.
func TestEventsAtTheirBounds(t *testing.T) {
	sink := &eventSink{}
	x := newHarness(t, sink.options(Options{Heartbeat: time.Hour}))
	c := x.dial()
	send := func(typ string, data any) (string, string) {
		t.Helper()
		x.event(c, typ, data)
		return sink.last()
	}
	if typ, _ := send(strings.Repeat("e", MaxEventType), map[string]int{"n": 1}); typ == "" {
		t.Errorf("an event type of %d bytes was ignored", MaxEventType)
	}
	if typ, _ := send(strings.Repeat("e", MaxEventType+1), map[string]int{"n": 1}); typ != "" {
		t.Errorf("an event type of %d bytes was passed on", MaxEventType+1)
	}
	blob := func(n int) json.RawMessage { return json.RawMessage(`"` + strings.Repeat("d", n-2) + `"`) }
	if _, data := send("reload.required", blob(MaxEventData)); len(data) != MaxEventData {
		t.Errorf("data of %d bytes became %.40s", MaxEventData, data)
	}
	if _, data := send("reload.required", blob(MaxEventData+1)); data != fmt.Sprintf(`{"truncated":%d}`, MaxEventData+1) {
		t.Errorf("data of %d bytes became %.40s", MaxEventData+1, data)
	}

	diags := func(n int, msg, file string) []api.Diagnostic {
		var ds []api.Diagnostic
		for i := 0; i < n; i++ {
			ds = append(ds, api.Diagnostic{Message: msg, File: file, Line: i + 1})
		}
		return ds
	}
	fits, cut := strings.Repeat("m", MaxDiagnosticText), strings.Repeat("m", MaxDiagnosticText+1)
	file, longFile := strings.Repeat("f", MaxFileBytes), strings.Repeat("f", MaxFileBytes+1)
	for _, c := range []struct {
		name string
		in   api.CompileFinished
		want func(api.CompileFinished) string // "" when right
	}{
		{"at the bounds", api.CompileFinished{ErrorCount: 1, Errors: diags(MaxDiagnostics, fits, file), WarningCount: 500, Warnings: diags(MaxDiagnostics, "w", "")},
			func(g api.CompileFinished) string {
				if len(g.Errors) != MaxDiagnostics || g.Errors[0].Message != fits || g.Errors[0].File != file || g.ErrorCount != MaxDiagnostics || g.WarningCount != 500 || g.Truncated {
					return fmt.Sprintf("%d errors, counts %d/%d, truncated %v", len(g.Errors), g.ErrorCount, g.WarningCount, g.Truncated)
				}
				return ""
			}},
		{"one error too many", api.CompileFinished{Errors: diags(MaxDiagnostics+1, "e", "")},
			func(g api.CompileFinished) string {
				if len(g.Errors) != MaxDiagnostics || g.ErrorCount != MaxDiagnostics+1 || !g.Truncated {
					return fmt.Sprintf("%d errors, count %d, truncated %v", len(g.Errors), g.ErrorCount, g.Truncated)
				}
				return ""
			}},
		{"one warning too many", api.CompileFinished{Warnings: diags(MaxDiagnostics+1, "w", "")},
			func(g api.CompileFinished) string {
				if len(g.Warnings) != MaxDiagnostics || g.WarningCount != MaxDiagnostics+1 || !g.Truncated {
					return fmt.Sprintf("%d warnings, count %d, truncated %v", len(g.Warnings), g.WarningCount, g.Truncated)
				}
				return ""
			}},
		{"a message too long", api.CompileFinished{Errors: diags(1, cut, "")},
			func(g api.CompileFinished) string {
				if len(g.Errors) != 1 || g.Errors[0].Message != api.Cut(cut, MaxDiagnosticText) || !g.Truncated {
					return fmt.Sprintf("%d errors, truncated %v", len(g.Errors), g.Truncated)
				}
				return ""
			}},
		{"a file too long", api.CompileFinished{Warnings: diags(1, "w", longFile)},
			func(g api.CompileFinished) string {
				if len(g.Warnings) != 1 || g.Warnings[0].File != api.Cut(longFile, MaxFileBytes) || !g.Truncated {
					return fmt.Sprintf("%d warnings, truncated %v", len(g.Warnings), g.Truncated)
				}
				return ""
			}},
	} {
		_, data := send(api.EventCompileFinished, c.in)
		var got api.CompileFinished
		if err := json.Unmarshal([]byte(data), &got); err != nil {
			t.Fatalf("%s: %v in %.80s", c.name, err, data)
		}
		if why := c.want(got); why != "" {
			t.Errorf("compile.finished, %s: %s", c.name, why)
		}
	}
	for _, bad := range []any{"text", []int{1}} {
		if _, data := send(api.EventCompileFinished, bad); data != "{}" {
			t.Errorf("compile.finished data %v became %.80s, want {}", bad, data)
		}
		if _, data := send(api.EventTestsFinished, bad); data != "{}" {
			t.Errorf("tests.finished data %v became %.80s, want {}", bad, data)
		}
	}

	failures := func(n int, name, msg string) []api.TestFailure {
		var fs []api.TestFailure
		for i := 0; i < n; i++ {
			fs = append(fs, api.TestFailure{Name: name, Message: msg})
		}
		return fs
	}
	for _, c := range []struct {
		name      string
		in        api.TestsFinished
		n         int
		truncated bool
	}{
		{"at the bounds", api.TestsFinished{Mode: strings.Repeat("M", MaxPlayMode), Failed: 100, Failures: failures(MaxTestFailures, fits, fits)}, MaxTestFailures, false},
		{"one failure too many", api.TestsFinished{Failed: 101, Failures: failures(MaxTestFailures+1, "n", "m")}, MaxTestFailures, true},
		{"a name too long", api.TestsFinished{Failures: failures(1, cut, "m")}, 1, true},
		{"a message too long", api.TestsFinished{Failures: failures(1, "n", cut)}, 1, true},
	} {
		_, data := send(api.EventTestsFinished, c.in)
		var got api.TestsFinished
		if err := json.Unmarshal([]byte(data), &got); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(got.Failures) != c.n || got.Truncated != c.truncated || got.Failed != c.in.Failed || got.Mode != c.in.Mode {
			t.Errorf("tests.finished, %s: %d failures, failed %d, mode %q, truncated %v; want %d, %d, %q, %v",
				c.name, len(got.Failures), got.Failed, got.Mode, got.Truncated, c.n, c.in.Failed, c.in.Mode, c.truncated)
		}
	}
}
