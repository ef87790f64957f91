package editorsim

import (
	"context"
	"encoding/json"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// call/cancel, as the package's BridgeClient handles it: the daemon sends
// it when the client gave up on a call (its request cancelled, or its
// deadline passed); the editor cancels the call's work if it still runs
// (a long key press, a wait on the main thread) and forgets an answer it
// kept for after a domain reload. The answer, if any, is ignored.

// runningCall is one call the simulator is running or about to run.
type runningCall struct{ stop context.CancelFunc }

// begin registers a call as running and returns its context, which a
// call/cancel for its id ends, as does the daemon's deadline for it, and
// the function that unregisters it.
func (s *Sim) begin(ctx context.Context, p bridge.CallParams) (context.Context, func()) {
	var stop context.CancelFunc
	if p.DeadlineMs > 0 {
		ctx, stop = context.WithDeadline(ctx, time.UnixMilli(p.DeadlineMs))
	} else {
		ctx, stop = context.WithCancel(ctx)
	}
	rc := &runningCall{stop: stop}
	s.mu.Lock()
	if s.running == nil {
		s.running = map[string]*runningCall{}
	}
	s.running[p.CallID] = rc // a re-sent call (same id) replaces the one its connection ended
	started := s.started
	s.mu.Unlock()
	if started != nil {
		started(p)
	}
	return ctx, func() {
		stop()
		s.mu.Lock()
		if s.running[p.CallID] == rc {
			delete(s.running, p.CallID)
		}
		s.mu.Unlock()
	}
}

// notification handles a notification from the daemon.
func (s *Sim) notification(method string, params json.RawMessage) {
	if method != bridge.MethodCancel {
		return
	}
	var p bridge.CancelParams
	if json.Unmarshal(params, &p) != nil || p.CallID == "" {
		return
	}
	s.cancelCall(p.CallID)
}

// cancelCall stops the call id if it runs (its record then says it was
// cancelled), and drops its answer if one is kept for the next hello.
func (s *Sim) cancelCall(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rc := s.running[id]; rc != nil {
		rc.stop()
		if ex, ok := s.executed[id]; ok {
			ex.Cancelled = true
			s.executed[id] = ex
		}
	}
	kept := s.delivered[:0]
	for _, d := range s.delivered {
		if d.CallID != id {
			kept = append(kept, d)
		}
	}
	s.delivered = kept
}
