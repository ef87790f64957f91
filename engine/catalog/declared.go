package catalog

import (
	"log/slog"
	"slices"
	"strings"
	"unicode"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
)

// Tools an editor declares (C# attribute tools) are listed to every client
// of the project under the names and texts the editor chose, and whoever
// holds the token can be that editor. So a declared tool is listed only
// when its name is one MCP allows (api.ValidToolName: a slash, a newline or
// 100,000 characters are not), is not a built-in's and does not look like
// one (Compile, compіle with a Cyrillic і, get_logs beside get-logs: an
// agent would call the wrong tool), and its schema and description are
// within bounds (api.MaxDeclaredSchema, api.MaxDeclaredDescription; all of
// an editor's tools together api.MaxDeclaredBytes).

// FromDeclared converts the tools an editor declared, skipping (with a
// warning naming the tool and why) every one the rules above refuse or
// whose schema cannot be read.
func FromDeclared(decl []api.DeclaredTool, builtins []*Tool, log *slog.Logger) []*Tool {
	looks := make(map[string]string, len(builtins))
	for _, t := range builtins {
		looks[skeleton(t.Name)] = t.Name
	}
	for old := range Renamed { // still called by these names (snapshot.go)
		looks[skeleton(old)] = old
	}
	decl = api.BoundDeclared(decl)
	tools := make([]*Tool, 0, len(decl))
	for _, d := range decl {
		if d.Name == "" {
			continue
		}
		if b, ok := looks[skeleton(d.Name)]; ok {
			if b == d.Name {
				log.Warn("editor declared a tool with a built-in name; the built-in wins", "tool", d.Name)
			} else {
				log.Warn("editor declared a tool whose name looks like a built-in's; skipped", "tool", api.Cut(d.Name, api.MaxToolName), "builtin", b)
			}
			continue
		}
		if !api.ValidToolName(d.Name) {
			log.Warn("editor declared a tool whose name MCP does not allow (1 to 128 of A-Z a-z 0-9 _ . -); skipped", "tool", api.Cut(d.Name, api.MaxToolName))
			continue
		}
		ps, err := params.Parse(d.InputSchema)
		if err != nil {
			log.Warn("editor declared a tool with a bad schema; skipped", "tool", d.Name, "err", err)
			continue
		}
		schema := d.InputSchema
		if len(schema) == 0 {
			schema = params.Schema(nil)
		}
		group := d.Group
		if !slices.Contains(api.Groups, group) {
			group = ""
		}
		tools = append(tools, &Tool{Name: d.Name, Description: d.Description, Group: group,
			Schema: schema, Params: ps, Source: api.SourceEditor, Hints: d.Annotations})
	}
	return tools
}

// skeleton is what a tool name looks like: case folded; letters of other
// scripts that look like Latin ones, fullwidth forms and the digits 0 and 1
// made the Latin letters they look like, and i made l; "rn" and "vv" made
// "m" and "w";
// every separator ('-', '_', '.', other dashes) made one; invisible
// characters dropped. Two names with one skeleton are confusable.
func skeleton(name string) string {
	var b strings.Builder
	for _, r := range name {
		if 0xFF01 <= r && r <= 0xFF5E { // fullwidth ASCII
			r -= 0xFEE0
		}
		if unicode.Is(unicode.Cf, r) {
			continue
		}
		r = unicode.ToLower(r)
		if l, ok := homoglyphs[r]; ok {
			r = l
		}
		switch {
		case r == 'i':
			r = 'l' // a capital I and a small l look alike in most fonts
		case r == '-' || r == '_' || r == '.' || unicode.Is(unicode.Pd, r):
			r = '-'
		}
		b.WriteRune(r)
	}
	s := b.String()
	s = strings.ReplaceAll(s, "rn", "m")
	return strings.ReplaceAll(s, "vv", "w")
}

// homoglyphs maps lowercase characters to the Latin letter they look like
// (in their lowercase or capital form): Cyrillic, Greek and the digits.
var homoglyphs = map[rune]rune{
	// Cyrillic.
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'һ': 'h', 'н': 'h', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k',
	'ӏ': 'l', 'м': 'm', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'с': 'c', 'ѕ': 's', 'т': 't', 'у': 'y', 'ԝ': 'w',
	'х': 'x', 'ԁ': 'd', 'ɡ': 'g', 'ց': 'g', 'ո': 'n', 'ս': 'u',
	// Greek.
	'α': 'a', 'β': 'b', 'ε': 'e', 'ζ': 'z', 'η': 'n', 'ι': 'i', 'κ': 'k', 'μ': 'm', 'ν': 'v', 'ο': 'o',
	'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x', 'γ': 'y',
	// Latin look-alikes and digits.
	'ı': 'i', 'ℓ': 'l', '0': 'o', '1': 'l', '|': 'l', 'ǀ': 'l',
}
