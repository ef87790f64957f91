//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// Loading definitions reads only regular files of at most 1 MiB inside
// the folder: a FIFO (which used to hang /tools and every initialize), a
// script whose file is /dev/zero (which used to exhaust memory), a 2 MiB
// file and a symbolic link out of the folder are each rejected with a
// reason, while the good definition beside them loads and /tools answers
// promptly.
func TestDefinitionFilesBounded(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	dir, outside := e.State.SharedToolsDir(), t.TempDir()
	os.MkdirAll(dir, 0o700)
	write := func(name, s string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("good_probe.json", `{"name":"good_probe","description":"d","kind":"probe","reads":[{"id":"p","path":"UnityEditor.EditorApplication/isPlaying"}]}`)
	write("zero_script.json", `{"name":"zero_script","description":"d","kind":"script","file":"/dev/zero"}`)
	big := `{"name":"big_probe","description":"` + strings.Repeat("x", 2<<20) + `","kind":"probe","reads":[{"id":"p","path":"UnityEditor.EditorApplication/isPlaying"}]}`
	write("big_probe.json", big)
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo_probe.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(outside, "out.json"), []byte(`{"name":"out_probe","description":"d","kind":"probe","reads":[{"id":"p","path":"UnityEditor.EditorApplication/isPlaying"}]}`), 0o644)
	if err := os.Symlink(filepath.Join(outside, "out.json"), filepath.Join(dir, "out_probe.json")); err != nil {
		t.Fatal(err)
	}

	// Bad files present: both answer (e.do gives up after its own deadline
	// if the daemon hung on them; no wall-clock verdict beyond that).
	if status, body := e.do("GET", "/tools?refresh=1", nil, nil); status != 200 || !strings.Contains(string(body), "good_probe") {
		t.Fatalf("/tools: %d %.300s", status, body)
	}
	status, body := e.do("POST", "/tools/definitions_list", []byte(`{}`), nil)
	var m struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
		Rejected []struct {
			File    string   `json:"file"`
			Reasons []string `json:"reasons"`
		} `json:"rejected"`
	}
	if err := json.Unmarshal(body, &m); err != nil || status != 200 {
		t.Fatalf("definitions_list: %d %s", status, body)
	}
	if len(m.Tools) != 1 || m.Tools[0].Name != "good_probe" {
		t.Errorf("loaded: got %v, want only good_probe", m.Tools)
	}
	reasons := map[string]string{}
	for _, r := range m.Rejected {
		reasons[filepath.Base(r.File)] = strings.Join(r.Reasons, "; ")
	}
	for file, want := range map[string]string{
		"fifo_probe.json":  "named pipe (FIFO)",
		"zero_script.json": "/dev/zero: it is a device",
		"big_probe.json":   "over the 1024 KiB limit",
		"out_probe.json":   "symbolic link leading out of the folder",
	} {
		if !strings.Contains(reasons[file], want) {
			t.Errorf("%s: reasons %q, want one saying %q", file, reasons[file], want)
		}
	}
	// The daemon still answers.
	if status, _ := e.do("GET", "/tools", nil, nil); status != 200 {
		t.Errorf("/tools afterwards: %d", status)
	}
}
