// Package unityinstall finds the Unity Editor a project needs among the
// installed ones and starts it: the project's
// ProjectSettings/ProjectVersion.txt names the version; Unity Hub's editor
// lists and the default install folders name the installed editors. The
// lookup is pure over an Env (GOOS, home, environment, file reads), so every
// OS's layout is tested on any OS.
package unityinstall

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// UnityEnv names an Editor executable to use instead of discovery.
const UnityEnv = "UNITYMCP_UNITY"

// Env is what discovery reads; OSEnv is the real one.
type Env struct {
	GOOS     string
	Home     string
	Getenv   func(string) string
	ReadFile func(string) ([]byte, error)
	// IsFile reports whether a regular file exists at the path.
	IsFile func(string) bool
	// ReadDir lists a folder's entry names.
	ReadDir func(string) ([]string, error)
}

// OSEnv is the running process's environment.
func OSEnv(goos string) Env {
	home, _ := os.UserHomeDir()
	return Env{GOOS: goos, Home: home, Getenv: os.Getenv, ReadFile: os.ReadFile,
		IsFile: func(p string) bool { st, err := os.Stat(p); return err == nil && st.Mode().IsRegular() },
		ReadDir: func(p string) ([]string, error) {
			es, err := os.ReadDir(p)
			names := make([]string, 0, len(es))
			for _, e := range es {
				names = append(names, e.Name())
			}
			return names, err
		}}
}

// Editor is one installed Unity Editor.
type Editor struct {
	Version string `json:"version"`
	Path    string `json:"path"`
	// Source says where it was found (a Hub file or a default folder).
	Source string `json:"source"`
}

// ProjectVersion reads m_EditorVersion from the project's
// ProjectSettings/ProjectVersion.txt.
func ProjectVersion(projectDir string) (string, error) {
	p := filepath.Join(projectDir, "ProjectSettings", "ProjectVersion.txt")
	b, err := os.ReadFile(p)
	if err != nil {
		return "", fmt.Errorf("reading the project's Unity version: %w", err)
	}
	return parseProjectVersion(b, p)
}

func parseProjectVersion(b []byte, name string) (string, error) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "m_EditorVersion" {
			if v = strings.TrimSpace(v); v != "" {
				return v, nil
			}
		}
	}
	return "", fmt.Errorf("%s has no m_EditorVersion line", name)
}

