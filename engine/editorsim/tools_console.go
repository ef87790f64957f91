package editorsim

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

func simGetLogs(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	typ, search := a.str("LogType"), a.str("SearchText")
	maxCount := int(a.num("MaxCount"))
	useRegex, inStack, withStack := a.boolean("UseRegex"), a.boolean("SearchInStackTrace"), a.boolean("IncludeStackTrace")
	var re *regexp.Regexp
	if useRegex && search != "" {
		var err error
		if re, err = regexp.Compile(search); err != nil {
			return nil, nil, toolErr("invalid_params", "SearchText is not a valid regular expression: %v", err)
		}
	}
	match := func(text string) bool {
		if search == "" {
			return true
		}
		if re != nil {
			return re.MatchString(text)
		}
		return strings.Contains(strings.ToLower(text), strings.ToLower(search))
	}
	s.st.mu.Lock()
	var hits []logEntry
	for _, l := range s.st.logs {
		if typ != "All" && l.Type != typ {
			continue
		}
		if match(l.Message) || (inStack && match(l.StackTrace)) {
			hits = append(hits, l)
		}
	}
	s.st.mu.Unlock()
	total := len(hits)
	if maxCount >= 0 && len(hits) > maxCount {
		hits = hits[len(hits)-maxCount:] // the most recent ones
	}
	logs := make([]logLine, 0, len(hits))
	for _, l := range hits {
		e := logLine{Type: l.Type, Message: l.Message}
		if withStack {
			e.StackTrace = l.StackTrace
		}
		logs = append(logs, e)
	}
	return logsResult{TotalCount: total, DisplayedCount: len(logs), LogType: typ, MaxCount: maxCount,
		SearchText: search, IncludeStackTrace: withStack, Logs: logs}, nil, nil
}

// logsResult is get-logs' answer, its members in the order the package
// writes them (ConsoleTools.cs).
type logsResult struct {
	TotalCount        int
	DisplayedCount    int
	LogType           string
	MaxCount          int
	SearchText        string
	IncludeStackTrace bool
	Logs              []logLine
}

// logLine is one entry of get-logs' answer.
type logLine struct{ Type, Message, StackTrace string }

func simClearConsole(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	st := s.st
	st.mu.Lock()
	counts := map[string]int{"Error": 0, "Warning": 0, "Log": 0}
	for _, l := range st.logs {
		counts[l.Type]++
	}
	n := len(st.logs)
	st.logs = nil
	s.consoleCleared()
	if args(call).boolean("AddConfirmationMessage") {
		st.log("Log", "Console cleared by unitymcp", "")
	}
	st.mu.Unlock()
	return map[string]any{"Success": true, "ClearedLogCount": n,
		"ClearedCounts": map[string]int{"ErrorCount": counts["Error"], "WarningCount": counts["Warning"], "LogCount": counts["Log"]},
		"Message":       "Cleared " + itoa(n) + " log(s) from the console (editor simulator)", "ErrorMessage": ""}, nil, nil
}

// Console forwarding, as the package does it: every entry logged is queued
// and sent to the daemon in console.entries batches (bridge.ConsoleBatch)
// a moment later, at most bridge.MaxConsoleBatch an event; while the
// simulator is not connected the queue waits (bounded, counting what it
// drops).

// consoleFlushDelay is how long an entry waits for others to share its batch.
const consoleFlushDelay = 20 * time.Millisecond

// maxConsoleQueued bounds the entries waiting to be sent.
const maxConsoleQueued = 2000

type consoleOut struct {
	mu      sync.Mutex
	queue   []bridge.ConsoleEntry
	dropped int
	cleared bool
	armed   bool
}

// Log logs an entry in the simulated Console (as Debug.Log, LogWarning,
// LogError, LogAssertion or LogException would: typ is Unity's LogType
// name) and forwards it to the daemon.
func (s *Sim) Log(typ, message, stackTrace string) {
	s.st.mu.Lock()
	s.st.log(typ, message, stackTrace)
	s.st.mu.Unlock()
}

// queueConsole is the editor state's onLog (called with s.st.mu held).
func (s *Sim) queueConsole(e logEntry) {
	c := &s.co
	c.mu.Lock()
	defer c.mu.Unlock()
	c.queue = append(c.queue, bridge.ConsoleEntry{Type: e.Type, Message: e.Message, StackTrace: e.StackTrace, TimeMs: time.Now().UnixMilli()})
	if n := len(c.queue) - maxConsoleQueued; n > 0 {
		c.queue = c.queue[n:]
		c.dropped += n
	}
	s.armConsole(consoleFlushDelay)
}

// consoleCleared drops what is queued: the next batch says the Console
// was cleared.
func (s *Sim) consoleCleared() {
	c := &s.co
	c.mu.Lock()
	defer c.mu.Unlock()
	c.queue, c.cleared = nil, true
	s.armConsole(consoleFlushDelay)
}

func (s *Sim) armConsole(d time.Duration) { // s.co.mu held
	if !s.co.armed {
		s.co.armed = true
		time.AfterFunc(d, s.flushConsole)
	}
}

// flushConsole sends what is queued, in batches; when not connected it
// tries again later.
func (s *Sim) flushConsole() {
	c := &s.co
	for {
		s.mu.Lock()
		p := s.peer
		s.mu.Unlock()
		c.mu.Lock()
		if p == nil {
			c.armed = false
			if len(c.queue) > 0 || c.cleared {
				s.armConsole(100 * time.Millisecond)
			}
			c.mu.Unlock()
			return
		}
		n := min(len(c.queue), bridge.MaxConsoleBatch)
		b := bridge.ConsoleBatch{Entries: append([]bridge.ConsoleEntry(nil), c.queue[:n]...), Dropped: c.dropped, Cleared: c.cleared}
		c.queue = c.queue[n:]
		c.dropped, c.cleared = 0, false
		more := len(c.queue) > 0
		if !more {
			c.armed = false
		}
		c.mu.Unlock()
		if len(b.Entries) > 0 || b.Cleared || b.Dropped > 0 {
			data, _ := json.Marshal(b)
			p.Notify(bridge.MethodEvent, bridge.Event{Type: bridge.EventConsole, Data: data})
		}
		if !more {
			return
		}
	}
}
