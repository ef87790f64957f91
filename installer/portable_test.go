package installer

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// A project file names `unitymcp`, or, written from WSL for the Windows
// binary, `unitymcp.exe`; on Windows itself the .exe is implied.
func TestPortableCommand(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ exe, goos, want string }{
		{"/usr/local/bin/unitymcp", "linux", "unitymcp"},
		{"/mnt/c/Tools/unitymcp.exe", "linux", "unitymcp.exe"},
		{`C:\Tools\UNITYMCP.EXE`, "linux", "unitymcp.exe"},
		{`C:\Tools\unitymcp.exe`, "windows", "unitymcp"},
		{"/opt/unitymcp", "darwin", "unitymcp"},
	} {
		if got := portableCommand(tc.exe, tc.goos); got != tc.want {
			t.Errorf("portableCommand(%q, %s) = %q, want %q", tc.exe, tc.goos, got, tc.want)
		}
	}
}

// lookPath finds a program as the client's system would: on Unix an
// executable file, on Windows any file, .exe first.
func TestLookPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix permission bits")
	}
	t.Parallel()
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	os.MkdirAll(plain, 0o755)
	os.WriteFile(filepath.Join(plain, "unitymcp"), []byte("not executable"), 0o644)
	exec := filepath.Join(dir, "exec")
	os.MkdirAll(filepath.Join(exec, "unitymcp.d"), 0o755)
	os.WriteFile(filepath.Join(exec, "unitymcp"), []byte("#!/bin/sh\n"), 0o755)
	for _, tc := range []struct{ name, list, goos, want string }{
		{"unix skips a file that is not executable", plain + ":" + exec, "linux", filepath.Join(exec, "unitymcp")},
		{"unix, none executable", ":" + plain, "linux", ""},
		{"windows takes any file", plain + ";" + exec, "windows", filepath.Join(plain, "unitymcp")},
		{"a folder is no program", exec, "linux", ""},
	} {
		name := "unitymcp"
		if tc.name == "a folder is no program" {
			name = "unitymcp.d"
		}
		if got := lookPath(name, tc.list, tc.goos); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// What this machine needs beside a project file's stdio entry: the
// variables of its own set-up, exported where the client starts (Codex
// passes them through by name); with none, nothing.
func TestMachineNotesOfStdio(t *testing.T) {
	t.Parallel()
	bin := t.TempDir()
	exe := filepath.Join(bin, "unitymcp")
	os.WriteFile(exe, []byte("#!/bin/sh\n"), 0o755)
	env := Env{GOOS: "linux", Home: t.TempDir(), Path: bin}
	own := map[string]string{"UNITYMCP_HOME": "/srv/state"}
	for _, tc := range []struct {
		client string
		env    map[string]string
		want   string
	}{
		{"claude-code", nil, ""},
		{"codex", nil, ""},
		{"claude-code", own, "uses UNITYMCP_HOME=/srv/state, which the project file leaves out (it is yours, not the team's): it starts `unitymcp stdio` with the variables of its own environment, so export them where you start Claude Code"},
		{"codex", own, "uses UNITYMCP_HOME=/srv/state, which the project file leaves out (it is yours, not the team's): Codex passes them through from its own environment (env_vars), so export them where you start Codex"},
	} {
		c, _ := FindClient(tc.client)
		r := ClientRequest{Client: tc.client, Scope: "project", Env: env, Server: Server{Command: exe, Args: []string{"stdio"}, Env: tc.env}}
		got := strings.Join(r.machineNotes(c, "stdio"), "\n")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%s with env %v: notes %q, want %q", tc.client, tc.env, got, tc.want)
		}
	}
}

// Doctor's view of a project entry: only the state folder and the address
// are one user's settings among the variables it sets.
func TestPortableProblemsOfEnv(t *testing.T) {
	t.Parallel()
	c, _ := FindClient("claude-code")
	entry := `{"command": "unitymcp", "args": ["stdio"], "env": {"LANG": "C", "UNITYMCP_ADDR": "127.0.0.1:27999", "UNITYMCP_HOME": "/srv/state"}}`
	warn, _ := portableProblems(c, entry, Env{GOOS: "linux"})
	want := "sets UNITYMCP_ADDR=127.0.0.1:27999, one user's setting\nsets UNITYMCP_HOME=/srv/state, one user's setting"
	if got := strings.Join(warn, "\n"); got != want {
		t.Errorf("warnings\n%s\nwant\n%s", got, want)
	}
}
