package installer

import (
	"encoding/json"
	"strings"
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

// Comments stay where they were and with what they describe, line ends stay
// the file's, a name given twice is left once, and strict JSON stays strict
// (an independent review's cases).
func TestMemberEditsKeepComments(t *testing.T) {
	t.Parallel()
	entry := obj{{"command", "unitymcp"}}
	const unity = "\"unity\": {\n      \"command\": \"unitymcp\"\n    }"
	for _, tc := range []struct {
		name, key, doc, want string
	}{
		{"a block comment of two lines after the last member", "servers",
			"{\n  \"servers\": {\n    \"other\": {} /* keep\n       this */\n  }\n}",
			"{\n  \"servers\": {\n    \"other\": {}, /* keep\n       this */\n    " + unity + "\n  }\n}"},
		{"an empty object holding a comment of two lines", "mcpServers",
			"{\n  \"mcpServers\": { /* add\n  here */ }\n}",
			"{\n  \"mcpServers\": { /* add\n  here */\n    " + unity + "\n  }\n}"},
		{"an empty object holding a comment", "mcpServers",
			"{\n  \"mcpServers\": { /* none yet */ }\n}",
			"{\n  \"mcpServers\": { /* none yet */\n    " + unity + "\n  }\n}"},
		{"a comment ending the last member's line, before the brace", "mcpServers",
			"{\n  \"mcpServers\": {\n    \"other\": 1 /* c */ }\n}",
			"{\n  \"mcpServers\": {\n    \"other\": 1, /* c */\n    " + unity + "\n  }\n}"},
		{"the root's last member's comment, when the object is made", "mcpServers",
			"{\n  \"theme\": \"dark\" // my theme\n}",
			"{\n  \"theme\": \"dark\", // my theme\n  \"mcpServers\": {\n    " + unity + "\n  }\n}"},
		{"Windows line ends", "mcpServers",
			"{\r\n  \"mcpServers\": {\r\n    \"other\": 1\r\n  }\r\n}\r\n",
			"{\r\n  \"mcpServers\": {\r\n    \"other\": 1,\r\n    \"unity\": {\r\n      \"command\": \"unitymcp\"\r\n    }\r\n  }\r\n}\r\n"},
		{"a name given twice", "mcpServers",
			"{\n  \"mcpServers\": {\n    \"unity\": {\"command\": \"a\"},\n    \"unity\": {\"command\": \"b\"}\n  }\n}",
			"{\n  \"mcpServers\": {\n    " + unity + "\n  }\n}"},
		{"a name given twice, the last already ours", "mcpServers",
			"{\n  \"mcpServers\": {\n    \"unity\": {\"command\": \"a\"},\n    \"unity\": {\n      \"command\": \"unitymcp\"\n    }\n  }\n}",
			"{\n  \"mcpServers\": {\n    " + unity + "\n  }\n}"},
		{"a comment after the colon", "mcpServers",
			"{\n  \"mcpServers\": {\n    \"unity\": /* pinned */ {\"command\": \"old\"}\n  }\n}",
			"{\n  \"mcpServers\": {\n    \"unity\": /* pinned */ {\n      \"command\": \"unitymcp\"\n    }\n  }\n}"},
	} {
		out, changed, err := setMember([]byte(tc.doc), []string{tc.key}, ServerName, entry)
		if err != nil || !changed || string(out) != tc.want {
			t.Errorf("set, %s: %v %v\ngot  %q\nwant %q", tc.name, changed, err, out, tc.want)
			continue
		}
		if again, changed, _ := setMember(out, []string{tc.key}, ServerName, entry); changed || string(again) != string(out) {
			t.Errorf("set again, %s: changed the file to %q", tc.name, again)
		}
	}
	for _, tc := range []struct {
		name, doc, want string
	}{
		{"comma first, strict JSON",
			"{ \"mcpServers\":\n  { \"other\": {\"command\": \"x\"}\n  , \"unity\": {\"command\": \"y\"}\n  }\n}",
			"{ \"mcpServers\":\n  { \"other\": {\"command\": \"x\"}\n  }\n}"},
		{"a space before the comma, strict JSON",
			"{\n  \"mcpServers\": {\n    \"other\": 1 ,\n    \"unity\": 2\n  }\n}",
			"{\n  \"mcpServers\": {\n    \"other\": 1\n  }\n}"},
		{"the previous member's comment, when ours was last",
			"{\n  \"mcpServers\": {\n    \"other\": 1, // other's note\n    \"unity\": 2\n  }\n}",
			"{\n  \"mcpServers\": {\n    \"other\": 1 // other's note\n  }\n}"},
		{"the previous member's comment, when ours was not last",
			"{\n  \"mcpServers\": {\n    \"a\": 1, // a's note\n    \"unity\": 2,\n    \"b\": 3\n  }\n}",
			"{\n  \"mcpServers\": {\n    \"a\": 1, // a's note\n    \"b\": 3\n  }\n}"},
		{"a comment between the previous value and its comma",
			"{\n  \"mcpServers\": {\n    \"a\": 1 /* a */,\n    \"unity\": 2\n  }\n}",
			"{\n  \"mcpServers\": {\n    \"a\": 1 /* a */\n  }\n}"},
		{"the previous member's comment, Windows line ends",
			"{\r\n  \"mcpServers\": {\r\n    \"a\": 1, // c\r\n    \"unity\": 2\r\n  }\r\n}",
			"{\r\n  \"mcpServers\": {\r\n    \"a\": 1 // c\r\n  }\r\n}"},
		{"a block comment kept on a one-line object",
			"{\"mcpServers\": {\"a\": 1, /* c */ \"unity\": 2}}",
			"{\"mcpServers\": {\"a\": 1 /* c */}}"},
		{"a line comment kept before a brace on the same line",
			"{\"mcpServers\": {\"a\": 1, // c\n\"unity\": 2}}",
			"{\"mcpServers\": {\"a\": 1 // c\n}}"},
		{"the entry's own comment after it",
			"{\n  \"mcpServers\": {\n    \"a\": 1,\n    \"unity\": 2, // the unity server\n    \"b\": 3\n  }\n}",
			"{\n  \"mcpServers\": {\n    \"a\": 1,\n    \"b\": 3\n  }\n}"},
		{"the entry's own comment after it, last",
			"{\n  \"mcpServers\": {\n    \"a\": 1,\n    \"unity\": 2 // the unity server\n  }\n}",
			"{\n  \"mcpServers\": {\n    \"a\": 1\n  }\n}"},
		{"a comment on a one-line object stays",
			"{\"mcpServers\": {\"unity\": 1, /* c */ \"b\": 2}}",
			"{\"mcpServers\": { /* c */ \"b\": 2}}"},
		{"a comment on a one-line object stays, ours last",
			"{\"mcpServers\": {\"a\": 1, \"unity\": 2 /* c */}}",
			"{\"mcpServers\": {\"a\": 1 /* c */}}"},
		{"a name given twice",
			"{\n  \"mcpServers\": {\n    \"unity\": 1,\n    \"a\": 2,\n    \"unity\": 3\n  }\n}",
			"{\n  \"mcpServers\": {\n    \"a\": 2\n  }\n}"},
	} {
		out, ok, err := removeMember([]byte(tc.doc), []string{"mcpServers"}, ServerName)
		if err != nil || !ok || string(out) != tc.want {
			t.Errorf("remove, %s: %v %v\ngot  %q\nwant %q", tc.name, ok, err, out, tc.want)
		}
		if !strings.Contains(tc.doc, "//") && !strings.Contains(tc.doc, "/*") && !json.Valid(out) {
			t.Errorf("remove, %s: a strict JSON file is no longer strict JSON: %q", tc.name, out)
		}
	}
	if out, ok, err := removeMember(nil, []string{"mcpServers"}, ServerName); err != nil || ok || len(out) != 0 {
		t.Errorf("remove from an empty file: %v %v %q", ok, err, out)
	}
}

// lineRest splits what follows a value where its line ends: a line
// comment ends there, a block comment that begins on the line is kept
// whole whatever its lines, and a Windows line end is part of the rest.
func TestLineRest(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ extra, lead, rest string }{
		{"", "", ""},
		{" // c\n  ", " // c", "\n  "},
		{" // c", " // c", ""},
		{" /* a\n b */ // c\r\n  ", " /* a\n b */ // c", "\r\n  "},
		{" /* a *//* b\n */\n", " /* a *//* b\n */", "\n"},
		{" /**/\n", " /**/", "\n"},
		{" /* never closed\n", " /* never closed\n", ""},
		{"\r\n", "", "\r\n"},
	} {
		if lead, rest := lineRest(tc.extra); lead != tc.lead || rest != tc.rest {
			t.Errorf("lineRest(%q) = %q, %q; want %q, %q", tc.extra, lead, rest, tc.lead, tc.rest)
		}
	}
}
