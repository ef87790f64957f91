package bridge

import (
	"encoding/json"
	"fmt"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Everything an editor sends that the daemon keeps — its hello, the data
// of its events — is bounded here, where it enters: whoever holds the token
// can speak the bridge protocol, and a frame may be 32 MiB. Strings are cut
// (api.Cut), lists are shortened, and what cannot be cut without changing its
// meaning (a data path, whose hash names the project; a tool's schema) is
// refused. The hub also keeps at most Options.MaxProjects editors
// (hub_forget.go), so the daemon's memory stays bounded whatever editors
// say.
const (
	MaxPathBytes    = 4096 // projectPath, dataPath: refused beyond
	MaxProductBytes = 256  // productName
	MaxVersionBytes = 64   // unityVersion, packageVersion
	MaxPlayMode     = 32   // playmode.changed state
	MaxEventType    = 64   // an event's type: the event is ignored beyond
	// MaxEventData bounds the data of an event that is not re-encoded
	// below (reload.required, and types the daemon does not know): beyond
	// it the data is replaced by {"truncated":<bytes>}.
	MaxEventData = 64 << 10
	// MaxHelloTools bounds the built-in tool names a hello lists.
	MaxHelloTools = 1024
	// MaxDiagnostics bounds the errors and the warnings a kept compile
	// result lists (each), MaxTestFailures a test run's failures; the
	// counts say how many there were.
	MaxDiagnostics  = 100
	MaxTestFailures = 100
	// MaxDiagnosticText bounds one compiler message, test name or failure
	// message; MaxFileBytes a diagnostic's file.
	MaxDiagnosticText = 2048
	MaxFileBytes      = 1024
)

// boundHello refuses a hello whose paths are too long and cuts or drops the
// rest of what it carries beyond the bounds.
func boundHello(h *Hello) *RPCError {
	for _, p := range []struct{ name, v string }{{"dataPath", h.DataPath}, {"projectPath", h.ProjectPath}} {
		if len(p.v) > MaxPathBytes {
			return &RPCError{Code: RPCInvalidParams, Message: fmt.Sprintf("hello: %s of %d bytes is over the limit of %d bytes", p.name, len(p.v), MaxPathBytes)}
		}
	}
	h.ProductName = api.Cut(h.ProductName, MaxProductBytes)
	h.UnityVersion = api.Cut(h.UnityVersion, MaxVersionBytes)
	h.PackageVersion = api.Cut(h.PackageVersion, MaxVersionBytes)
	tools := h.Tools[:0]
	for _, t := range h.Tools {
		if len(tools) < MaxHelloTools && t != "" && len(t) <= api.MaxToolName {
			tools = append(tools, t)
		}
	}
	h.Tools = tools
	h.DeclaredTools = api.BoundDeclared(h.DeclaredTools)
	return nil
}

// boundEvent bounds an event's data before anything keeps or forwards it;
// false: the event is ignored (a type too long to be one).
func boundEvent(ev *Event) bool {
	if len(ev.Type) > MaxEventType {
		return false
	}
	switch ev.Type {
	case EventConsole:
		// Parsed and cut entry by entry by engine/console; only
		// the kept entries stay.
	case api.EventCompileFinished:
		ev.Data = boundCompile(ev.Data)
	case api.EventTestsFinished:
		ev.Data = boundTests(ev.Data)
	default:
		if len(ev.Data) > MaxEventData {
			ev.Data = json.RawMessage(fmt.Sprintf(`{"truncated":%d}`, len(ev.Data)))
		}
	}
	return true
}

// boundCompile re-encodes compile.finished with at most MaxDiagnostics
// errors and warnings and their texts cut; data that is not such an
// object becomes {}.
func boundCompile(data json.RawMessage) json.RawMessage {
	var c api.CompileFinished
	if len(data) == 0 || json.Unmarshal(data, &c) != nil {
		return json.RawMessage("{}")
	}
	if c.ErrorCount < len(c.Errors) {
		c.ErrorCount = len(c.Errors)
	}
	if c.WarningCount < len(c.Warnings) {
		c.WarningCount = len(c.Warnings)
	}
	var cutE, cutW bool
	c.Errors, cutE = boundDiagnostics(c.Errors)
	c.Warnings, cutW = boundDiagnostics(c.Warnings)
	c.Truncated = c.Truncated || cutE || cutW
	b, _ := json.Marshal(c)
	return b
}

func boundDiagnostics(ds []api.Diagnostic) ([]api.Diagnostic, bool) {
	cut := len(ds) > MaxDiagnostics
	if cut {
		ds = ds[:MaxDiagnostics]
	}
	out := make([]api.Diagnostic, len(ds))
	for i, d := range ds {
		m, f := api.Cut(d.Message, MaxDiagnosticText), api.Cut(d.File, MaxFileBytes)
		cut = cut || m != d.Message || f != d.File
		out[i] = api.Diagnostic{Message: m, File: f, Line: d.Line}
	}
	return out, cut
}

// boundTests re-encodes tests.finished with at most MaxTestFailures
// failures and their texts cut.
func boundTests(data json.RawMessage) json.RawMessage {
	var t api.TestsFinished
	if len(data) == 0 || json.Unmarshal(data, &t) != nil {
		return json.RawMessage("{}")
	}
	t.Mode = api.Cut(t.Mode, MaxPlayMode)
	if len(t.Failures) > MaxTestFailures {
		t.Failures, t.Truncated = t.Failures[:MaxTestFailures], true
	}
	for i, f := range t.Failures {
		n, m := api.Cut(f.Name, MaxDiagnosticText), api.Cut(f.Message, MaxDiagnosticText)
		t.Truncated = t.Truncated || n != f.Name || m != f.Message
		t.Failures[i] = api.TestFailure{Name: n, Message: m}
	}
	b, _ := json.Marshal(t)
	return b
}
