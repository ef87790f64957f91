package installer

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A client config that starts with a UTF-8 byte order mark (Windows
// editors save one) is read, installed into and uninstalled from with the
// mark kept: the uninstall gives the file back byte for byte, and doctor
// and Configured read it.
func TestByteOrderMarkKept(t *testing.T) {
	for _, c := range []struct{ client, rel, doc string }{
		{"claude-code", ".claude.json", "{\r\n  \"theme\": \"dark\",\r\n  \"mcpServers\": {\r\n    \"other\": {\"command\": \"x\"}\r\n  }\r\n}\r\n"},
		{"codex", filepath.Join(".codex", "config.toml"), "# mine\nmodel = \"o3\"\n"},
	} {
		t.Run(c.client, func(t *testing.T) {
			home := t.TempDir()
			path := filepath.Join(home, c.rel)
			os.MkdirAll(filepath.Dir(path), 0o755)
			orig := append([]byte("\xef\xbb\xbf"), c.doc...)
			os.WriteFile(path, orig, 0o644)
			if err := configParses(path, map[bool]string{true: "toml"}[strings.HasSuffix(path, ".toml")]); err != nil {
				t.Errorf("doctor: %v", err)
			}
			req := ClientRequest{Client: c.client, Env: Env{GOOS: "linux", Home: home}, Server: server(), StateDir: t.TempDir()}
			if res, err := InstallClient(req); err != nil || !res.Changed {
				t.Fatalf("install: %+v %v", res, err)
			}
			b, _ := os.ReadFile(path)
			if !bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) || bytes.Count(b, []byte("\xef\xbb\xbf")) != 1 || !strings.Contains(string(b), "127.0.0.1") {
				t.Errorf("after install the mark is not kept once in front:\n%q", b)
			}
			if _, got, err := Configured(req); err != nil || got == "" {
				t.Errorf("Configured: %q %v", got, err)
			}
			if res, err := InstallClient(req); err != nil || res.Changed {
				t.Errorf("a second install changed the file: %+v %v", res, err)
			}
			if res, err := UninstallClient(req); err != nil || !res.Changed {
				t.Fatalf("uninstall: %+v %v", res, err)
			}
			if b, _ := os.ReadFile(path); !bytes.Equal(b, orig) {
				t.Errorf("after uninstall:\n%q\nwant the file as it was:\n%q", b, orig)
			}
		})
	}
}

// A JSONC config whose content is all commented out takes the entry after
// its comments; with nothing to remove, an uninstall leaves it alone, and
// doctor reads it.
func TestCommentedOutConfig(t *testing.T) {
	doc := []byte("// {\n//   \"mcpServers\": {}\n// }\n")
	out, changed, err := setMember(doc, []string{"mcpServers"}, ServerName, obj{{"command", "unitymcp"}})
	want := string(doc) + "{\n  \"mcpServers\": {\n    \"unity\": {\n      \"command\": \"unitymcp\"\n    }\n  }\n}\n"
	if err != nil || !changed || string(out) != want {
		t.Errorf("install into a commented-out file: %v %v\n%s\nwant\n%s", changed, err, out, want)
	}
	if out, changed, err := removeMember(doc, []string{"mcpServers"}, ServerName); err != nil || changed || !bytes.Equal(out, doc) {
		t.Errorf("uninstall from it: %q %v %v; want it unchanged", out, changed, err)
	}
	path := filepath.Join(t.TempDir(), "mcp.json")
	os.WriteFile(path, doc, 0o644)
	if err := configParses(path, "json"); err != nil {
		t.Errorf("doctor: %v", err)
	}
	if _, changed, err := setMember([]byte("// a comment\n{\"a\": "), []string{"mcpServers"}, ServerName, obj{}); err == nil || changed {
		t.Errorf("a broken file after a comment was taken: %v", err)
	}
}
