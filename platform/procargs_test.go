package platform

import (
	"encoding/binary"
	"os"
	"runtime"
	"slices"
	"testing"
)

// This process's own command line, where the OS tells one (Linux here;
// macOS and Windows in their CI jobs).
func TestProcessArgsOwn(t *testing.T) {
	t.Parallel()
	args, dir, err := ProcessArgs(os.Getpid())
	switch runtime.GOOS {
	case "linux", "darwin", "windows":
	default:
		t.Skipf("not read on %s", runtime.GOOS)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(args[1:], os.Args[1:]) {
		t.Errorf("args %q, want %q", args, os.Args)
	}
	if wd, _ := os.Getwd(); runtime.GOOS == "linux" && dir != wd {
		t.Errorf("dir %q, want %q", dir, wd)
	}
	if _, _, err := ProcessArgs(0); err == nil {
		t.Error("pid 0 read")
	}
}

func TestParseProcArgs2(t *testing.T) {
	t.Parallel()
	b := binary.LittleEndian.AppendUint32(nil, 3)
	b = append(b, "/Applications/Unity/Unity.app/Contents/MacOS/Unity\x00\x00\x00\x00Unity\x00-projectPath\x00/Users/me/My Game\x00HOME=/Users/me\x00"...)
	exe, got, err := parseProcArgs2(b)
	if want := []string{"Unity", "-projectPath", "/Users/me/My Game"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
	if want := "/Applications/Unity/Unity.app/Contents/MacOS/Unity"; exe != want || !IsUnityEditor("darwin", exe) {
		t.Errorf("executable %q, want %q", exe, want)
	}
	if _, _, err := parseProcArgs2([]byte{1, 0}); err == nil {
		t.Error("a short buffer parsed")
	}
}

// The program a process runs is the OS's record, not its argv[0].
func TestProcessExecutableOwn(t *testing.T) {
	t.Parallel()
	switch runtime.GOOS {
	case "linux", "darwin", "windows":
	default:
		t.Skipf("not read on %s", runtime.GOOS)
	}
	got, err := ProcessExecutable(os.Getpid())
	want, _ := os.Executable()
	if err != nil || got != want {
		t.Errorf("ProcessExecutable(self) = %q, %v; want %q", got, err, want)
	}
	if IsUnityEditor(runtime.GOOS, got) {
		t.Errorf("the test binary %q passes for the Unity Editor", got)
	}
	if _, err := ProcessExecutable(0); err == nil {
		t.Error("pid 0 read")
	}
}

func TestIsUnityEditor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		goos, exe string
		want      bool
	}{
		{"linux", "/home/ann/Unity/Hub/Editor/6000.0.23f1/Editor/Unity", true},
		{"linux", "/opt/unity/Editor/Unity (deleted)", true},
		{"linux", "/usr/bin/python3", false},
		{"linux", "/tmp/NotUnity", false},
		{"linux", "/tmp/Unity.sh", false},
		{"linux", "Unity", false}, // not a path the OS gives
		{"windows", `C:\Program Files\Unity\Hub\Editor\2022.3.1f1\Editor\Unity.exe`, true},
		{"windows", `C:\Editor\unity.EXE`, true},
		{"windows", `C:\Windows\System32\cmd.exe`, false},
		{"windows", `C:\x\FakeUnity.exe`, false},
		{"darwin", "/Applications/Unity/Hub/Editor/6000.0.1f1/Unity.app/Contents/MacOS/Unity", true},
		{"darwin", "/usr/local/bin/Unity", false},
		{"darwin", "/tmp/Evil.app/Contents/MacOS/Unity", false},
	} {
		if got := IsUnityEditor(tc.goos, tc.exe); got != tc.want {
			t.Errorf("IsUnityEditor(%s, %q) = %v, want %v", tc.goos, tc.exe, got, tc.want)
		}
	}
}
