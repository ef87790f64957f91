package main

import (
	"fmt"
	"sort"
	"strings"
)

// parser reads declarations (not bodies) from a token stream.
type parser struct {
	toks  []token
	i     int
	file  string
	out   []Decl
	types map[string]*Decl // type declarations by full name, parts merged
	// aliases are the file's using aliases, by alias, normalized.
	aliases map[string]string
}

func (p *parser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i].text
	}
	return ""
}

func (p *parser) peekAt(k int) string {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k].text
	}
	return ""
}

func (p *parser) next() string {
	t := p.peek()
	p.i++
	return t
}

func (p *parser) line() int {
	if p.i < len(p.toks) {
		return p.toks[p.i].line
	}
	return 0
}

func (p *parser) errf(format string, a ...any) error {
	return fmt.Errorf("%s:%d: %s (at %q)", p.file, p.line(), fmt.Sprintf(format, a...), p.peek())
}

// skipBalanced skips from an opening bracket to just past its closer.
func (p *parser) skipBalanced() {
	depth := 0
	for p.i < len(p.toks) {
		switch p.next() {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return
			}
		}
	}
}

// skipTo skips to one of the stop tokens at bracket depth 0 (not consuming it).
func (p *parser) skipTo(stops ...string) {
	depth := 0
	for p.i < len(p.toks) {
		t := p.peek()
		if depth == 0 {
			for _, s := range stops {
				if t == s {
					return
				}
			}
		}
		switch t {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return
			}
			depth--
		}
		p.i++
	}
}

// body skips a member's body: a block, an expression body, or ';'.
func (p *parser) body() {
	switch p.peek() {
	case "{":
		p.skipBalanced()
	case "=>":
		p.skipTo(";")
		p.i++
	case ";":
		p.i++
	default:
		p.skipTo("{", "=>", ";")
		p.body()
	}
}

// accessors reads a property's accessor block (and an initializer after it)
// and returns the accessors as accessible as the property, e.g. " get set".
func (p *parser) accessors() string {
	if p.peek() == "=>" {
		p.skipTo(";")
		p.i++
		return " get"
	}
	p.i++ // {
	var got []string
	for p.i < len(p.toks) && p.peek() != "}" {
		p.attributes()
		own := false // an accessor with its own, narrower accessibility
		for modifiers[p.peek()] {
			switch p.next() {
			case "private", "protected", "internal":
				own = true
			}
		}
		name := p.next()
		// Listed: the accessors as reachable as the property itself (a public
		// property's private set is not; an internal property's get is).
		if !own {
			got = append(got, name)
		}
		p.body()
	}
	p.i++ // }
	if p.peek() == "=" {
		p.skipTo(";")
		p.i++
	}
	sort.Strings(got)
	if len(got) == 0 {
		return ""
	}
	return " " + strings.Join(got, " ")
}

func (p *parser) typeDecl(ns, outer string, attrs []string, mods map[string]bool) error {
	start := p.i
	kind := p.next()
	if kind == "record" {
		kind = "class"
		if p.peek() == "struct" || p.peek() == "class" {
			kind = p.next()
		}
	}
	name := p.next()
	p.genericParams()
	full := join(join(ns, outer), name)
	if outer == "" {
		full = join(ns, name)
	}
	base := ""
	if p.peek() == "(" { // record primary constructor
		p.skipBalanced()
	}
	if p.peek() == ":" {
		p.i++
		first := p.typeExpr()
		if kind == "class" && !isInterfaceName(first) {
			base = first
		}
		if kind == "enum" {
			base = first
		}
		p.skipTo("{", ";")
	}
	for p.peek() == "where" {
		p.skipTo("{", ";")
	}
	if kind == "enum" && base == "" {
		base = "int"
	}
	d := Decl{Type: full, Kind: kind, Access: access(mods, ""), Static: mods["static"], abstract: mods["abstract"], Sig: base, Obsolete: obsolete(attrs), File: p.file, Line: p.toks[start].line}
	if outer != "" {
		d.Access = access(mods, "class")
	}
	p.addType(d)
	if p.peek() == ";" {
		p.i++
		return nil
	}
	if p.next() != "{" {
		return p.errf("type %s has no body", full)
	}
	nested := strings.TrimPrefix(full, ns+".")
	if ns == "" {
		nested = full
	}
	if err := p.members(ns, nested, kind); err != nil {
		return err
	}
	p.i++ // }
	return nil
}

// addType records a type declaration, merging the parts of a partial type.
func (p *parser) addType(d Decl) {
	if old, ok := p.types[d.Type]; ok {
		old.Static = old.Static || d.Static
		old.abstract = old.abstract || d.abstract
		if old.Sig == "" {
			old.Sig = d.Sig
		}
		if old.Obsolete == "" {
			old.Obsolete = d.Obsolete
		}
		if old.Access != "public" && d.Access == "public" {
			old.Access = d.Access
		}
		return
	}
	d.NoCtor = d.Kind == "class"
	cp := d
	p.types[d.Type] = &cp
}

func (p *parser) member(ns, typ string, d Decl, start int) {
	d.Type = join(ns, typ)
	d.File = p.file
	d.Line = p.toks[start].line
	if d.Kind == "ctor" && !d.Static {
		if t, ok := p.types[d.Type]; ok {
			t.NoCtor = false
		}
	}
	p.out = append(p.out, d)
}

// attributes reads [ ... ] attribute sections and returns their texts.
func (p *parser) attributes() []string {
	var out []string
	for p.peek() == "[" {
		s := p.i
		p.skipBalanced()
		var b strings.Builder
		for _, t := range p.toks[s+1 : p.i-1] {
			b.WriteString(t.text)
			b.WriteByte(' ')
		}
		out = append(out, b.String())
	}
	return out
}

// memberName reads a member's name, or an explicitly implemented interface
// member's (IList<T>.Remove, IList.this): the last part, and whether it was
// qualified.
func (p *parser) memberName() (string, bool) {
	var parts []string
	for p.i < len(p.toks) && p.toks[p.i].kind == 'i' {
		parts = append(parts, p.next())
		if p.peek() == "<" {
			save := p.i
			p.genericParams()
			if p.peek() == "." {
				p.i++
				continue
			}
			p.i = save // the method's own type parameters
			break
		}
		if p.peek() == "." || p.peek() == "::" {
			p.i++
			continue
		}
		break
	}
	if len(parts) == 0 {
		return "", false
	}
	return parts[len(parts)-1], len(parts) > 1
}

// qualifiedName reads A.B.C (and A::B).
func (p *parser) qualifiedName() string {
	if p.toks[p.i].kind != 'i' {
		return ""
	}
	name := p.next()
	for (p.peek() == "." || p.peek() == "::") && p.i+1 < len(p.toks) && p.toks[p.i+1].kind == 'i' {
		p.i++
		name += "." + p.next()
	}
	return name
}

// genericParams reads <T, U> after a name and returns "<2>" (the arity) or "".
func (p *parser) genericParams() string {
	if p.peek() != "<" {
		return ""
	}
	depth, n := 0, 1
	for p.i < len(p.toks) {
		switch p.next() {
		case "<":
			depth++
		case ">":
			depth--
			if depth == 0 {
				return fmt.Sprintf("`%d", n)
			}
		case ",":
			if depth == 1 {
				n++
			}
		}
	}
	return ""
}
