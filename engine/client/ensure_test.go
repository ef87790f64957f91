//go:build !windows

package client

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/state"
)

// A daemon that exits at once with a reason (another program holds its
// port) is reported with that reason as soon as it exits, not after the
// 10 s Ensure waits for a daemon that is starting; one that exits without a
// word is started three times, then reported. The verdict is the error's
// text: an Ensure that waited out its deadline says "did not answer".
func TestEnsureSaysWhyTheDaemonExited(t *testing.T) {
	for _, tc := range []struct{ name, script, want string }{
		{"with a reason", "echo 'unitymcp: port 127.0.0.1:27197 is in use by another program' >&2; exit 1", "it exited: unitymcp: port 127.0.0.1:27197 is in use"},
		{"silent", "exit 1", "three times"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, err := state.At(filepath.Join(t.TempDir(), "state"))
			if err != nil {
				t.Fatal(err)
			}
			exe := filepath.Join(t.TempDir(), "fake-unitymcp")
			if err := os.WriteFile(exe, []byte("#!/bin/sh\n"+tc.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			_, _, err = Ensure(context.Background(), dir, exe)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
		})
	}
}
