package editorsim

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

var lineDirective = regexp.MustCompile(`^#line (\d+) "(.*)"$`)

// simScript "compiles" a wrapped definition script the simulated way: each
// "#error MSG" line is an error, reported at the line of the user's file
// (following the wrapper's #line directive). It caches by hash, as the
// Unity package caches assemblies.
func simScript(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	src, hash := a.str("source"), a.str("hash")
	file, line, inUser := "", 0, false
	var diags []map[string]any
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		if m := lineDirective.FindStringSubmatch(t); m != nil {
			n, _ := strconv.Atoi(m[1])
			file, line, inUser = m[2], n-1, true
			continue
		}
		if t == "#line default" {
			inUser = false
			continue
		}
		if inUser {
			line++
			if m, ok := strings.CutPrefix(t, "#error"); ok {
				diags = append(diags, map[string]any{"File": file, "Line": line, "Column": strings.Index(l, "#error") + 1,
					"ErrorCode": "CS1029", "Message": "#error: '" + strings.TrimSpace(m) + "'"})
			}
		}
	}
	if len(diags) > 0 {
		return nil, nil, &bridge.RPCError{Code: bridge.RPCToolError,
			Message: fmt.Sprintf("%s: %d compile error(s); first: %s(%v): %s", a.str("name"), len(diags), file, diags[0]["Line"], diags[0]["Message"]),
			Data:    mustJSON(map[string]any{"code": "script_compile_error", "diagnostics": diags, "file": file})}
	}
	s.mu.Lock()
	if s.assemblies == nil {
		s.assemblies = map[string]bool{}
	}
	cached := s.assemblies[hash]
	s.assemblies[hash] = true
	n := len(s.assemblies)
	s.mu.Unlock()
	return map[string]any{"output": "", "returnValue": fmt.Sprintf("editor simulator: script %s compiled (assembly %s, cached: %v); no C# runs in the simulator", a.str("name"), hash, cached),
		"cached": cached, "assemblies": n, "simulator": true}, nil, nil
}

func simUndo(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	switch a.str("action") {
	case "begin":
		st.undoGroups++
		st.log("Log", fmt.Sprintf("Undo group %d '%s' started", st.undoGroups, a.str("name")), "")
		return map[string]any{"group": st.undoGroups}, nil, nil
	case "end":
		st.log("Log", fmt.Sprintf("Undo group %v collapsed into one step", a.num("group")), "")
		return map[string]any{"collapsed": true}, nil, nil
	}
	return nil, nil, toolErr("invalid_params", "_undo action must be begin or end")
}

func simExecuteCode(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	return nil, nil, toolErr("not_supported", "the editor simulator cannot run C# code; run this against a real Unity Editor")
}
