package installer

import (
	"errors"
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

// Headers are what the TOML parser reads as headers: a line inside a
// multi-line string or array that looks like one neither starts nor ends
// the entry's table, and the entry's sub-tables are replaced or removed
// wherever in the file they stand. Every other line stays byte for byte.
func TestTOMLTablesAsParsed(t *testing.T) {
	t.Parallel()
	entry := obj{{"command", "unitymcp"}}
	const table = "[mcp_servers.unity]\ncommand = \"unitymcp\"\n"
	for _, tc := range []struct {
		name, doc, set, removed string
	}{{
		name:    "a header-like line in another table's string",
		doc:     "[notes]\ntext = \"\"\"\n[mcp_servers.unity]\ncommand = \"not this\"\n\"\"\"\n\n[mcp_servers.unity]\ncommand = \"old\"\n",
		set:     "[notes]\ntext = \"\"\"\n[mcp_servers.unity]\ncommand = \"not this\"\n\"\"\"\n\n" + table,
		removed: "[notes]\ntext = \"\"\"\n[mcp_servers.unity]\ncommand = \"not this\"\n\"\"\"\n",
	}, {
		name:    "a header-like line in the entry's own literal string",
		doc:     "[mcp_servers.unity]\ncommand = \"old\"\ndescription = '''\n[other]\n'''\n\n[mcp_servers.other]\ncommand = \"x\"\n",
		set:     table + "\n[mcp_servers.other]\ncommand = \"x\"\n",
		removed: "[mcp_servers.other]\ncommand = \"x\"\n",
	}, {
		name:    "a table-like line in the entry's multi-line array",
		doc:     "[mcp_servers.unity]\ncommand = \"old\"\nargs = [\n[\"x\"]\n]\n\n[other]\nk = 1\n",
		set:     table + "\n[other]\nk = 1\n",
		removed: "[other]\nk = 1\n",
	}, {
		name:    "a sub-table before the table",
		doc:     "# mine\n[mcp_servers.unity.env]\nA = \"1\"\n\n[mcp_servers.unity]\ncommand = \"old\"\n\n[other]\nk = 1\n",
		set:     "# mine\n" + table + "\n[other]\nk = 1\n",
		removed: "# mine\n\n[other]\nk = 1\n",
	}, {
		name:    "a sub-table after another table",
		doc:     "[mcp_servers.unity]\ncommand = \"old\"\n\n[other]\nk = 1\n\n[mcp_servers.unity.env]\nA = \"1\"\n",
		set:     table + "\n[other]\nk = 1\n",
		removed: "[other]\nk = 1\n",
	}, {
		name:    "a comment above the next table, and one ending the entry's line",
		doc:     "[mcp_servers.unity]\ncommand = \"old\" # mine\n\n# Second server, keep this note\n[mcp_servers.other]\ncommand = \"x\"\n",
		set:     table + "\n# Second server, keep this note\n[mcp_servers.other]\ncommand = \"x\"\n",
		removed: "# Second server, keep this note\n[mcp_servers.other]\ncommand = \"x\"\n",
	}, {
		name:    "a comment among the entry's keys",
		doc:     "[mcp_servers.unity]\n# how it starts\ncommand = \"old\"\n\n[other]\nk = 1\n",
		set:     table + "\n[other]\nk = 1\n",
		removed: "[other]\nk = 1\n",
	}, {
		name:    "a comment above the entry's table, which has no keys of its own",
		doc:     "# servers\n[mcp_servers.unity]\n[mcp_servers.unity.env]\nA = \"1\"\n",
		set:     "# servers\n" + table,
		removed: "# servers\n",
	}, {
		name:    "a server commented out at the end of the file",
		doc:     "[a]\nk = 1\n\n[mcp_servers.unity]\ncommand = \"old\"\n\n# disabled for now:\n# [mcp_servers.foo]\n# command = \"foo\"\n",
		set:     "[a]\nk = 1\n\n" + table + "\n# disabled for now:\n# [mcp_servers.foo]\n# command = \"foo\"\n",
		removed: "[a]\nk = 1\n\n# disabled for now:\n# [mcp_servers.foo]\n# command = \"foo\"\n",
	}, {
		name:    "a sub-table apart, above another table's comment",
		doc:     "[mcp_servers.unity]\ncommand = \"old\"\n\n[x]\nk = 1\n\n[mcp_servers.unity.env]\nA = \"1\"\n\n# y: keep\n[y]\nk = 2\n",
		set:     table + "\n[x]\nk = 1\n\n# y: keep\n[y]\nk = 2\n",
		removed: "[x]\nk = 1\n\n# y: keep\n[y]\nk = 2\n",
	}, {
		name:    "a multi-line string whose last line looks like a comment",
		doc:     "[mcp_servers.unity]\ncommand = \"old\"\nnote = \"\"\"\nline\n# last\"\"\"\n[other]\nk = 1\n",
		set:     table + "\n[other]\nk = 1\n",
		removed: "[other]\nk = 1\n",
	}, {
		name:    "Windows line ends",
		doc:     "[a]\r\nk = 1\r\n\r\n[mcp_servers.unity]\r\ncommand = \"old\"\r\n\r\n[mcp_servers.unity.env]\r\nA = \"1\"\r\n\r\n[other]\r\nk = 1\r\n",
		set:     "[a]\r\nk = 1\r\n\r\n[mcp_servers.unity]\r\ncommand = \"unitymcp\"\r\n\r\n[other]\r\nk = 1\r\n",
		removed: "[a]\r\nk = 1\r\n\r\n[other]\r\nk = 1\r\n",
	}, {
		name:    "quoted and spaced keys",
		doc:     "[ mcp_servers . \"unity\" ]\ncommand = \"old\"\n[ \"mcp_servers\".unity.env ]\nA = \"1\"\n",
		set:     table,
		removed: "",
	}} {
		out, changed, err := setTOMLTable([]byte(tc.doc), "mcp_servers", "unity", entry)
		if err != nil || !changed || string(out) != tc.set {
			t.Errorf("%s: set gave %v %v\n%q\nwant\n%q", tc.name, changed, err, out, tc.set)
		}
		out, ok, err := removeTOMLTable([]byte(tc.doc), "mcp_servers", "unity")
		if err != nil || !ok || string(out) != tc.removed {
			t.Errorf("%s: remove gave %v %v\n%q\nwant\n%q", tc.name, ok, err, out, tc.removed)
		}
	}
}

// A file with Windows line ends keeps them when the entry is added; one
// whose lines end as on Unix keeps those, whatever a string holds.
func TestTOMLAppendKeepsLineEnds(t *testing.T) {
	t.Parallel()
	for doc, want := range map[string]string{
		"[other]\r\nk = 1":              "[other]\r\nk = 1\r\n\r\n[mcp_servers.unity]\r\ncommand = \"unitymcp\"\r\n",
		"[a]\ns = \"\"\"x\r\ny\"\"\"\n": "[a]\ns = \"\"\"x\r\ny\"\"\"\n\n[mcp_servers.unity]\ncommand = \"unitymcp\"\n",
	} {
		out, changed, err := setTOMLTable([]byte(doc), "mcp_servers", "unity", obj{{"command", "unitymcp"}})
		if err != nil || !changed || string(out) != want {
			t.Errorf("%q: got %v %v %q, want %q", doc, changed, err, out, want)
		}
	}
}

// Dotted keys under [mcp_servers] beside a sub-table of the entry (valid
// TOML) are a layout the installer does not rewrite: refused as such, with
// what to do, and the file unchanged.
func TestTOMLDottedBesideSubtable(t *testing.T) {
	t.Parallel()
	doc := "[mcp_servers]\nunity.command = \"old\"\n[mcp_servers.unity.env]\nA = \"1\"\n"
	out, changed, err := setTOMLTable([]byte(doc), "mcp_servers", "unity", obj{{"command", "unitymcp"}})
	if !errors.Is(err, errTOMLLayout) || changed || out != nil || !strings.Contains(err.Error(), "move its keys into [mcp_servers.unity]") {
		t.Errorf("got %v %v %q", changed, err, out)
	}
}

// An entry written as an array of tables is removed whole, every block of
// it; a file without the entry is left as it is; an inline table, and dotted
// keys that a removal of tables would leave behind, are refused with the
// file unchanged.
func TestTOMLRemoveWhole(t *testing.T) {
	t.Parallel()
	doc := "[[mcp_servers.unity]]\ncommand = \"a\"\n\n[other]\nk = 1\n\n[[mcp_servers.unity]]\ncommand = \"b\"\n"
	if out, ok, err := removeTOMLTable([]byte(doc), "mcp_servers", "unity"); err != nil || !ok || string(out) != "[other]\nk = 1\n" {
		t.Errorf("array of tables: %v %v %q", ok, err, out)
	}
	for _, doc := range []string{"", "[mcp_servers.other]\ncommand = \"x\"\n"} {
		if out, ok, err := removeTOMLTable([]byte(doc), "mcp_servers", "unity"); err != nil || ok || string(out) != doc {
			t.Errorf("no entry in %q: %v %v %q", doc, ok, err, out)
		}
	}
	doc = "mcp_servers.unity = { command = \"x\" }\n"
	if out, ok, err := removeTOMLTable([]byte(doc), "mcp_servers", "unity"); !errors.Is(err, errTOMLLayout) || ok || out != nil {
		t.Errorf("an inline table: %v %v %q", ok, err, out)
	}
	doc = "[mcp_servers]\nunity.command = \"x\"\n\n[mcp_servers.unity.env]\nA = \"1\"\n"
	if out, ok, err := removeTOMLTable([]byte(doc), "mcp_servers", "unity"); err == nil || ok || out != nil || !strings.Contains(err.Error(), "the file is unchanged") {
		t.Errorf("dotted keys beside a sub-table: %v %v %q", ok, err, out)
	}
}
