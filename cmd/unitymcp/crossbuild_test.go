package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Every release target builds without cgo: Linux and Windows (amd64, arm64;
// Windows with the GUI subsystem so the tray shows no console), and macOS
// vets with the tray stubbed (the macOS tray needs cgo: installer/macos).
func TestCrossCompile(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiling takes a while")
	}
	out := t.TempDir()
	targets := []struct {
		goos, goarch string
		ldflags      string
	}{
		{"linux", "amd64", ""}, {"linux", "arm64", ""},
		{"windows", "amd64", "-H=windowsgui"}, {"windows", "arm64", "-H=windowsgui"},
		{"darwin", "arm64", ""},
	}
	for _, tg := range targets {
		t.Run(tg.goos+"-"+tg.goarch, func(t *testing.T) {
			args := []string{"build", "-o", filepath.Join(out, tg.goos+tg.goarch)}
			if tg.ldflags != "" {
				args = append(args, "-ldflags", tg.ldflags)
			}
			args = append(args, ".")
			if tg.goos == "darwin" {
				args = []string{"vet", "../../..."}
			}
			cmd := exec.Command("go", args...)
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+tg.goos, "GOARCH="+tg.goarch)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go %v for %s/%s: %v\n%s", args, tg.goos, tg.goarch, err, b)
			}
		})
	}
}
