package tray

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/platform"
)

// The tray's "Copy client config" entries carry the state folder when it is
// not the default, as `install client` writes them: a client that starts
// `unitymcp stdio` with a short fixed environment reaches this daemon.
func TestClientConfigsCarryTheStateFolder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv(platform.HomeEnv, "")
	for title, snip := range ClientConfigs("") {
		if strings.Contains(snip, platform.HomeEnv) {
			t.Errorf("%s: the default state folder needs no env:\n%s", title, snip)
		}
	}
	moved := t.TempDir()
	t.Setenv(platform.HomeEnv, moved)
	snips := ClientConfigs("")
	if len(snips) != 3 {
		t.Fatalf("want three snippets, got %v", snips)
	}
	for title, snip := range snips {
		if !strings.Contains(snip, platform.HomeEnv) || !strings.Contains(snip, moved) {
			t.Errorf("%s: the moved state folder %s is not in the entry:\n%s", title, moved, snip)
		}
	}
}
