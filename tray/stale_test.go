//go:build cgo || !darwin

package tray

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/client/clienttest"
	"github.com/unitymcp/unitymcp/engine/state"
)

// TestTrayForgetsItsClientWhenTheDaemonGoes is attack A2b through the
// tray: the daemon is killed, another program takes its port, and the menu's
// clicks (a tool call, a notification switch) reach it without the token.
// The stream's drop makes the tray forget its client; a click then says the
// daemon is not reachable.
func TestTrayForgetsItsClientWhenTheDaemonGoes(t *testing.T) {
	// rebuild would draw the menu: no tray runs in this test.
	ui.Lock()
	was := ui.quit
	ui.quit = true
	ui.Unlock()
	defer func() { ui.Lock(); ui.quit = was; ui.Unlock() }()

	dir, err := state.At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dir.EnsureToken(); err != nil {
		t.Fatal(err)
	}
	key, _ := state.NewKey()
	prog := clienttest.Serve(t, key) // the daemon, then what takes its port
	addr := prog.Addr
	if err := dir.WriteDaemon(state.Daemon{PID: os.Getpid(), Address: addr, URL: "http://" + addr, Started: time.Now(), Key: key}); err != nil {
		t.Fatal(err)
	}
	c, err := client.Find(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	var notes []string
	m := &Menu{opt: Options{Logger: slog.New(slog.DiscardHandler), Notify: func(title, body string) { notes = append(notes, body) }},
		tr: newTracker(), running: map[string]int{}}
	m.c = c

	prog.Replace("") // kill -9 (daemon.json stays), another program on the port
	m.down(errors.New("the event stream ended"))
	if got, err := m.client(); err == nil {
		t.Errorf("after the stream dropped the tray still holds a client (%p), want none until a new stream opens", got)
	}
	m.call("", "compile", nil)
	if len(notes) != 1 {
		t.Errorf("a click with the daemon gone: notifications %q, want one saying it is not reachable", notes)
	}
	if n := prog.Tokens.Load(); n != 0 {
		t.Errorf("the program that took the daemon's port got the token %d times, want 0", n)
	}
}
