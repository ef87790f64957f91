package installer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Codex's config.toml is compared by meaning and edited by text. The
// comparison parses the file with a TOML library: Codex re-serialises the
// file after `codex mcp add` (an inline table may become a sub-table, keys
// may be re-quoted or re-ordered), and an entry that says the same thing in
// another layout is the right entry — rewriting it would only churn the
// file and leave a backup behind. The edit itself replaces the entry's
// lines only, so every comment and every other table stays byte for byte
// (a TOML library that re-encodes the document would drop the comments).

// errTOMLLayout says the entry exists but not as a [prefix.name] table the
// installer can replace (an inline table or dotted keys under [prefix], or
// [[prefix.name]], an array of tables).
var errTOMLLayout = errors.New("written in a layout unitymcp does not rewrite (an inline table, dotted keys or an array of tables)")

// setTOMLTable writes [prefix.name] with the entry's values (strings,
// bools, string lists, and string maps as inline tables), replacing that
// table and its sub-tables or appending it, and keeps the rest of the file
// byte for byte. It changes nothing when the file's entry already means
// the same (whatever its layout), and refuses a file that does not parse
// rather than write into it.
func setTOMLTable(doc []byte, prefix, name string, entry obj) ([]byte, bool, error) {
	return keepBOM(doc, func(doc []byte) ([]byte, bool, error) { return setTOMLTableIn(doc, prefix, name, entry) })
}

func setTOMLTableIn(doc []byte, prefix, name string, entry obj) ([]byte, bool, error) {
	cur, found, err := tomlEntry(doc, prefix, name)
	if err != nil {
		return nil, false, err
	}
	if found && sameMeaning(cur, entry) {
		return doc, false, nil
	}
	nl := lineEnd(doc)
	var b strings.Builder
	b.WriteString("[" + prefix + "." + name + "]" + nl)
	for _, f := range entry {
		v, err := tomlValue(f.V)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", f.K, err)
		}
		fmt.Fprintf(&b, "%s = %s%s", tomlKey(f.K), v, nl)
	}
	table := b.String()
	blocks, array := tomlTables(doc, prefix, name)
	hasHeader := len(blocks) > 0
	var out string
	switch {
	case array:
		return nil, false, fmt.Errorf("the %s.%s entry is %w; remove it by hand, then run again (the file is unchanged)", prefix, name, errTOMLLayout)
	case hasHeader:
		out = spliceTOML(string(doc), blocks, table)
	case found:
		return nil, false, fmt.Errorf("the %s.%s entry is %w; remove it by hand, then run again", prefix, name, errTOMLLayout)
	default:
		s := string(doc)
		if s != "" && !strings.HasSuffix(s, "\n") {
			s += nl
		}
		if s != "" {
			s += nl
		}
		out = s + table
	}
	// What is written must read back as the entry: never leave a file the
	// client cannot load.
	if back, ok, err := tomlEntry([]byte(out), prefix, name); err != nil || !ok || !sameMeaning(back, entry) {
		if !hasHeader {
			// [prefix] itself is an inline table or dotted keys, which a
			// [prefix.name] table cannot extend.
			return nil, false, fmt.Errorf("%s is %w, so no [%s.%s] table can be added to it; move its entries into [%s.NAME] tables, then run again (the file is unchanged)", prefix, errTOMLLayout, prefix, name, prefix)
		}
		// Part of the entry stands outside its tables (dotted keys under
		// [prefix] beside a [prefix.name.x] sub-table).
		return nil, false, fmt.Errorf("the %s.%s entry is %w: part of it is outside its [%s.%s] tables, so the edited file would not read back as the entry (%v); move its keys into [%s.%s], then run again (the file is unchanged)", prefix, name, errTOMLLayout, prefix, name, err, prefix, name)
	}
	return []byte(out), true, nil
}

// parseError is a parser's error as a person reads it: where, and what,
// without the library's name in front.
func parseError(err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, col := de.Position()
		return fmt.Errorf("line %d, column %d: %s", row, col, strings.TrimPrefix(de.Error(), "toml: "))
	}
	return errors.New(strings.TrimPrefix(strings.TrimPrefix(err.Error(), "hujson: "), "toml: "))
}

// tomlEntry parses doc and returns doc[prefix][name] (any layout), whether
// it is there, and an error when doc is not valid TOML.
func tomlEntry(doc []byte, prefix, name string) (any, bool, error) {
	var m map[string]any
	if err := toml.Unmarshal(doc, &m); err != nil {
		return nil, false, fmt.Errorf("not valid TOML: %w", parseError(err))
	}
	servers, ok := m[prefix].(map[string]any)
	if !ok {
		return nil, false, nil
	}
	v, ok := servers[name]
	return v, ok, nil
}

// sameMeaning reports whether a parsed TOML value and an entry hold the
// same keys and values (numbers compared as numbers, key order ignored).
func sameMeaning(parsed any, entry any) bool {
	return reflect.DeepEqual(plain(parsed), plain(entry))
}

// plain is v through JSON: maps, lists, strings, float64 and bools only.
func plain(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return nil
	}
	return out
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

// tomlKey is a bare key when TOML allows one, else a quoted key.
func tomlKey(k string) string {
	for _, r := range k {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return strconv.Quote(k)
		}
	}
	if k == "" {
		return `""`
	}
	return k
}

