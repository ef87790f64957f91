package shim

import (
	"strings"
	"testing"
)

// A session exists once the client's initialize was answered, and only
// then: a new connection starts it again (the shim's own initialize first)
// even when nothing else was answered, and a connection that replaces one
// without a session sends the client's messages alone.
func TestSessionStartedAgainOnlyAfterInitializeAnswered(t *testing.T) {
	for _, c := range []struct {
		name    string
		first   string // the client's first request (id 1) and its answer
		restart bool   // whether the new connection starts the session again
	}{
		{"initialize answered", initialize, true},
		{"only a ping answered", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := newFakeDaemon(t)
			cl := startShim(t, d)
			cl.send(c.first)
			c1 := d.next(t)
			c1.expect(t, `"id":1`)
			c1.send(`{"jsonrpc":"2.0","id":1,"result":{}}`)
			cl.answers(t, "1")
			cl.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`)
			c1.expect(t, `"id":2`)
			c1.c.Close() // the daemon dies with the call in flight
			c2 := d.next(t)
			// The call is answered once the new connection is resumed, after
			// anything the shim sends on it of its own.
			if got := answerFor(t, cl, "2"); !strings.Contains(got, "daemon_restarted") {
				t.Fatalf("the call in flight was answered %s; want daemon_restarted", got)
			}
			cl.send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
			l := c2.expect(t, `"id":`)
			if got := strings.Contains(l, reinitID); got != c.restart {
				t.Fatalf("the new connection's first message is %.200s; want the session started again: %v", l, c.restart)
			}
			if c.restart {
				c2.expect(t, `"id":3`)
			} else if !strings.Contains(l, `"id":3`) {
				t.Fatalf("the new connection's first message is %.200s; want the client's ping", l)
			}
		})
	}
}
