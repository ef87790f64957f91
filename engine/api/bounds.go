package api

import "unicode/utf8"

// Bounds of the tools an editor declares. The editor is not trusted to
// keep them (whoever holds the token can say hello): the bridge cuts what
// it keeps of a hello with BoundDeclared, and the catalog lists a declared
// tool only under a name MCP allows (ValidToolName) that does not look like
// a built-in's.
const (
	// MaxToolName is MCP's bound on a tool name (1 to 128 of
	// [A-Za-z0-9_.-]).
	MaxToolName = 128
	// MaxDeclaredTools bounds the tools one editor declares.
	MaxDeclaredTools = 128
	// MaxDeclaredDescription bounds a declared tool's description (cut).
	MaxDeclaredDescription = 1024
	// MaxDeclaredSchema bounds a declared tool's input schema (a tool with
	// a larger one is not kept: a schema cannot be cut).
	MaxDeclaredSchema = 16 << 10
	// MaxDeclaredBytes bounds the descriptions and schemas of all the
	// tools one editor declares together.
	MaxDeclaredBytes = 256 << 10
	// maxGroup bounds a declared tool's group name (an unknown group is
	// dropped by the catalog anyway).
	maxGroup = 64
)

// ValidToolName reports whether name is a tool name MCP allows: 1 to
// MaxToolName characters, each an ASCII letter, digit, '_', '.' or '-'.
func ValidToolName(name string) bool {
	if len(name) == 0 || len(name) > MaxToolName {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// BoundDeclared returns what the daemon keeps of an editor's declared
// tools: tools without a name or with one over MaxToolName bytes, or with a
// schema over MaxDeclaredSchema, are dropped; descriptions are cut to
// MaxDeclaredDescription; at most MaxDeclaredTools tools, and no more than
// MaxDeclaredBytes of descriptions and schemas in all, are kept (in the
// editor's order).
func BoundDeclared(ds []DeclaredTool) []DeclaredTool {
	out := make([]DeclaredTool, 0, min(len(ds), MaxDeclaredTools))
	total := 0
	for _, d := range ds {
		if len(out) == MaxDeclaredTools {
			break
		}
		if d.Name == "" || len(d.Name) > MaxToolName || len(d.InputSchema) > MaxDeclaredSchema {
			continue
		}
		d.Description = Cut(d.Description, MaxDeclaredDescription)
		if len(d.Group) > maxGroup {
			d.Group = ""
		}
		if total += len(d.Description) + len(d.InputSchema); total > MaxDeclaredBytes {
			break
		}
		out = append(out, d)
	}
	return out
}

// Cut shortens s to at most n bytes, on a rune boundary, marking the cut
// with "…"; invalid UTF-8 is replaced first, so the result is valid.
func Cut(s string, n int) string {
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // each invalid byte becomes U+FFFD
	}
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// Bounds of the dialogs the daemon reports: their titles and buttons are
// read from windows on the desktop, not from the editor, and reach agents
// in every answer while the editor is blocked.
const (
	MaxDialogs       = 8
	MaxDialogTitle   = 256
	maxDialogButtons = 16
	maxButtonLabel   = 64
)

// BoundDialogs keeps at most MaxDialogs dialogs, their titles cut to
// MaxDialogTitle bytes and their buttons bounded.
func BoundDialogs(ds []Dialog) []Dialog {
	if len(ds) > MaxDialogs {
		ds = ds[:MaxDialogs]
	}
	out := make([]Dialog, 0, len(ds))
	for _, d := range ds {
		b := d.Buttons
		if len(b) > maxDialogButtons {
			b = b[:maxDialogButtons]
		}
		var buttons []string
		for _, l := range b {
			buttons = append(buttons, Cut(l, maxButtonLabel))
		}
		out = append(out, Dialog{Title: Cut(d.Title, MaxDialogTitle), Buttons: buttons})
	}
	return out
}
