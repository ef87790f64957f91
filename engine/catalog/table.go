package catalog

import (
	"fmt"
	"strings"
)

// ToolTable renders the built-in tools as the Markdown table the README
// shows (kept in sync by a test).
func ToolTable() string {
	var b strings.Builder
	b.WriteString("| tool | group | hints | parameters (default) |\n|---|---|---|---|\n")
	for _, t := range Builtins() {
		var hints []string
		if t.Hints.ReadOnlyHint {
			hints = append(hints, "read-only")
		}
		if t.Hints.DestructiveHint {
			hints = append(hints, "destructive")
		}
		if t.Hints.IdempotentHint {
			hints = append(hints, "idempotent")
		}
		if t.Native {
			hints = append(hints, "runs in the daemon")
		}
		if t.TaskSupport != "" {
			hints = append(hints, "task (optional)")
		}
		var ps []string
		for _, p := range t.Params {
			s := "`" + p.Name + "`"
			switch {
			case p.Required:
				s += " (required)"
			case p.HasDefault:
				s += fmt.Sprintf(" (%v)", defaultText(p.Default))
			}
			ps = append(ps, s)
		}
		if len(ps) == 0 {
			ps = []string{"—"}
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", t.Name, t.Group, strings.Join(hints, ", "), strings.Join(ps, ", "))
	}
	return b.String()
}

func defaultText(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return fmt.Sprintf("%q", x)
	case []string:
		return "[]"
	case map[string]any:
		return "{}"
	}
	return fmt.Sprint(v)
}
