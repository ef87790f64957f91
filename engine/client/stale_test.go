package client

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/client/clienttest"
	"github.com/unitymcp/unitymcp/engine/state"
)

// TestKeptClientSendsNoTokenAfterTheDaemonGoes is attack A2b: a client
// proven once (the tray's, kept for its menu) outlives the daemon; another
// program takes the freed port; the next click must not send it the token —
// whether daemon.json stayed (a crash), was removed (`unitymcp stop`), or
// names the same address with the old key. A daemon restarted at that
// address with a new key is proven again and served; one restarted
// elsewhere is not followed by the kept client.
func TestKeptClientSendsNoTokenAfterTheDaemonGoes(t *testing.T) {
	t.Parallel()
	for _, gone := range []string{"crash", "stop"} {
		t.Run(gone, func(t *testing.T) {
			t.Parallel()
			dir, err := state.At(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := dir.EnsureToken(); err != nil {
				t.Fatal(err)
			}
			key, _ := state.NewKey()
			prog := clienttest.Serve(t, key) // the daemon, then what takes its port
			ln := prog.Addr
			info := state.Daemon{PID: os.Getpid(), Address: ln, URL: "http://" + ln, Started: time.Now(), Key: key}
			if err := dir.WriteDaemon(info); err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			c, err := Find(ctx, dir)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Config(ctx); err != nil {
				t.Fatal(err)
			}
			if prog.Tokens.Load() == 0 {
				t.Fatal("the daemon got no token: the test exercises nothing")
			}

			prog.Replace("") // the daemon goes, another program takes its port
			if gone == "stop" {
				dir.RemoveDaemon(os.Getpid())
			}
			clicks := []struct {
				name string
				do   func() error
			}{
				{"Do", func() error { _, _, err := c.Do(ctx, "GET", "/health", nil); return err }},
				{"Health", func() error { _, err := c.Health(ctx, ""); return err }},
				{"Call", func() error { _, err := c.Call(ctx, "", "compile", nil); return err }},
				{"SetNotification", func() error { _, err := c.SetNotification(ctx, "compile", false); return err }},
				{"Events", func() error { return c.Events(ctx, "", nil, nil) }},
			}
			for _, click := range clicks {
				if err := click.do(); err == nil {
					t.Errorf("%s after the daemon went: nil error, want a refusal", click.name)
				} else if !errors.Is(err, ErrNotProven) && !errors.Is(err, ErrNoDaemon) {
					t.Errorf("%s: %v, want an error saying the token was not sent", click.name, err)
				}
			}
			if n := prog.Tokens.Load(); n != 0 {
				t.Fatalf("the program that took the port got the token %d times, want 0", n)
			}

			// The daemon restarts at the same address with a new key.
			key2, _ := state.NewKey()
			prog.Replace(key2)
			info.Key = key2
			if err := dir.WriteDaemon(info); err != nil {
				t.Fatal(err)
			}
			if _, err := c.Health(ctx, ""); err != nil {
				t.Errorf("the daemon restarted at the same address: %v, want it proven and served", err)
			}
			if prog.Tokens.Load() == 0 {
				t.Error("the restarted daemon got no request")
			}
			// It moves (the one here goes, its connections with it): the
			// kept client does not follow daemon.json.
			info.URL = "http://127.0.0.1:1"
			if err := dir.WriteDaemon(info); err != nil {
				t.Fatal(err)
			}
			prog.Replace(key2)
			if _, err := c.Health(ctx, ""); err == nil || !strings.Contains(err.Error(), "connect again") {
				t.Errorf("daemon.json names another address: %v, want a refusal saying to connect again", err)
			}
		})
	}
}
