package editorsim

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// tools_diag.go: the editor side of the diagnostics, as the package's
// DiagnosticTools.cs answers them.

// simEditorState is the internal _editor_state: what only the editor knows
// of itself (editor_state and compile_status merge it into the daemon's
// view). The simulator never compiles in the background, imports, or
// loses the focus.
func simEditorState(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	return map[string]any{"isPlaying": st.playing, "isPaused": st.paused, "isCompiling": false, "isUpdating": false,
		"focused": true, "scriptCompilationFailed": st.compileFailed}, nil, nil
}

// simConsoleGetCount is console_get_count: the Console's entries by type,
// all of them or those after a marker an earlier answer gave.
func simConsoleGetCount(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	since := args(call).str("since")
	st := s.st
	st.mu.Lock()
	logs := append([]logEntry(nil), st.logs...)
	st.mu.Unlock()
	from, cleared := 0, false
	if since != "" {
		n, h, ok := parseMarker(since)
		if !ok {
			return nil, nil, toolErr("invalid_params", "since %q is not a marker console_get_count gave; pass the marker of an earlier answer, or leave since out to count every entry", since)
		}
		switch {
		case n == 0:
		case n <= len(logs) && entryHash(logs[n-1]) == h:
			from = n
		default:
			cleared = true // the entry the marker ends on is gone: the Console was cleared since
		}
	}
	counts := map[string]int{}
	for _, l := range logs[from:] {
		counts[l.Type]++
	}
	out := map[string]any{"totalCount": len(logs) - from, "errorCount": counts["Error"], "warningCount": counts["Warning"],
		"logCount": counts["Log"], "marker": marker(logs)}
	if since != "" {
		out["cleared"] = cleared
	}
	return out, nil, nil
}

// A marker is "<entries>-<hash of the last one>" (FNV-1a of its type, a
// newline and its message, 8 hex digits): the count says where counting
// resumes, the hash whether the Console still holds that entry there.
func marker(logs []logEntry) string {
	if len(logs) == 0 {
		return "0-00000000"
	}
	return fmt.Sprintf("%d-%08x", len(logs), entryHash(logs[len(logs)-1]))
}

func entryHash(l logEntry) uint32 {
	h := fnv.New32a()
	h.Write([]byte(l.Type + "\n" + l.Message))
	return h.Sum32()
}

func parseMarker(s string) (int, uint32, bool) {
	a, b, ok := strings.Cut(s, "-")
	n, err1 := strconv.Atoi(a)
	h, err2 := strconv.ParseUint(b, 16, 32)
	if !ok || err1 != nil || err2 != nil || n < 0 || len(b) != 8 {
		return 0, 0, false
	}
	return n, uint32(h), true
}
