package installer

import (
	"fmt"
	"strconv"
	"strings"
)

// setTOMLTable writes [prefix.name] with the entry's string and string-list
// values, replacing that table (up to the next table header) or appending
// it, and keeps the rest of the file (comments included) byte for byte.
func setTOMLTable(doc []byte, prefix, name string, entry obj) ([]byte, bool, error) {
	header := "[" + prefix + "." + name + "]"
	var b strings.Builder
	b.WriteString(header + "\n")
	for _, f := range entry {
		k, v := f.K, f.V
		switch x := v.(type) {
		case string:
			fmt.Fprintf(&b, "%s = %s\n", k, strconv.Quote(x))
		case bool:
			fmt.Fprintf(&b, "%s = %v\n", k, x)
		case []string:
			q := make([]string, len(x))
			for i, s := range x {
				q[i] = strconv.Quote(s)
			}
			fmt.Fprintf(&b, "%s = [%s]\n", k, strings.Join(q, ", "))
		default:
			return nil, false, fmt.Errorf("cannot write %T to TOML", v)
		}
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
// the line before the next header.
func findTOMLTable(s, header string) (int, int, bool) {
	pos := 0
	start := -1
	for _, line := range strings.SplitAfter(s, "\n") {
		t := strings.TrimSpace(line)
		if start >= 0 && strings.HasPrefix(t, "[") {
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
