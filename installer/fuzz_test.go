package installer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/tailscale/hujson"
)

// Merging into any config a user may have: never a panic; the result still
// parses, holds our entry and everything else; a second run changes nothing.
func FuzzSetMember(f *testing.F) {
	for _, s := range []string{`{}`, `{"mcpServers":{"a":1}}`, "// c\n{\n  \"x\": [1,2], /* y */\n  \"mcpServers\": {\n    \"other\": {},\n  },\n}\n", `{"mcpServers":[]}`, ``, `[]`} {
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
		if removed, ok, err := removeMember(out, []string{"mcpServers"}, ServerName); err != nil || !ok || getMember(removed, []string{"mcpServers"}, ServerName) != nil {
			t.Fatalf("remove failed: %v %v", ok, err)
		}
	})
}

func FuzzTOMLTable(f *testing.F) {
	for _, s := range []string{"", "a = 1\n", "[mcp_servers.unity]\ncommand = \"x\"\n[other]\n", "# c\n[mcp_servers.other]\nargs = []"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		entry := obj{{"command", "unitymcp"}, {"args", []string{"stdio", "--project", doc}}}
		out, _, err := setTOMLTable([]byte(doc), "mcp_servers", ServerName, entry)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(getTOMLTable(out, "mcp_servers", ServerName), `command = "unitymcp"`) {
			t.Fatalf("table missing:\n%s", out)
		}
		again, changed, _ := setTOMLTable(out, "mcp_servers", ServerName, entry)
		if changed || string(again) != string(out) {
			t.Fatalf("second write changed the file:\n%s\n---\n%s", out, again)
		}
	})
}
