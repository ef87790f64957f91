//go:build unix

package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/unityinstall"
)

// fakeUnity is an "installed Editor" that notes each start in a file and
// never connects; the test kills what it started.
func fakeUnity(t *testing.T) (*unityinstall.Env, func() []string) {
	t.Helper()
	dir := t.TempDir()
	starts := filepath.Join(dir, "starts")
	exe := filepath.Join(dir, "Unity")
	if err := os.WriteFile(exe, []byte("#!/bin/sh\necho $$ >> '"+starts+"'\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	read := func() []string { b, _ := os.ReadFile(starts); return strings.Fields(string(b)) }
	t.Cleanup(func() {
		for _, f := range read() {
			if pid, err := strconv.Atoi(f); err == nil {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	})
	env := unityinstall.OSEnv("linux")
	env.Getenv = func(k string) string {
		if k == unityinstall.UnityEnv {
			return exe
		}
		return ""
	}
	return &env, read
}

func unityProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, sub := range []string{"Assets", "ProjectSettings"} {
		os.Mkdir(filepath.Join(dir, sub), 0o755)
	}
	os.WriteFile(filepath.Join(dir, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 6000.0.0f1\n"), 0o644)
	return dir
}

func openEditor(e *engine.Engine, dir string) *api.ToolError {
	args, _ := json.Marshal(map[string]any{"project": dir, "confirm": true, "timeout_seconds": 1})
	_, terr := e.Call(context.Background(), engine.Request{Tool: "editor_open", Args: args})
	return terr
}

// TestOpenEditorStartsOneEditorAtATime is attack B-c: ten editor_open
// calls for one closed project at once started ten Editors. One starts;
// the others wait for it.
func TestOpenEditorStartsOneEditorAtATime(t *testing.T) {
	env, starts := fakeUnity(t)
	e := engine.New(engine.Options{Unity: env, Tools: All()})
	dir := unityProject(t)
	var wg sync.WaitGroup
	errs := make([]*api.ToolError, 10)
	for i := range errs {
		wg.Add(1)
		go func() { defer wg.Done(); errs[i] = openEditor(e, dir) }()
	}
	wg.Wait()
	for i, terr := range errs {
		if terr == nil || terr.Code != api.CodeDeadline {
			t.Errorf("call %d: %v, want deadline_exceeded (the fake Editor never connects)", i, terr)
		}
	}
	if got := starts(); len(got) != 1 {
		t.Errorf("%d Editors started (pids %v), want 1", len(got), got)
	}
	// Its Editor still runs and has not connected: a later call waits for
	// it too instead of starting another.
	openEditor(e, dir)
	if got := starts(); len(got) != 1 {
		t.Errorf("a later call while the first Editor runs: %d Editors started, want 1", len(got))
	}
}

// TestOpenEditorRefusesAnotherUsersProject: a project folder of another
// user (or one anyone may write to) is not opened — its editor scripts
// would run as this user.
func TestOpenEditorRefusesAnotherUsersProject(t *testing.T) {
	env, starts := fakeUnity(t)
	e := engine.New(engine.Options{Unity: env, Tools: All()})
	open := unityProject(t)
	if err := os.Chmod(filepath.Join(open, "Assets"), 0o777); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{"world-writable Assets": open}
	if os.Getuid() == 0 {
		other := unityProject(t)
		if err := os.Chown(other, 4242, 4242); err != nil {
			t.Fatal(err)
		}
		cases["another user's folder"] = other
	} else {
		t.Log("not root: the other-user case needs chown; the world-writable case covers the rule")
	}
	for name, dir := range cases {
		terr := openEditor(e, dir)
		if terr == nil || terr.Code != api.CodeInvalidParams || !strings.Contains(terr.Message, "would run as you") {
			t.Errorf("%s: %v, want invalid_params saying its scripts would run as you", name, terr)
		}
	}
	if got := starts(); len(got) != 0 {
		t.Errorf("%d Editors started, want none", len(got))
	}
}
