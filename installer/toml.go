package installer

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// setTOMLTable writes [prefix.name] with the entry's values (strings,
// bools, string lists, and string maps as inline tables), replacing that
// table (up to the next table header) or appending it, and keeps the rest of
// the file (comments included) byte for byte.
func setTOMLTable(doc []byte, prefix, name string, entry obj) ([]byte, bool, error) {
	header := "[" + prefix + "." + name + "]"
	var b strings.Builder
	b.WriteString(header + "\n")
	for _, f := range entry {
		v, err := tomlValue(f.V)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", f.K, err)
		}
		fmt.Fprintf(&b, "%s = %s\n", f.K, v)
	}
	table := b.String()
	start, end, found := findTOMLTable(string(doc), header)
	var out string
	if found {
		if string(doc[start:end]) == table || strings.TrimRight(string(doc[start:end]), "\n")+"\n" == table {
			return doc, false, nil
		}
		rest := string(doc[end:])
		sep := ""
		if rest != "" && !strings.HasPrefix(rest, "\n") {
			sep = "\n"
		}
		out = string(doc[:start]) + table + sep + rest
	} else {
		s := string(doc)
		if s != "" && !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		if s != "" {
			s += "\n"
		}
		out = s + table
	}
	return []byte(out), true, nil
}

// tomlValue writes one value: a string, bool, string list, or a string map
// or obj as an inline table with quoted keys in order (a map's sorted).
func tomlValue(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x), nil
	case bool:
		return strconv.FormatBool(x), nil
	case []string:
		q := make([]string, len(x))
		for i, s := range x {
			q[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(q, ", ") + "]", nil
	case map[string]string:
		o := make(obj, 0, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			o = append(o, field{k, x[k]})
		}
		return tomlValue(o)
	case obj:
		q := make([]string, len(x))
		for i, f := range x {
			s, err := tomlValue(f.V)
			if err != nil {
				return "", err
			}
			q[i] = strconv.Quote(f.K) + " = " + s
		}
		return "{ " + strings.Join(q, ", ") + " }", nil
	}
	return "", fmt.Errorf("cannot write %T to TOML", v)
}

// removeTOMLTable deletes [prefix.name].
func removeTOMLTable(doc []byte, prefix, name string) ([]byte, bool) {
	start, end, found := findTOMLTable(string(doc), "["+prefix+"."+name+"]")
	if !found {
		return doc, false
	}
	out := strings.TrimRight(string(doc[:start]), "\n")
	rest := strings.TrimLeft(string(doc[end:]), "\n")
	switch {
	case out == "":
		out = rest
	case rest == "":
		out += "\n"
	default:
		out += "\n\n" + rest
	}
	return []byte(out), true
}

// findTOMLTable finds the byte range of a table: its header line through
// the line before the next header that is not one of its sub-tables
// ([prefix.name.env], as `codex mcp add --env` writes): an entry replaced
// whole leaves no stale sub-table to clash with its inline values.
func findTOMLTable(s, header string) (int, int, bool) {
	sub := strings.TrimSuffix(header, "]") + "."
	pos := 0
	start := -1
	for _, line := range strings.SplitAfter(s, "\n") {
		t := strings.TrimSpace(line)
		if start >= 0 && strings.HasPrefix(t, "[") && !strings.HasPrefix(t, sub) && !strings.HasPrefix(t, "["+sub) {
			return start, pos, true
		}
		if start < 0 && t == header {
			start = pos
		}
		pos += len(line)
	}
	if start >= 0 {
		return start, len(s), true
	}
	return 0, 0, false
}

// getTOMLTable returns the table text, "" when absent.
func getTOMLTable(doc []byte, prefix, name string) string {
	start, end, found := findTOMLTable(string(doc), "["+prefix+"."+name+"]")
	if !found {
		return ""
	}
	return string(doc[start:end])
}
