package shim

// What the shim keeps across a daemon restart: the requests in flight (by
// id, forgotten when their answer passes), the client's initialize, and
// which tools are safe to call again.

import (
	"encoding/json"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// resume runs on a new connection before anything else is sent: the
// session starts again (unless the client's own initialize is still in
// flight, which is sent again), then the requests the lost connection
// carried are sent again when safe, and answered daemon_restarted when not.
func (r *relay) resume(c *conn) {
	r.mu.Lock()
	var again, lost []*pending
	initInFlight := false
	for key, p := range r.inflight {
		if p.method == string(mcp.MethodInitialize) && string(p.id) != reinitID {
			initInFlight = true
		}
		if p.on == nil || p.on == c {
			continue // not written yet: its own send writes it
		}
		switch {
		case string(p.id) == reinitID:
			delete(r.inflight, key) // the shim's own: made again below, never the client's to hear of
		case r.repeatableLocked(p.method, p.tool):
			p.on = c
			again = append(again, p)
		default:
			delete(r.inflight, key)
			lost = append(lost, p)
		}
	}
	initBody, initialized, started := r.initBody, r.initialized, r.started
	r.mu.Unlock()
	if started && !initInFlight {
		var m struct {
			Params json.RawMessage `json:"params"`
		}
		json.Unmarshal(initBody, &m)
		key := api.IDKey(json.RawMessage(reinitID))
		r.mu.Lock()
		r.inflight[key] = &pending{id: json.RawMessage(reinitID), key: key, method: string(mcp.MethodInitialize), on: c}
		r.mu.Unlock()
		// Relayed as the client's: its answer is dropped when it comes back.
		c.writeLine(api.Request(json.RawMessage(reinitID), string(mcp.MethodInitialize), orNull(m.Params)))
		if initialized != nil {
			c.writeLine(initialized)
		}
		r.opt.Log.Info("stdio: started the MCP session again on the daemon's new connection")
	}
	for _, p := range again {
		c.writeLine(p.msg)
	}
	for _, p := range lost {
		r.failCode(p.id, api.CodeDaemonRestarted, "the unitymcp daemon stopped while this request was in flight and was restarted; the request was not sent again because it may already have run in the editor ("+p.method+" is not safe to repeat). Check the editor's state, then send it again if it did not happen")
	}
	r.signal()
}

// failLost answers every request a lost connection carried: no new one
// could be made.
func (r *relay) failLost(msg string) {
	r.mu.Lock()
	var lost []*pending
	for key, p := range r.inflight {
		if p.on != nil {
			delete(r.inflight, key)
			if string(p.id) != reinitID {
				lost = append(lost, p)
			}
		}
	}
	r.mu.Unlock()
	for _, p := range lost {
		r.fail(p.id, msg)
	}
	r.signal()
}

// fromDaemon writes one message of the daemon's to stdout, noting which
// request it answers.
func (r *relay) fromDaemon(b []byte) {
	var h struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	if json.Unmarshal(b, &h) == nil && h.Method == nil && len(h.ID) > 0 {
		key := api.IDKey(h.ID)
		r.mu.Lock()
		p := r.inflight[key]
		delete(r.inflight, key)
		if p != nil && p.method == string(mcp.MethodInitialize) {
			r.started = true
		}
		r.mu.Unlock()
		if p != nil {
			r.signal()
			if string(p.id) == reinitID {
				return // the shim's own initialize: the client has its answer
			}
			if p.method == string(mcp.MethodToolsList) {
				r.learnTools(b)
			}
		}
	}
	r.write(b)
}

// repeatableLocked says whether a request may be sent again after the
// daemon went away with it in flight: the handshake, listings and pings
// change nothing, nor does a call to a tool the daemon lists as idempotent
// or read-only. Everything else may have run already.
func (r *relay) repeatableLocked(method, tool string) bool {
	switch mcp.MCPMethod(method) {
	case mcp.MethodInitialize, mcp.MethodPing, mcp.MethodToolsList, mcp.MethodPromptsList, mcp.MethodResourcesList,
		mcp.MethodResourcesTemplatesList, mcp.MethodResourcesRead, mcp.MethodCompletionComplete, mcp.MethodSubscriptionsListen:
		return true
	case mcp.MethodToolsCall:
		return r.repeatable[tool]
	}
	return false
}

// learnTools records which listed tools are safe to repeat.
func (r *relay) learnTools(b []byte) {
	var m struct {
		Result struct {
			Tools []struct {
				Name        string `json:"name"`
				Annotations struct {
					ReadOnly   bool `json:"readOnlyHint"`
					Idempotent bool `json:"idempotentHint"`
				} `json:"annotations"`
			} `json:"tools"`
		} `json:"result"`
	}
	if json.Unmarshal(b, &m) != nil || len(m.Result.Tools) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.repeatable == nil {
		r.repeatable = map[string]bool{}
	}
	for _, t := range m.Result.Tools {
		r.repeatable[t.Name] = t.Annotations.ReadOnly || t.Annotations.Idempotent
	}
}

func (r *relay) signal() {
	select {
	case r.changed <- struct{}{}:
	default:
	}
}

// waitAnswered waits until no request is in flight but listen streams
// (which last as long as the session), at most d, unless the relay is
// stopped.
func (r *relay) waitAnswered(d time.Duration) {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		r.mu.Lock()
		open := 0
		for _, p := range r.inflight {
			if p.method != string(mcp.MethodSubscriptionsListen) {
				open++
			}
		}
		r.mu.Unlock()
		if open == 0 {
			return
		}
		select {
		case <-r.changed:
		case <-deadline.C:
			return
		case <-r.ctx.Done():
			return // stopped (a signal): nothing is waited for
		}
	}
}
