package bridge

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
)

// CallOptions tune one call.
type CallOptions struct {
	// Idempotent calls interrupted by a reload are sent again afterwards
	// (at most Options.MaxResends times).
	Idempotent bool
	// Waiting is called about once a second while the call is held for a
	// reload, with the time waited so far.
	Waiting func(waited time.Duration)
	// Session is the opaque id of the caller's MCP session, sent as the
	// frame's "session" (docs/bridge-protocol.md); "" sends none.
	Session string
}

// Call runs a tool in the project's editor. It holds the call while the
// editor is in a domain reload (bounded by ctx), re-sends idempotent calls
// the reload interrupted, and fails at once when no editor is connected.
func (h *Hub) Call(ctx context.Context, hash, tool string, args map[string]any, opt CallOptions) (json.RawMessage, error) {
	id := newCallID()
	start := h.clock.Now()
	sent := 0
	for {
		h.mu.Lock()
		if h.closing {
			h.mu.Unlock()
			return nil, ErrStopping
		}
		e := h.editors[hash]
		if e == nil || e.info.State == api.StateDisconnected {
			h.mu.Unlock()
			return nil, ErrNotConnected
		}
		if e.info.State == api.StateBlocked {
			err := e.blockedErr()
			h.mu.Unlock()
			return nil, err
		}
		if e.link == nil || e.info.State == api.StateReloading || !e.ready {
			// Wait for the channel the next hello's answer closes; never a
			// private one nobody would close.
			back := e.hold()
			h.mu.Unlock()
			if err := h.wait(ctx, back, start, opt.Waiting); err != nil {
				return nil, err
			}
			continue
		}
		l := e.link
		pc := &pending{id: id, link: l, idempotent: opt.Idempotent, done: make(chan outcome, 1)}
		e.inflight[id] = pc
		h.mu.Unlock()

		params := CallParams{CallID: id, Tool: tool, Arguments: args, Session: opt.Session}
		if dl, ok := ctx.Deadline(); ok {
			params.DeadlineMs = dl.UnixMilli()
		}
		// Call the editor on this goroutine (no hand-off on the hot path).
		// When the connection ends first, detach settles the outcome:
		// interrupted, disconnected, or delivered after the reload.
		var res json.RawMessage
		err := l.Call(ctx, MethodCall, params, &res)
		sent++
		var out outcome
		switch {
		case ctx.Err() != nil:
			h.forget(hash, id)
			l.Notify(MethodCancel, CancelParams{CallID: id})
			return nil, h.ctxErr(ctx)
		case errors.Is(err, ErrClosed):
			select {
			case out = <-pc.done:
			case <-ctx.Done():
				h.forget(hash, id)
				return nil, h.ctxErr(ctx)
			}
		default:
			h.forget(hash, id)
			out = outcome{result: res, err: err}
		}
		if errors.Is(out.err, ErrInterrupted) && opt.Idempotent {
			if sent > h.maxResends {
				// A tool that causes the reload it is interrupted by
				// (compile) would be re-sent for ever.
				reloads := fmt.Sprintf("%d domain reloads", sent)
				if sent == 1 {
					reloads = "a domain reload"
				}
				return nil, fmt.Errorf("%w: interrupted by %s in a row, re-sent %d times at most", ErrReloadLimit, reloads, h.maxResends)
			}
			h.opt.Logger.Info("re-sending idempotent call after reload", "tool", tool, "call", id, "sent", sent)
			continue
		}
		return out.result, out.err
	}
}

// ctxErr is why a call's context ended: the daemon shutting down (its
// request contexts end with it, right after Close) or the caller's own
// cancellation or deadline.
func (h *Hub) ctxErr(ctx context.Context) error {
	h.mu.Lock()
	closing := h.closing
	h.mu.Unlock()
	if closing {
		return ErrStopping
	}
	return ctx.Err()
}

// wait blocks until back is closed or ctx ends, reporting progress about
// once a second.
func (h *Hub) wait(ctx context.Context, back chan struct{}, start time.Time, waiting func(time.Duration)) error {
	if waiting == nil {
		select {
		case <-back:
			return nil
		case <-ctx.Done():
			return h.ctxErr(ctx)
		}
	}
	// One timer at a time, armed again before each report (so whoever
	// sees a report knows the next tick is armed): the buffer holds the
	// only send it can make, and a tick never blocks the clock.
	tick := make(chan struct{}, 1)
	arm := func() Timer { return h.clock.AfterFunc(time.Second, func() { tick <- struct{}{} }) }
	t := arm()
	defer func() { t.Stop() }()
	waiting(h.clock.Now().Sub(start))
	for {
		select {
		case <-back:
			return nil
		case <-ctx.Done():
			return h.ctxErr(ctx)
		case <-tick:
			t = arm()
			waiting(h.clock.Now().Sub(start))
		}
	}
}

func (h *Hub) forget(hash, id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if e := h.editors[hash]; e != nil {
		delete(e.inflight, id)
		delete(e.spanning, id)
	}
}

func newCallID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}
