package installer

import (
	"strings"
	"testing"
)

// A TOML key is bare when it is only ASCII letters, digits, _ and -, else
// quoted.
func TestTOMLKey(t *testing.T) {
	t.Parallel()
	for k, want := range map[string]string{
		"a": "a", "z": "z", "A": "A", "Z": "Z", "0": "0", "9": "9", "_": "_", "-": "-",
		"env_vars": "env_vars", "Bq5-x": "Bq5-x", "": `""`,
		"a.b": `"a.b"`, "a b": `"a b"`, "a:b": `"a:b"`, "a[b": `"a[b"`, "a/b": `"a/b"`, "a`b": "\"a`b\"", "a{b": `"a{b"`,
		"a@b": `"a@b"`, "é": `"é"`,
	} {
		if got := tomlKey(k); got != want {
			t.Errorf("tomlKey(%q) = %s, want %s", k, got, want)
		}
	}
}

// An entry written as an array of tables ([[mcp_servers.unity]], which no
// client reads as a server) is not replaced one block at a time: the
// install is refused and the file left as it was.
func TestTOMLArrayOfTablesRefused(t *testing.T) {
	t.Parallel()
	doc := "[[mcp_servers.unity]]\ncommand = \"a\"\n\n[[mcp_servers.unity]]\ncommand = \"b\"\n"
	out, changed, err := setTOMLTable([]byte(doc), "mcp_servers", "unity", obj{{"command", "unitymcp"}})
	if err == nil || changed || out != nil || !strings.Contains(err.Error(), "the file is unchanged") {
		t.Errorf("got %v %v\n%s", changed, err, out)
	}
}
