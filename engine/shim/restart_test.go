package shim

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
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

// Every request that changes nothing is sent again, by its method, after
// the daemon went away with it in flight, and its answer reaches the
// client; a request that may change something is answered
// daemon_restarted and not sent again.
func TestRestartResendsEachListing(t *testing.T) {
	for _, method := range []string{"ping", "tools/list", "prompts/list", "resources/list", "resources/templates/list",
		"resources/read", "completion/complete", "subscriptions/listen", "logging/setLevel"} {
		t.Run(method, func(t *testing.T) {
			d := newFakeDaemon(t)
			c := startShim(t, d)
			c1 := initialized(t, c, d)
			c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			c1.expect(t, "notifications/initialized")
			c.send(`{"jsonrpc":"2.0","id":5,"method":"` + method + `","params":{}}`)
			c1.expect(t, `"method":"`+method+`"`)
			c1.c.Close() // the daemon dies with it in flight
			c2 := d.next(t)
			c2.expect(t, reinitID)
			c2.expect(t, "notifications/initialized")
			if method == "logging/setLevel" { // it changes the session: not again
				got := c.answers(t, "5")
				if !strings.Contains(got[api.IDKey(json.RawMessage("5"))], api.CodeDaemonRestarted) {
					t.Fatalf("logging/setLevel in flight at a restart: %s; want daemon_restarted", got)
				}
				c.send(`{"jsonrpc":"2.0","id":6,"method":"ping"}`)
				c2.expect(t, `"id":6`)
				return
			}
			c2.expect(t, `"method":"`+method+`"`)
			c2.send(`{"jsonrpc":"2.0","id":5,"result":{"again":true}}`)
			if got := c.answers(t, "5"); !strings.Contains(got[api.IDKey(json.RawMessage("5"))], `"again":true`) {
				t.Fatalf("%s sent again: the client got %s", method, got)
			}
		})
	}
}
