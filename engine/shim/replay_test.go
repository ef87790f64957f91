package shim

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// A call to a tool the daemon lists as idempotent (not read-only: it
// changes the editor, the same way each time) is safe to repeat: when the
// daemon restarts with it in flight, the shim sends it again on the new
// connection and the client gets its answer, while a call to a tool that
// is neither is answered daemon_restarted and never sent again.
func TestRestartReplaysIdempotentCalls(t *testing.T) {
	d := newFakeDaemon(t)
	c := startShim(t, d)
	c.send(initialize)
	c1 := d.next(t)
	c1.expect(t, `"method":"initialize"`)
	c1.send(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}`)
	c.answers(t, "1")
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	c1.expect(t, `"tools/list"`)
	c1.send(`{"jsonrpc":"2.0","id":2,"result":{"tools":[` +
		`{"name":"scene_open","annotations":{"readOnlyHint":false,"idempotentHint":true}},` +
		`{"name":"gameobject_create","annotations":{"readOnlyHint":false,"idempotentHint":false}}]}}`)
	c.answers(t, "2")
	c.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"scene_open","arguments":{"path":"Assets/A.unity"}}}`)
	c.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"gameobject_create","arguments":{"name":"Cube"}}}`)
	c1.expect(t, `"id":3`)
	c1.expect(t, `"id":4`)
	c1.c.Close() // the daemon dies with both in flight

	c2 := d.next(t)
	c2.expect(t, reinitID)
	if l := c2.expect(t, `"id":`); !strings.Contains(l, `"id":3`) || !strings.Contains(l, "scene_open") {
		t.Fatalf("after the restart the shim sent %s; want the idempotent scene_open (id 3) again", l)
	}
	lost := c.answers(t, "4")
	if !strings.Contains(lost[api.IDKey(json.RawMessage("4"))], api.CodeDaemonRestarted) {
		t.Fatalf("the call to gameobject_create: %s; want daemon_restarted", lost)
	}
	c2.send(`{"jsonrpc":"2.0","id":` + reinitID + `,"result":{"protocolVersion":"2025-11-25"}}`)
	c2.send(`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"opened"}]}}`)
	if got := c.answers(t, "3")[api.IDKey(json.RawMessage("3"))]; !strings.Contains(got, "opened") {
		t.Errorf("the client got %s for scene_open; want the new daemon's answer", got)
	}
	c.send(`{"jsonrpc":"2.0","id":5,"method":"ping"}`)
	if l := c2.expect(t, `"id":`); !strings.Contains(l, `"id":5`) {
		t.Fatalf("the shim sent %s; gameobject_create must never be sent again", l)
	}
}
