package platform

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDataDirRule(t *testing.T) {
	t.Parallel()
	abs, _ := filepath.Abs("rel/home")
	cases := []struct {
		name, goos string
		env        map[string]string
		home, want string
	}{
		{"override wins", "linux", map[string]string{HomeEnv: "rel/home", "XDG_DATA_HOME": "/x"}, "/h", abs},
		{"xdg honoured", "linux", map[string]string{"XDG_DATA_HOME": "/xdg"}, "/h", filepath.Join("/xdg", "UnityMCP")},
		{"relative xdg ignored", "linux", map[string]string{"XDG_DATA_HOME": "xdg"}, "/h", filepath.Join("/h", ".local/share/UnityMCP")},
		{"linux default", "linux", nil, "/h", filepath.Join("/h", ".local/share/UnityMCP")},
		{"mac like linux, no xdg", "darwin", map[string]string{"XDG_DATA_HOME": "/xdg"}, "/h", filepath.Join("/h", ".local/share/UnityMCP")},
		{"windows localappdata", "windows", map[string]string{"LOCALAPPDATA": `C:\Users\u\AppData\Local`}, `C:\Users\u`, filepath.Join(`C:\Users\u\AppData\Local`, "UnityMCP")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := dataDir(c.goos, func(k string) string { return c.env[k] }, c.home)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	if _, err := dataDir("linux", func(string) string { return "" }, ""); err == nil {
		t.Error("no home and no override gave no error")
	}
}

func TestWriteFileAtomic(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "token")
	if err := WriteFileAtomic(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(p, []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	if string(b) != "two" {
		t.Fatalf("got %q, want %q", b, "two")
	}
	if err := CheckOwnerOnly(p); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}