// removeTOMLTable deletes [prefix.name] and its sub-tables, wherever they
// stand; false when the file has no such entry. An entry in another layout
// is an error, and so is a result that would still hold the entry or not
// parse: the file is then left as it was.
func removeTOMLTable(doc []byte, prefix, name string) ([]byte, bool, error) {
	return keepBOM(doc, func(doc []byte) ([]byte, bool, error) { return removeTOMLTableIn(doc, prefix, name) })
}

func removeTOMLTableIn(doc []byte, prefix, name string) ([]byte, bool, error) {
	_, found, err := tomlEntry(doc, prefix, name)
	if err != nil {
		return nil, false, err
	}
	blocks, _ := tomlTables(doc, prefix, name)
	switch {
	case !found && len(blocks) == 0:
		return doc, false, nil
	case len(blocks) == 0:
		return nil, false, fmt.Errorf("the %s.%s entry is %w; remove it by hand", prefix, name, errTOMLLayout)
	}
	out := spliceTOML(string(doc), blocks, "")
	if _, still, err := tomlEntry([]byte(out), prefix, name); err != nil || still {
		return nil, false, fmt.Errorf("the %s.%s entry is %w: taking out its tables would not remove it (%v); remove it by hand (the file is unchanged)", prefix, name, errTOMLLayout, err)
	}
	return []byte(out), true, nil
}

// tomlBlock is the byte range of one table of a document: its header line
// through its last key's line. The comment lines after that, directly above
// the next header or at the end of the file, are not the table's: they
// say something of the next table, or are the user's own (a server
// commented out), and stay.
type tomlBlock struct{ start, end int }

// tomlTables finds the blocks of the entry [prefix.name]: its table and
// every sub-table ([prefix.name.env], as `codex mcp add --env` writes, or
// [prefix.name.http_headers], as Codex re-serialises an inline table),
// wherever in the file they stand, so that an entry replaced or removed
// whole leaves no stale sub-table behind. array reports an entry written
// as [[prefix.name]] (an array of tables, which no client reads as a
// server). Headers are found by the TOML parser, not by the look of a
// line: a line inside a multi-line string or array is never a header, and
// [ mcp_servers . "unity" ] is the same table as [mcp_servers.unity]. The
// callers pass a document tomlEntry has parsed.
func tomlTables(doc []byte, prefix, name string) (blocks []tomlBlock, array bool) {
	want := []string{prefix, name}
	p := unstable.Parser{KeepComments: true} // a comment line is an expression of its own
	p.Reset(doc)
	mine := false
	notes := -1 // where the comment lines since the last key or header begin
	ends := func(at int) int {
		if notes >= 0 {
			return notes
		}
		return at
	}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Comment:
			if notes < 0 {
				notes = bytes.LastIndexByte(doc[:e.Raw.Offset], '\n') + 1
			}
			continue
		case unstable.Table, unstable.ArrayTable:
		default:
			notes = -1
			continue
		}
		var keys []string
		at := -1
		for it := e.Key(); it.Next(); {
			k := it.Node()
			if at < 0 {
				at = bytes.LastIndexByte(doc[:k.Raw.Offset], '\n') + 1
			}
			keys = append(keys, string(k.Data))
		}
		if mine {
			blocks[len(blocks)-1].end = ends(at)
		}
		notes = -1
		mine = len(keys) >= len(want) && slices.Equal(keys[:len(want)], want)
		if mine {
			blocks = append(blocks, tomlBlock{at, len(doc)})
			array = array || (e.Kind == unstable.ArrayTable && len(keys) == len(want))
		}
	}
	if mine {
		blocks[len(blocks)-1].end = ends(len(doc))
	}
	return blocks, array
}

// spliceTOML is s without blocks (in order, as tomlTables finds them),
// with table (written with s's line ends), when not "", in the place of the
// first. What stands before the first block stays byte for byte; a cut
// leaves one blank line between what was before and after it.
func spliceTOML(s string, blocks []tomlBlock, table string) string {
	nl := lineEnd([]byte(s))
	blocks = slices.Clone(blocks)
	for i := len(blocks) - 1; i >= 0; i-- {
		b := blocks[i]
		after := strings.TrimLeft(s[b.end:], "\r\n")
		if i == 0 && table != "" {
			if after != "" {
				table += nl
			}
			return s[:b.start] + table + after
		}
		before := strings.TrimRight(s[:b.start], "\r\n")
		if i > 0 {
			// The blank lines trimmed may have ended the block before.
			blocks[i-1].end = min(blocks[i-1].end, len(before))
		}
		switch {
		case before == "":
			s = after
		case after == "":
			s = before + nl
		default:
			s = before + nl + nl + after
		}
	}
	return s
}

// lineEnd is the line end that doc's edits write: its first line's, so
// that a file with Windows line ends keeps them.
func lineEnd(doc []byte) string {
	if i := bytes.IndexByte(doc, '\n'); i > 0 && doc[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// getTOMLTable returns the entry as standard JSON, "" when absent or when
// the file does not parse.
func getTOMLTable(doc []byte, prefix, name string) string {
	doc, _ = bytes.CutPrefix(doc, utf8BOM)
	v, found, err := tomlEntry(doc, prefix, name)
	if err != nil || !found {
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}
