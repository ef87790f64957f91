package shim

import (
	"strings"
	"testing"
	"time"
)

// Blank lines from the daemon are no messages: the client, whose parser
// would report an empty line as an error, never sees one.
func TestDaemonBlankLinesAreNotRelayed(t *testing.T) {
	d := newFakeDaemon(t)
	c := startShim(t, d)
	c1 := initialized(t, c, d)
	c1.send("")
	c1.send(" \t\r")
	c1.send(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)
	select {
	case l := <-c.lines:
		if !strings.Contains(l, "notifications/tools/list_changed") {
			t.Fatalf("the client received %q; want the notification, no blank line before it", l)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the client received nothing; want the notification")
	}
}
