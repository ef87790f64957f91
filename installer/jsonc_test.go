package installer

import (
	"testing"
)

// The indentation step is read from the first indented line: a tab, four
// spaces (or a multiple of four, when no line is indented by two), else
// two; lines without indentation and blank lines say nothing.
func TestIndentUnit(t *testing.T) {
	t.Parallel()
	for doc, want := range map[string]string{
		"{\n    \"a\": 1\n}\n":                              "    ",
		"{\n        \"a\": 1\n}\n":                          "    ",
		"{\n\t\"a\": 1\n}\n":                                "\t",
		"{\n  \"a\": {\n    \"b\": 1\n  }\n}\n":             "  ",
		"{\n    \"a\": {\n  \"b\": 1\n    }\n}\n":           "  ",
		"{\n   \"a\": 1\n}\n":                               "  ",
		"{\n      \"a\": 1\n}\n":                            "  ",
		"{\n \"a\": 1\n}\n":                                 " ",
		"{\n    \n\t\"a\": 1\n}\n":                          "\t",
		"{\"a\": 1}":                                        "  ",
		"// settings\n{\n    \"a\": [\n        1\n    ]\n}": "    ",
	} {
		if got := indentUnit([]byte(doc)); got != want {
			t.Errorf("indentUnit(%q) = %q, want %q", doc, got, want)
		}
	}
}

// A merge writes the entry in the file's own layout: four-space files get
// four-space entries, a new member lines up with the members already
// there (wherever they sit), and an empty object on one line stays on it.
func TestSetMemberKeepsTheLayout(t *testing.T) {
	t.Parallel()
	entry := obj{{"command", "unitymcp"}}
	for _, tc := range []struct{ name, doc, want string }{
		{"four spaces",
			"{\n    \"mcpServers\": {\n        \"other\": {\n            \"command\": \"x\"\n        }\n    }\n}\n",
			"{\n    \"mcpServers\": {\n        \"other\": {\n            \"command\": \"x\"\n        },\n        \"unity\": {\n            \"command\": \"unitymcp\"\n        }\n    }\n}\n"},
		{"members deeper than the step",
			"{\n  \"mcpServers\": {\n        \"other\": 1\n  }\n}\n",
			"{\n  \"mcpServers\": {\n        \"other\": 1,\n        \"unity\": {\n          \"command\": \"unitymcp\"\n        }\n  }\n}\n"},
		{"a comment before the first member",
			"{\n  \"mcpServers\": {\n    /* mine */ \"other\": 1\n  }\n}\n",
			"{\n  \"mcpServers\": {\n    /* mine */ \"other\": 1,\n    \"unity\": {\n      \"command\": \"unitymcp\"\n    }\n  }\n}\n"},
		{"empty object on a one-line document",
			`{"a": 1, "mcpServers": {}}`,
			`{"a": 1, "mcpServers": {"unity":{"command":"unitymcp"}}}`},
	} {
		out, changed, err := setMember([]byte(tc.doc), []string{"mcpServers"}, ServerName, entry)
		if err != nil || !changed || string(out) != tc.want {
			t.Errorf("%s: %v %v\ngot\n%s\nwant\n%s", tc.name, changed, err, out, tc.want)
		}
	}
}

// Removing the only member of an object written with a trailing comma
// leaves the object empty.
func TestRemoveOnlyMemberWithTrailingComma(t *testing.T) {
	t.Parallel()
	doc := "{\n  \"mcpServers\": {\n    \"unity\": {\"command\": \"unitymcp\"},\n  },\n}\n"
	out, changed, err := removeMember([]byte(doc), []string{"mcpServers"}, ServerName)
	if want := "{\n  \"mcpServers\": {},\n}\n"; err != nil || !changed || string(out) != want {
		t.Errorf("%v %v\ngot\n%s\nwant\n%s", changed, err, out, want)
	}
}
