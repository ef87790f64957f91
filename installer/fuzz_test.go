package installer

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"github.com/tailscale/hujson"
)

// Merging into any config a user may have: never a panic; the result still
// parses, holds our entry and everything else; a second run changes nothing.
func FuzzSetMember(f *testing.F) {
	for _, s := range []string{`{}`, `{"mcpServers":{"a":1}}`, "// c\n{\n  \"x\": [1,2], /* y */\n  \"mcpServers\": {\n    \"other\": {},\n  },\n}\n", `{"mcpServers":[]}`, ``, `[]`,
		"{ \"mcpServers\":\n  { \"other\": {}\n  , \"b\": 1\n  }\n}", "{\n  \"mcpServers\": {\n    \"o\": {} /* a\n b */\n  }\n}\r\n",
		"{\n  \"t\": 1 // c\n}", "{\"mcpServers\":{\"unity\":1,\"unity\":2}}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		entry := obj{{"command", "unitymcp"}, {"args", []string{"stdio"}}}
		out, changed, err := setMember(doc, []string{"mcpServers"}, ServerName, entry)
		if err != nil {
			return
		}
		std, err := hujson.Standardize(append([]byte(nil), out...))
		if err != nil {
			t.Fatalf("result does not parse: %v\n%s", err, out)
		}
		var m map[string]any
		if err := json.Unmarshal(std, &m); err != nil {
			t.Fatalf("result is not an object: %v", err)
		}
		if got := getMember(out, []string{"mcpServers"}, ServerName); !strings.Contains(string(got), "unitymcp") {
			t.Fatalf("entry missing after a changed=%v merge:\n%s", changed, out)
		}
		again, changed2, err := setMember(out, []string{"mcpServers"}, ServerName, entry)
		if err != nil || changed2 || string(again) != string(out) {
			t.Fatalf("second merge changed the file (err %v)", err)
		}
		removed, ok, err := removeMember(out, []string{"mcpServers"}, ServerName)
		if err != nil || !ok || getMember(removed, []string{"mcpServers"}, ServerName) != nil {
			t.Fatalf("remove failed: %v %v", ok, err)
		}
		if _, err := hujson.Standardize(append([]byte(nil), removed...)); err != nil {
			t.Fatalf("the file after the removal does not parse: %v\n%s", err, removed)
		}
		if json.Valid(doc) && (!json.Valid(out) || !json.Valid(removed)) {
			t.Fatalf("a strict JSON file is no longer strict JSON:\n%s\n---\n%s", out, removed)
		}
	})
}

// Codex's config.toml, whatever it holds: setTOMLTable either refuses
// (a file that is no valid TOML, or an entry in a layout it does not
// rewrite) or writes a file that parses, holds the entry with its meaning,
// and keeps every other top-level key with its value; a second write
// changes nothing, and the removal takes the entry out.
//
//	go test -run XXX -fuzz FuzzTOMLTable -fuzztime 60s ./installer/
func FuzzTOMLTable(f *testing.F) {
	for _, s := range []string{"", "a = 1\n", "[mcp_servers.unity]\ncommand = \"x\"\n[other]\n", "# c\n[mcp_servers.other]\nargs = []",
		"[mcp_servers.unity]\nurl = \"u\"\n\n[mcp_servers.unity.http_headers]\nAuthorization = \"Bearer t\"\n",
		"mcp_servers.unity = { command = \"x\" }\n", "[mcp_servers]\nunity.command = \"x\"\n",
		"[n]\nt = \"\"\"\n[mcp_servers.unity]\n\"\"\"\n[mcp_servers.unity.env]\nA = \"1\"\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		entry := obj{{"command", "unitymcp"}, {"args", []string{"stdio", "--project", doc}}}
		var before map[string]any
		beforeErr := toml.Unmarshal([]byte(doc), &before)
		out, _, err := setTOMLTable([]byte(doc), "mcp_servers", ServerName, entry)
		if err != nil {
			if beforeErr == nil && !errors.Is(err, errTOMLLayout) {
				t.Fatalf("a valid file was refused: %v\n%s", err, doc)
			}
			return
		}
		var after map[string]any
		if err := toml.Unmarshal(out, &after); err != nil {
			t.Fatalf("result does not parse: %v\n%s", err, out)
		}
		if got, ok, _ := tomlEntry(out, "mcp_servers", ServerName); !ok || !sameMeaning(got, entry) {
			t.Fatalf("entry missing or wrong:\n%s", out)
		}
		for k, v := range before {
			if k != "mcp_servers" && !reflect.DeepEqual(plain(after[k]), plain(v)) {
				t.Fatalf("key %q changed from %v to %v", k, v, after[k])
			}
		}
		again, changed, _ := setTOMLTable(out, "mcp_servers", ServerName, entry)
		if changed || string(again) != string(out) {
			t.Fatalf("second write changed the file:\n%s\n---\n%s", out, again)
		}
		removed, ok, err := removeTOMLTable(out, "mcp_servers", ServerName)
		if err != nil || !ok {
			t.Fatalf("remove: %v %v", ok, err)
		}
		if _, still, _ := tomlEntry(removed, "mcp_servers", ServerName); still {
			t.Fatalf("the entry is still there:\n%s", removed)
		}
	})
}

