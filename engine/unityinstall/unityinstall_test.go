package unityinstall

import (
	"errors"
	"path"
	"strings"
	"testing"
)

// fakeEnv is a file tree in memory: files maps a path to its contents.
func fakeEnv(goos, home string, env map[string]string, files map[string]string) Env {
	norm := func(p string) string { return strings.ReplaceAll(p, `\`, "/") }
	return Env{GOOS: goos, Home: home, Getenv: func(k string) string { return env[k] },
		ReadFile: func(p string) ([]byte, error) {
			if s, ok := files[norm(p)]; ok {
				return []byte(s), nil
			}
			return nil, errors.New("no such file")
		},
		IsFile: func(p string) bool { _, ok := files[norm(p)]; return ok },
		ReadDir: func(p string) ([]string, error) {
			seen := map[string]bool{}
			var out []string
			pre := norm(p) + "/"
			for f := range files {
				if rest, ok := strings.CutPrefix(f, pre); ok {
					n, _, _ := strings.Cut(rest, "/")
					if !seen[n] {
						seen[n] = true
						out = append(out, n)
					}
				}
			}
			return out, nil
		}}
}

func TestFind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, goos, home, version string
		env                       map[string]string
		files                     map[string]string
		want                      string // "" = not found
	}{
		{name: "linux default", goos: "linux", home: "/home/u", version: "6000.0.1f1",
			files: map[string]string{"/home/u/Unity/Hub/Editor/6000.0.1f1/Editor/Unity": ""},
			want:  "/home/u/Unity/Hub/Editor/6000.0.1f1/Editor/Unity"},
		{name: "darwin default", goos: "darwin", home: "/Users/u", version: "2022.3.5f1",
			files: map[string]string{"/Applications/Unity/Hub/Editor/2022.3.5f1/Unity.app/Contents/MacOS/Unity": ""},
			want:  "/Applications/Unity/Hub/Editor/2022.3.5f1/Unity.app/Contents/MacOS/Unity"},
		{name: "windows default", goos: "windows", version: "2021.3.1f1", env: map[string]string{"ProgramFiles": `C:\Program Files`},
			files: map[string]string{"C:/Program Files/Unity/Hub/Editor/2021.3.1f1/Editor/Unity.exe": ""},
			want:  `C:\Program Files\Unity\Hub\Editor\2021.3.1f1\Editor\Unity.exe`},
		{name: "linux hub editors-v2", goos: "linux", home: "/home/u", version: "2023.1.0f1",
			files: map[string]string{
				"/home/u/.config/UnityHub/editors-v2.json": `{"schema_version":"v2","data":[{"version":"2023.1.0f1","location":["/opt/u/Editor/Unity"],"manual":true}]}`,
				"/opt/u/Editor/Unity":                      ""},
			want: "/opt/u/Editor/Unity"},
		{name: "darwin hub editors.json v1", goos: "darwin", home: "/Users/u", version: "2020.3.1f1",
			files: map[string]string{
				"/Users/u/Library/Application Support/UnityHub/editors.json": `{"2020.3.1f1":{"version":"2020.3.1f1","location":["/X/Unity.app/Contents/MacOS/Unity"]}}`,
				"/X/Unity.app/Contents/MacOS/Unity":                          ""},
			want: "/X/Unity.app/Contents/MacOS/Unity"},
		{name: "windows secondaryInstallPath", goos: "windows", version: "6000.1.0f1", env: map[string]string{"APPDATA": `C:\Users\u\AppData\Roaming`},
			files: map[string]string{
				"C:/Users/u/AppData/Roaming/UnityHub/secondaryInstallPath.json": `"D:\\Unity"`,
				"D:/Unity/6000.1.0f1/Editor/Unity.exe":                          ""},
			want: `D:\Unity\6000.1.0f1\Editor\Unity.exe`},
		{name: "hub entry whose file is gone", goos: "linux", home: "/home/u", version: "2023.1.0f1",
			files: map[string]string{"/home/u/.config/UnityHub/editors-v2.json": `{"data":[{"version":"2023.1.0f1","location":"/gone/Unity"}]}`}},
		{name: "env override", goos: "linux", home: "/home/u", version: "1.0", env: map[string]string{UnityEnv: "/my/Unity"},
			files: map[string]string{"/my/Unity": ""}, want: "/my/Unity"},
		{name: "other version only", goos: "linux", home: "/home/u", version: "6000.0.1f1",
			files: map[string]string{"/home/u/Unity/Hub/Editor/2022.3.0f1/Editor/Unity": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ed, err := Find(fakeEnv(tt.goos, tt.home, tt.env, tt.files), tt.version, "")
			if tt.want == "" {
				var nf *NotFoundError
				if !errors.As(err, &nf) {
					t.Fatalf("got %v, %v, want a NotFoundError", ed, err)
				}
				return
			}
			if err != nil || ed.Path != tt.want {
				t.Fatalf("got %q, %v, want %q", ed.Path, err, tt.want)
			}
		})
	}
}

// A missing version's error names the versions found and where it looked.
func TestNotFoundNamesVersionsAndPlaces(t *testing.T) {
	t.Parallel()
	env := fakeEnv("linux", "/home/u", nil, map[string]string{"/home/u/Unity/Hub/Editor/2022.3.0f1/Editor/Unity": ""})
	_, err := Find(env, "6000.0.1f1", "")
	if err == nil {
		t.Fatal("got nil, want an error")
	}
	for _, want := range []string{"6000.0.1f1", "2022.3.0f1", "/home/u/Unity/Hub/Editor", path.Join("/home/u/.config/UnityHub", "editors-v2.json"), "--unity"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
}

func TestParseProjectVersion(t *testing.T) {
	t.Parallel()
	v, err := parseProjectVersion([]byte("m_EditorVersion: 6000.0.23f1\nm_EditorVersionWithRevision: 6000.0.23f1 (1c4764c07fb4)\n"), "x")
	if err != nil || v != "6000.0.23f1" {
		t.Fatalf("got %q, %v, want 6000.0.23f1", v, err)
	}
	if _, err := parseProjectVersion([]byte("nothing\n"), "x"); err == nil {
		t.Fatal("got nil, want an error for a file without m_EditorVersion")
	}
}