// join joins path elements with the env's OS separator.
func (e Env) join(elem ...string) string {
	if e.GOOS == "windows" {
		return strings.ReplaceAll(path.Join(slashes(elem)...), "/", `\`)
	}
	return path.Join(elem...)
}

func slashes(elem []string) []string {
	out := make([]string, len(elem))
	for i, s := range elem {
		out[i] = strings.ReplaceAll(s, `\`, "/")
	}
	return out
}

// exeIn is the Editor executable inside a Hub version folder.
func (e Env) exeIn(versionDir string) string {
	switch e.GOOS {
	case "windows":
		return e.join(versionDir, "Editor", "Unity.exe")
	case "darwin":
		return e.join(versionDir, "Unity.app", "Contents", "MacOS", "Unity")
	}
	return e.join(versionDir, "Editor", "Unity")
}

// hubConfigDir is Unity Hub's config folder.
func (e Env) hubConfigDir() string {
	switch e.GOOS {
	case "windows":
		return e.join(e.Getenv("APPDATA"), "UnityHub")
	case "darwin":
		return e.join(e.Home, "Library", "Application Support", "UnityHub")
	}
	if x := e.Getenv("XDG_CONFIG_HOME"); x != "" {
		return e.join(x, "UnityHub")
	}
	return e.join(e.Home, ".config", "UnityHub")
}

// defaultEditorsDir is where Unity Hub installs editors by default.
func (e Env) defaultEditorsDir() string {
	switch e.GOOS {
	case "windows":
		pf := e.Getenv("ProgramFiles")
		if pf == "" {
			pf = `C:\Program Files`
		}
		return e.join(pf, "Unity", "Hub", "Editor")
	case "darwin":
		return "/Applications/Unity/Hub/Editor"
	}
	return e.join(e.Home, "Unity", "Hub", "Editor")
}

// Installed lists the installed editors and the places it looked.
func Installed(e Env) (eds []Editor, looked []string) {
	seen := map[string]bool{}
	add := func(ed Editor) {
		if ed.Version == "" || ed.Path == "" || seen[ed.Path] || !e.IsFile(ed.Path) {
			return
		}
		seen[ed.Path] = true
		eds = append(eds, ed)
	}
	scan := func(dir, source string) {
		looked = append(looked, dir)
		names, _ := e.ReadDir(dir)
		for _, n := range names {
			add(Editor{Version: n, Path: e.exeIn(e.join(dir, n)), Source: source})
		}
	}
	hub := e.hubConfigDir()
	for _, f := range []string{"editors-v2.json", "editors.json"} {
		p := e.join(hub, f)
		looked = append(looked, p)
		if b, err := e.ReadFile(p); err == nil {
			for _, ed := range parseHubEditors(b) {
				ed.Source = p
				add(ed)
			}
		}
	}
	sec := e.join(hub, "secondaryInstallPath.json")
	looked = append(looked, sec)
	if b, err := e.ReadFile(sec); err == nil {
		var dir string
		if json.Unmarshal(b, &dir) == nil && dir != "" {
			scan(dir, sec)
		}
	}
	scan(e.defaultEditorsDir(), "default install folder")
	return eds, looked
}

// parseHubEditors reads a Hub editor list: editors-v2.json is
// {"data":[{"version":…,"location":[exe]}]}, the older editors.json a map
// of version to {"version":…,"location":[exe]}. location may be a string.
func parseHubEditors(b []byte) []Editor {
	type entry struct {
		Version  string          `json:"version"`
		Location json.RawMessage `json:"location"`
	}
	loc := func(raw json.RawMessage) string {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
		var ss []string
		if json.Unmarshal(raw, &ss) == nil && len(ss) > 0 {
			return ss[0]
		}
		return ""
	}
	var v2 struct {
		Data []entry `json:"data"`
	}
	var out []Editor
	if json.Unmarshal(b, &v2) == nil && v2.Data != nil {
		for _, en := range v2.Data {
			out = append(out, Editor{Version: en.Version, Path: loc(en.Location)})
		}
		return out
	}
	var v1 map[string]entry
	if json.Unmarshal(b, &v1) == nil {
		for k, en := range v1 {
			if en.Version == "" {
				en.Version = k
			}
			out = append(out, Editor{Version: en.Version, Path: loc(en.Location)})
		}
	}
	slices.SortFunc(out, func(a, b Editor) int { return strings.Compare(a.Version, b.Version) })
	return out
}

// NotFoundError says a version is not installed: the versions found and
// where discovery looked.
type NotFoundError struct {
	Version string
	Found   []Editor
	Looked  []string
}

func (e *NotFoundError) Error() string {
	vs := make([]string, 0, len(e.Found))
	for _, ed := range e.Found {
		vs = append(vs, ed.Version+" ("+ed.Path+")")
	}
	found := "none"
	if len(vs) > 0 {
		found = strings.Join(vs, ", ")
	}
	return fmt.Sprintf("Unity %s is not installed; installed editors: %s; looked in %s. Install %s with Unity Hub, or name an Editor executable with --unity PATH or $%s",
		e.Version, found, strings.Join(e.Looked, ", "), e.Version, UnityEnv)
}

// Find returns the Editor executable for version: override (a --unity
// flag), else $UNITYMCP_UNITY, else the installed editor of that version.
func Find(e Env, version, override string) (Editor, error) {
	if override == "" {
		override = e.Getenv(UnityEnv)
	}
	if override != "" {
		if !e.IsFile(override) {
			return Editor{}, fmt.Errorf("the Unity Editor %s (--unity or $%s) is not a file", override, UnityEnv)
		}
		return Editor{Version: version, Path: override, Source: "override"}, nil
	}
	eds, looked := Installed(e)
	for _, ed := range eds {
		if ed.Version == version {
			return ed, nil
		}
	}
	return Editor{}, &NotFoundError{Version: version, Found: eds, Looked: looked}
}

// Start runs the Editor on the project (-projectPath DIR) and lets it run
// on its own: the caller does not wait for it.
func Start(exe, projectDir string) (int, error) {
	cmd := exec.Command(exe, "-projectPath", projectDir)
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("starting %s: %w", exe, err)
	}
	pid := cmd.Process.Pid
	// Reap it when it exits (or it stays a zombie under a long-lived daemon).
	go cmd.Wait()
	return pid, nil
}
