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
			// An empty object the user had before the install stays, even
			// one that was ours once (a record from an earlier install), or
			// that encoding/json cannot read the file around.
			had := "{\n  \"" + key + "\": {},\n  \"theme\": \"dark\"\n}\n"
			install("{\n  \"theme\": \"dark\"\n}\n")
			install(had)
			if got := uninstall(); got != had {
				t.Errorf("the user's own empty %s (an earlier install's once):\n%s\nwant\n%s", key, got, had)
			}
			odd := "{\n  \"" + key + "\": {},\n  \"x\": 1e400\n}\n"
			install(odd)
			if got := uninstall(); got != odd {
				t.Errorf("the user's own empty %s beside 1e400:\n%s", key, got)
			}
			// Pasted in again by the user after the install, holding their
			// server: the name twice, nothing goes but our entry.
			install("{\n  \"theme\": \"dark\"\n}\n")
			b, _ = os.ReadFile(path)
			pasted := strings.Replace(string(b), "{\n", "{\n  \""+key+"\": {\"theirs\": {\"command\": \"their-server\"}},\n", 1)
			os.WriteFile(path, []byte(pasted), 0o644)
			if got := uninstall(); !strings.Contains(got, "their-server") {
				t.Errorf("the user's server pasted in went:\n%s", got)
			}
			// The file deleted by the user after an install that recorded
			// the object, then made by the next install: the uninstall that
			// removes the file forgets the object too.
			install("{\n  \"theme\": \"dark\"\n}\n")
			os.Remove(path)
			if res, err := InstallClient(req); err != nil || !res.Changed {
				t.Fatalf("install into no file: %+v %v", res, err)
			}
			if res, err := UninstallClient(req); err != nil || !res.Removed {
				t.Fatalf("uninstall of the file it made: %+v %v", res, err)
			}
			if made := (store{req.StateDir}).made(); len(made) != 0 {
				t.Errorf("after the file went the record still holds %v", made)
			}
			// Our entry changed by a second install (another transport):
			// the object is still ours.
			install("{\n  \"theme\": \"dark\"\n}\n")
			other := req
			other.Mode = "stdio"
			if res, err := InstallClient(other); err != nil {
				t.Fatalf("the stdio install: %+v %v", res, err)
			} else if res.Changed {
				if got := uninstall(); got != "{\n  \"theme\": \"dark\"\n}\n" {
					t.Errorf("after a changed entry the uninstall left:\n%s", got)
				}
			}
		})
	}
}

// removeMade takes the made object only when it holds nothing but the
// empty objects down the key path and no comment goes with it; a value,
// another member, a comment in it, above it or after it on its line, or
// the name twice keep it.
func TestRemoveMade(t *testing.T) {
	t.Parallel()
	path := []string{"a", "b", "c"}
	for _, tc := range []struct {
		doc, made string // made: the record, "." separated
		want      string // "" = kept as it was
	}{
		{`{"x": 1, "a": {}}`, "a", `{"x": 1}`},
		{`{"x": 1, "a": {"b": {}}}`, "a", `{"x": 1}`},
		{`{"x": 1, "a": {"b": {"c": {}}}}`, "a", `{"x": 1}`},
		{`{"x": 1, "a": {"b": {"c": {}}}}`, "a.b", `{"x": 1, "a": {}}`},
		{"\ufeff{\"x\": 1, \"a\": {}}", "a", "\ufeff{\"x\": 1}"},
		{"{\n  \"x\": 1,\n  \"a\": {}\n}\n", "a", "{\n  \"x\": 1\n}\n"},
		{`{"a": {"b": {"c": {"s": {}}}}}`, "a", ""}, // a server in it
		{`{"a": {"b": {}, "d": 1}}`, "a", ""},
		{`{"a": {"d": {}}}`, "a", ""},
		{`{"a": {"b": 1}}`, "a", ""},
		{`{"a": []}`, "a", ""},
		{`{"a": {}, "a": {}}`, "a", ""}, // twice: which one is ours?
		{"{\"a\": {\n  // mine\n}}", "a", ""},
		{"{\"a\": {\"b\": {} /* mine */}}", "a", ""},
		{"{\n  \"x\": 1,\n  // mine\n  \"a\": {}\n}\n", "a", ""},                              // on its own line above it
		{"{\n  \"x\": 1,\n  \"a\": {} // mine\n}\n", "a", ""},                                 // on its line after it
		{"{\n  \"a\": {}, // mine\n  \"x\": 1\n}\n", "a", ""},                                 // after its comma
		{"{\n  \"a\" /* mine */ : {},\n  \"x\": 1\n}\n", "a", ""},                             // around its name
		{"{\n  \"x\": 1, // the x's\n  \"a\": {}\n}\n", "a", "{\n  \"x\": 1 // the x's\n}\n"}, // the line before is another's
		{`{"a": {}}`, "z", ""},
		{`{"a": {}}`, "", ""},
		{`{"a": {}}`, "a.b.c.d", ""},
		{`{"a": {}`, "a", ""}, // does not parse
	} {
		var made []string
		if tc.made != "" {
			made = strings.Split(tc.made, ".")
		}
		got, ok := removeMade([]byte(tc.doc), made, path)
		want := tc.want
		if want == "" {
			want = tc.doc
		}
		if string(got) != want || ok != (tc.want != "") {
			t.Errorf("removeMade(%q, %v) = %q, %v; want %q", tc.doc, made, got, ok, want)
		}
	}
	for _, tc := range []struct {
		doc  string
		want int
	}{
		{`{}`, 0}, {`{"a": 1}`, 0}, {`{"a": {}}`, 1}, {`{"a": {"b": {}}}`, 2}, {`{"a": {"b": {"c": {}}}}`, 3},
		{`{"a": {}, "x": 1e400}`, 1}, {"// only\n", 0}, {"", 0}, {"{not json", 3},
	} {
		if got := missingKey([]byte(tc.doc), path); got != tc.want {
			t.Errorf("missingKey(%s) = %d; want %d", tc.doc, got, tc.want)
		}
	}
}
