package wine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// installEditor puts a Windows editorsim where an installed Unity Editor's
// Unity.exe is (a Linux path under the prefix's drive_c); editorsim takes
// Unity's -projectPath and finds the daemon in the state folder, as the
// package does.
func (e *winEnv) installEditor(t *testing.T, exe string) {
	t.Helper()
	b, err := os.ReadFile(e.exe("editorsim.exe"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(exe), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		t.Fatal(err)
	}
}

// unitymcp open on Windows: with no daemon running it starts one, finds
// the project's Editor version where Unity Hub installs it (C:\Program
// Files\Unity\Hub\Editor\<version>\Editor\Unity.exe) or where Hub's
// editors-v2.json in %APPDATA%\UnityHub says (a folder with a space),
// starts that Unity.exe with the project and answers once its editor
// connected; a version not installed is an error naming it and the
// Windows folders looked in.
func TestOpenEditorOnWindows(t *testing.T) {
	e := need(t)
	drive := filepath.Join(e.prefix, "drive_c")
	hubDefault := filepath.Join(drive, "Program Files", "Unity", "Hub", "Editor")
	listed := filepath.Join(drive, "Unity Editors", "2022.3.40f1", "Editor", "Unity.exe")
	hubConfig := filepath.Join(e.roamingAppData(), "UnityHub")
	t.Cleanup(func() {
		os.RemoveAll(filepath.Join(drive, "Program Files", "Unity"))
		os.RemoveAll(filepath.Join(drive, "Unity Editors"))
		os.RemoveAll(hubConfig)
	})
	e.installEditor(t, filepath.Join(hubDefault, "6000.0.23f1", "Editor", "Unity.exe"))
	e.installEditor(t, listed)
	os.MkdirAll(hubConfig, 0o755)
	hubList := `{"data":[{"version":"2022.3.40f1","location":["C:\\Unity Editors\\2022.3.40f1\\Editor\\Unity.exe"]}]}`
	if err := os.WriteFile(filepath.Join(hubConfig, "editors-v2.json"), []byte(hubList), 0o644); err != nil {
		t.Fatal(err)
	}

	home := t.TempDir()
	env := []string{"UNITYMCP_HOME=" + winPath(home), "UNITYMCP_ADDR=" + freeAddr(t)}
	root := t.TempDir()
	type opened struct {
		UnityVersion string `json:"unityVersion"`
		Unity        string `json:"unity"`
		PID          int    `json:"pid"`
		Connected    bool   `json:"connected"`
	}
	open := func(proj string) opened {
		t.Helper()
		var o opened
		out := e.ok(t, opts{Env: env}, "unitymcp.exe", "open", "--project", winPath(proj))
		if err := json.Unmarshal([]byte(out), &o); err != nil || !o.Connected || o.PID == 0 {
			t.Fatalf("unitymcp open --project %s: %s", winPath(proj), out)
		}
		return o
	}

	game := newProject(t, filepath.Join(root, "Unity Projects"), "My Game")
	if o := open(game); o.UnityVersion != "6000.0.23f1" || o.Unity != `C:\Program Files\Unity\Hub\Editor\6000.0.23f1\Editor\Unity.exe` {
		t.Errorf("open found %+v, want Hub's default folder's 6000.0.23f1", o)
	}
	out := e.ok(t, opts{Env: env}, "unitymcp.exe", "call", "get-hierarchy", "--project", winPath(game))
	if !strings.Contains(out, "Unity Projects/My Game/") {
		t.Errorf("a call to the opened editor answered for another project: %s", out)
	}

	old := newProject(t, root, "Old")
	os.WriteFile(filepath.Join(old, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 2022.3.40f1\n"), 0o644)
	if o := open(old); o.Unity != `C:\Unity Editors\2022.3.40f1\Editor\Unity.exe` {
		t.Errorf("open found %+v, want the editor Hub's editors-v2.json lists", o)
	}
	if h := status(t, e, env); len(h.Editors) != 2 {
		t.Errorf("two opened editors connected, status lists %d: %+v", len(h.Editors), h.Editors)
	}

	missing := newProject(t, root, "Missing")
	os.WriteFile(filepath.Join(missing, "ProjectSettings", "ProjectVersion.txt"), []byte("m_EditorVersion: 6000.3.1f1\n"), 0o644)
	r := e.run(t, opts{Env: env}, "unitymcp.exe", "open", "--project", winPath(missing))
	for _, want := range []string{"6000.3.1f1", "6000.0.23f1", "2022.3.40f1", `C:\Program Files\Unity\Hub\Editor`, `UnityHub\editors-v2.json`} {
		if r.Code != 1 || !strings.Contains(r.Err, want) {
			t.Errorf("open with a version not installed: want exit 1 naming %q:\n%s", want, r)
		}
	}
	e.ok(t, opts{Env: env}, "unitymcp.exe", "stop")
}