// A project's Packages/manifest.json, whatever it holds: install either
// fails and leaves the file byte for byte as it was, or writes a manifest
// that is still JSON, names our package at the given reference and keeps
// every other dependency with its value.
//
//	go test -run XXX -fuzz FuzzManifest -fuzztime 60s ./installer/
func FuzzManifest(f *testing.F) {
	for _, s := range []string{
		"{\n  \"dependencies\": {\n    \"com.unity.ugui\": \"2.0.0\"\n  }\n}\n",
		`{"dependencies":{},"scopedRegistries":[{"name":"x","url":"u","scopes":["a"]}]}`,
		`{"dependencies":{"io.github.unitymcp.bridge":"file:../old"}}`,
		`{"dependencies":[]}`, `{}`, `[]`, ``, `{"dependencies":{"a":"1",}}`, "\ufeff{\"dependencies\":{}}",
	} {
		f.Add([]byte(s))
	}
	project := f.TempDir()
	for _, d := range []string{"Assets", "ProjectSettings", "Packages"} {
		if err := os.MkdirAll(filepath.Join(project, d), 0o755); err != nil {
			f.Fatal(err)
		}
	}
	const ref = "file:/opt/unitymcp/unity-package"
	stateDir := f.TempDir() // backups accumulate here, never beside the manifest
	f.Fuzz(func(t *testing.T, doc []byte) {
		p := filepath.Join(project, "Packages", "manifest.json")
		if err := os.WriteFile(p, doc, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := InstallUnity(project, ref, stateDir)
		out, rerr := os.ReadFile(p)
		if rerr != nil {
			t.Fatalf("manifest gone after install (err %v)", err)
		}
		if err != nil {
			if string(out) != string(doc) {
				t.Fatalf("failed install (%v) changed the file:\n%q\n→\n%q", err, doc, out)
			}
			return
		}
		var before, after struct {
			Dependencies map[string]any `json:"dependencies"`
		}
		if json.Unmarshal(doc, &before) != nil {
			return // JSONC or worse that the merge accepted: FuzzSetMember checks it still parses
		}
		if err := json.Unmarshal(out, &after); err != nil {
			t.Fatalf("a JSON manifest became invalid JSON: %v\n%s", err, out)
		}
		if after.Dependencies[PackageName] != ref {
			t.Fatalf("package not referenced: %v", after.Dependencies)
		}
		for k, v := range before.Dependencies {
			if k != PackageName && fmt.Sprint(after.Dependencies[k]) != fmt.Sprint(v) {
				t.Fatalf("dependency %s changed from %v to %v", k, v, after.Dependencies[k])
			}
		}
		if InstalledRef(project) != ref {
			t.Fatalf("InstalledRef = %q", InstalledRef(project))
		}
	})
}
