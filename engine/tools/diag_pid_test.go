package tools

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
	"github.com/unitymcp/unitymcp/platform"
)

// unityProgram is where the Unity Editor's program is on this OS.
func unityProgram() string {
	switch runtime.GOOS {
	case "windows":
		return `C:\Program Files\Unity\Editor\Unity.exe`
	case "darwin":
		return "/Applications/Unity/Unity.app/Contents/MacOS/Unity"
	}
	return "/opt/Unity/Editor/Unity"
}

// asUnityEditor lets this test process pass for a Unity Editor: the
// program check reads unityProgram for it. The connection check stays
// real: the simulated editor's connection is this process's own.
func asUnityEditor(t *testing.T) {
	prev, me := processExecutableFunc, os.Getpid()
	processExecutableFunc = func(pid int) (string, error) {
		if pid == me {
			return unityProgram(), nil
		}
		return prev(pid)
	}
	t.Cleanup(func() { processExecutableFunc = prev })
}

const waitHelperEnv = "UNITYMCP_TEST_WAIT_ON_STDIN"

// TestWaitOnStdinHelper is not a test: TestEditorPIDChecked runs the test
// binary, named Unity, as another live process.
func TestWaitOnStdinHelper(t *testing.T) {
	if os.Getenv(waitHelperEnv) == "" {
		t.Skip("the helper process of TestEditorPIDChecked")
	}
	io.Copy(io.Discard, os.Stdin)
}

// An editor connection names the process the daemon acts on (its log file,
// its dialog windows). A process that does not run Unity's program, or
// that does not hold the editor's connection, is refused, and nothing is
// read or pressed.
func TestEditorPIDChecked(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("LOCALAPPDATA", home)
	f := &fakeDesktop{dialogs: []platform.Dialog{{ID: 7, Title: "Delete all files?", Buttons: []string{"Yes", "No"}, Default: "Yes"}}}
	withDesktop(t, f)
	refused := func(se *enginetest.Sim, says string) {
		t.Helper()
		for _, call := range []struct {
			tool string
			args map[string]any
		}{
			{"editor_log_tail", map[string]any{"any_project": true}},
			{"editor_dialog_list", map[string]any{}},
			{"editor_dialog_press", map[string]any{"role": "default", "confirm": true}},
		} {
			r, terr := se.CallTool(t, call.tool, call.args)
			if terr == nil || terr.Code != api.CodeEditorError || !strings.Contains(terr.Message, says) {
				t.Errorf("%s: %v %v, want refused saying %q", call.tool, r, terr, says)
			}
		}
		if len(f.pressed) != 0 {
			t.Errorf("pressed %v", f.pressed)
		}
	}

	// This test process (the simulated editor's) is not the Unity Editor.
	t.Run("not Unity", func(t *testing.T) {
		se := enginetest.NewSim(t, engine.Options{Tools: All()}, editorsim.Config{})
		refused(se, "not the Unity Editor")
	})

	// A process named Unity, which the editor's connection is not: its
	// command line names a file after -logFile, and it has dialogs.
	t.Run("not the connection's", func(t *testing.T) {
		if runtime.GOOS != "linux" && runtime.GOOS != "windows" {
			t.Skipf("the connection's process is not told on %s", runtime.GOOS)
		}
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		prog := filepath.Join(t.TempDir(), map[bool]string{true: "Unity.exe", false: "Unity"}[runtime.GOOS == "windows"])
		b, err := os.ReadFile(self)
		if err != nil || os.WriteFile(prog, b, 0o755) != nil {
			t.Fatalf("copying the test binary: %v", err)
		}
		secret := filepath.Join(t.TempDir(), "secret.txt")
		os.WriteFile(secret, []byte("SECRET line\n"), 0o600)
		other := exec.Command(prog, "-test.run=^TestWaitOnStdinHelper$", "--", "-logFile", secret)
		other.Env = append(os.Environ(), waitHelperEnv+"=1")
		in, _ := other.StdinPipe()
		if err := other.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { in.Close(); other.Wait() })
		if exe, err := platform.ProcessExecutable(other.Process.Pid); err != nil || !platform.IsUnityEditor(runtime.GOOS, exe) {
			t.Fatalf("the helper runs %q (%v), not a program named Unity", exe, err)
		}
		se := enginetest.NewSim(t, engine.Options{Tools: All()}, editorsim.Config{PID: other.Process.Pid})
		refused(se, "cannot find that process at the other end of the editor's connection")
	})
}
