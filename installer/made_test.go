package installer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A config that had no servers' object before the install gets it back
// without one: install then uninstall gives the file back byte for byte,
// in every JSON and JSONC client. The object stays when it holds the
// user's since (a server, a comment), and an empty one the user had
// before is theirs.
func TestInstallMadeObjectGoesWithIt(t *testing.T) {
	for _, c := range Clients {
		if c.Format == "toml" {
			continue // Codex's table goes whole; it has no object around it
		}
		t.Run(c.Name, func(t *testing.T) {
			home := t.TempDir()
			req := ClientRequest{Client: c.Name, Env: Env{GOOS: "linux", Home: home, Project: filepath.Join(home, "Game")},
				Server: server(), StateDir: t.TempDir()}
			_, path, err := req.resolve()
			if err != nil {
				t.Fatal(err)
			}
			os.MkdirAll(filepath.Dir(path), 0o755)
			install := func(doc string) {
				t.Helper()
				if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
				if res, err := InstallClient(req); err != nil || !res.Changed {
					t.Fatalf("install into %q: %+v %v", doc, res, err)
				}
			}
			uninstall := func() string {
				t.Helper()
				if res, err := UninstallClient(req); err != nil || !res.Changed {
					t.Fatalf("uninstall: %+v %v", res, err)
				}
				b, _ := os.ReadFile(path)
				return string(b)
			}
			for _, doc := range []string{
				"{\n  \"numStartups\": 3\n}\n",
				`{"numStartups": 3, "projects": {}}`,
				"{\r\n\t\"theme\": \"dark\",\r\n\t\"numbers\": [1, 2]\r\n}\r\n",
				"\ufeff{\n  \"theme\": \"dark\"\n}\n",
				"// settings\n{\n  \"theme\": \"dark\", // mine\n}\n",
			} {
				if strings.Contains(doc, "//") && c.Format == "json" {
					continue // comments only where the client reads them
				}
				install(doc)
				if got := uninstall(); got != doc {
					t.Errorf("install then uninstall of %q gave back %q", doc, got)
				}
				if made := (store{req.StateDir}).made(); len(made) != 0 {
					t.Errorf("after the uninstall the record still holds %v", made)
				}
			}
			key := c.Key[0]
			// The user's server, added after the install, keeps the object.
			install("{\n  \"theme\": \"dark\"\n}\n")
			b, _ := os.ReadFile(path)
			theirs, _, err := setMember(b, c.Key, "theirs", obj{{"command", "their-server"}})
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(path, theirs, 0o644)
			if got := uninstall(); !strings.Contains(got, `"`+key+`"`) || !strings.Contains(got, "their-server") {
				t.Errorf("the user's server went with the object:\n%s", got)
			}
			// An empty object the user had before the install stays.
			had := "{\n  \"" + key + "\": {},\n  \"theme\": \"dark\"\n}\n"
			install(had)
			if got := uninstall(); !strings.Contains(got, `"`+key+`": {}`) {
				t.Errorf("the user's own empty %s went:\n%s", key, got)
			}
		})
	}
}

// hollow: the objects down the key path, empty, and nothing else; a
// comment, a value or another member anywhere in them is the user's.
func TestHollow(t *testing.T) {
	t.Parallel()
	path := []string{"a", "b", "c"}
	for _, tc := range []struct {
		doc  string
		made []string
		want bool
	}{
		{`{"a": {}}`, path[:1], true},
		{`{"a": {"b": {}}}`, path[:1], true},
		{`{"a": {"b": {"c": {}}}}`, path[:1], true},
		{`{"a": {"b": {"c": {}}}}`, path[:2], true},
		{`{"x": 1, "a": {"b": {}}}`, path[:1], true},
		{`{"a": {"b": {"c": {"s": {}}}}}`, path[:1], false}, // a server in it
		{`{"a": {"b": {}, "d": 1}}`, path[:1], false},
		{`{"a": {"d": {}}}`, path[:1], false},
		{`{"a": {"b": 1}}`, path[:1], false},
		{`{"a": []}`, path[:1], false},
		{"{\"a\": {\n  // mine\n}}", path[:1], false},
		{"{\"a\": {\"b\": {} /* mine */}}", path[:1], false},
		{`{"a": {}}`, []string{"z"}, false},
		{`{"a": {}}`, nil, false},
		{`{"a": {}}`, []string{"a", "b", "c", "d"}, false},
		{`{"a": {}`, path[:1], false}, // does not parse
		{"\ufeff{\"a\": {}}", path[:1], true},
	} {
		if got := hollow([]byte(tc.doc), tc.made, path); got != tc.want {
			t.Errorf("hollow(%s, %v) = %v; want %v", tc.doc, tc.made, got, tc.want)
		}
	}
	for _, tc := range []struct {
		doc  string
		want int
	}{
		{`{}`, 0}, {`{"a": 1}`, 1}, {`{"a": {}}`, 1}, {`{"a": {"b": {}}}`, 2}, {`{"a": {"b": {"c": {}}}}`, 3},
	} {
		if got := missingKey([]byte(tc.doc), path); got != tc.want {
			t.Errorf("missingKey(%s) = %d; want %d", tc.doc, got, tc.want)
		}
	}
}
