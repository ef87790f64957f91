package main

import (
	"fmt"
	"sort"
	"strings"
)

// Decl is one declared type or member, in the canonical form both sides of
// the check are reduced to: the stubs the adapters compile against and the
// reference source of a Unity version.
type Decl struct {
	Type   string // the declaring type, namespace-qualified, nested types joined by '.'
	Kind   string // type kinds: class struct interface enum delegate; members: method ctor operator property indexer field event value
	Name   string // member name ("" for a type's own line)
	Access string // public, protected, internal, private
	Static bool
	Sig    string // parameters and return/value type, normalized; for types the base class
	// Obsolete is `obsolete("message",error)` or "".
	Obsolete string
	NoCtor   bool // a class that declares no constructor in any part
	abstract bool
	File     string
	Line     int
}

// Key names the declaration the way a lookup does: type, then member name.
func (d Decl) Key() string {
	if d.Name == "" {
		return d.Type
	}
	return d.Type + "::" + d.Name
}

// String is the canonical line: what the manifests hold and what mismatches show.
func (d Decl) String() string {
	var b strings.Builder
	b.WriteString(d.Key())
	b.WriteString(" ")
	b.WriteString(d.Access)
	if d.Static {
		b.WriteString(" static")
	}
	b.WriteString(" " + d.Kind)
	if d.Sig != "" {
		b.WriteString(" " + d.Sig)
	}
	if d.Obsolete != "" {
		b.WriteString(" " + d.Obsolete)
	}
	return b.String()
}

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

// contextual modifiers are also valid names.
var contextual = map[string]bool{"partial": true, "async": true, "required": true, "file": true}

var typeKeywords = map[string]bool{"class": true, "struct": true, "interface": true, "enum": true, "record": true, "delegate": true, "event": true}

var modifiers = map[string]bool{
	"public": true, "private": true, "protected": true, "internal": true, "static": true, "extern": true,
	"sealed": true, "abstract": true, "virtual": true, "override": true, "readonly": true, "unsafe": true,
	"new": true, "partial": true, "const": true, "volatile": true, "async": true, "implicit": true,
	"explicit": true, "required": true, "file": true,
}

// members reads the declarations of a namespace or type body up to its '}'
// (or the end of the file). ns is the enclosing namespace, typ the enclosing
// type ("" at namespace level).
func (p *parser) members(ns, typ, typKind string) error {
	for p.i < len(p.toks) {
		t := p.peek()
		if t == "}" {
			return nil
		}
		if t == ";" {
			p.i++
			continue
		}
		start := p.i
		attrs := p.attributes()
		if len(attrs) > 0 && (p.peek() == "" || p.peek() == "}") {
			continue // assembly or module attributes
		}
		mods := map[string]bool{}
		for typKind != "enum" {
			m := p.peek()
			if m == "ref" && (p.peekAt(1) == "struct" || p.peekAt(1) == "readonly" || p.peekAt(1) == "partial") {
				p.i++
				continue
			}
			if !modifiers[m] || m == "extern" && p.peekAt(1) == "alias" {
				break
			}
			if contextual[m] && !(modifiers[p.peekAt(1)] || typeKeywords[p.peekAt(1)] || p.peekAt(1) == "void" ||
				p.i+2 < len(p.toks) && p.toks[p.i+1].kind == 'i' && p.toks[p.i+2].kind == 'i') {
				break // a contextual keyword used as a name or type
			}
			mods[m] = true
			p.i++
		}
		if p.peek() == "global" && p.peekAt(1) == "using" {
			p.i++
		}
		switch p.peek() {
		case "namespace":
			p.i++
			name := p.qualifiedName()
			full := join(ns, name)
			if p.peek() == ";" { // file-scoped
				p.i++
				return p.members(full, "", "")
			}
			if p.next() != "{" {
				return p.errf("namespace %s has no body", full)
			}
			if err := p.members(full, "", ""); err != nil {
				return err
			}
			p.i++ // }
			continue
		case "using":
			// using Alias = Some.Type; — types written through the alias normalize to the target.
			if p.i+2 < len(p.toks) && p.toks[p.i+1].kind == 'i' && p.toks[p.i+2].text == "=" {
				alias := p.toks[p.i+1].text
				p.i += 3
				p.aliases[alias] = p.typeExpr()
			}
			p.skipTo(";")
			p.i++
			continue
		case "extern":
			p.skipTo(";")
			p.i++
			continue
		case "class", "struct", "interface", "enum", "record":
			if err := p.typeDecl(ns, typ, attrs, mods); err != nil {
				return err
			}
			continue
		case "delegate":
			p.i++
			ret := p.typeExpr()
			name := p.next()
			p.genericParams()
			params := p.params()
			p.skipTo(";")
			p.i++
			full := join(join(ns, typ), name)
			p.addType(Decl{Type: full, Kind: "delegate", Access: access(mods, typKind), Sig: params + " " + ret, Obsolete: obsolete(attrs), File: p.file, Line: p.toks[start].line})
			continue
		case "event":
			p.i++
			ty := p.typeExpr()
			for {
				name := p.qualifiedName()
				p.member(ns, typ, Decl{Kind: "event", Name: name, Access: access(mods, typKind), Static: mods["static"] || mods["const"], Sig: ty, Obsolete: obsolete(attrs)}, start)
				if p.peek() == "," {
					p.i++
					continue
				}
				break
			}
			if p.peek() == "{" {
				p.skipBalanced()
			} else {
				p.skipTo(";")
				p.i++
			}
			continue
		case "~":
			p.skipTo("{", "=>", ";")
			p.body()
			continue
		}
		if typKind == "enum" {
			name := p.next()
			p.skipTo(",", "}")
			if p.peek() == "," {
				p.i++
			}
			p.member(ns, typ, Decl{Kind: "value", Name: name, Access: "public", Static: true, Obsolete: obsolete(attrs)}, start)
			continue
		}
		if typ == "" {
			return p.errf("a member outside a type")
		}
		acc := access(mods, typKind)
		static := mods["static"] || mods["const"]
		obs := obsolete(attrs)
		simple := typ[strings.LastIndex(typ, ".")+1:]
		// Constructor: the type's own name then '('.
		if p.peek() == simple && p.peekAt(1) == "(" {
			p.i++
			params := p.params()
			if p.peek() == ":" { // : base(...) / this(...)
				p.skipTo("{", "=>", ";")
			}
			p.member(ns, typ, Decl{Kind: "ctor", Name: ".ctor", Access: acc, Static: static, Sig: params, Obsolete: obs}, start)
			p.body()
			continue
		}
		// Conversion operator: implicit/explicit operator T(...).
		if p.peek() == "operator" {
			p.i++
			ty := p.typeExpr()
			params := p.params()
			name := "implicit"
			if mods["explicit"] {
				name = "explicit"
			}
			p.member(ns, typ, Decl{Kind: "operator", Name: name, Access: acc, Static: true, Sig: params + " " + ty, Obsolete: obs}, start)
			p.body()
			continue
		}
		ty := p.typeExpr()
		if ty == "" {
			return p.errf("cannot read a member of %s", typ)
		}
		switch {
		case p.peek() == "operator":
			p.i++
			op := p.next()
			for p.peek() != "(" && p.i < len(p.toks) {
				op += p.next()
			}
			params := p.params()
			p.member(ns, typ, Decl{Kind: "operator", Name: op, Access: acc, Static: true, Sig: params + " " + ty, Obsolete: obs}, start)
			p.body()
		default:
			name, explicit := p.memberName()
			if name == "" {
				return p.errf("cannot read the name of a member of %s", typ)
			}
			if explicit { // an explicit interface implementation is not surface
				acc = "private"
			}
			if name == "this" && p.peek() == "[" {
				params := p.bracketParams()
				acc2 := p.accessors()
				p.member(ns, typ, Decl{Kind: "indexer", Name: "this[]", Access: acc, Static: static, Sig: params + " " + ty + acc2, Obsolete: obs}, start)
				break
			}
			switch p.peek() {
			case "<", "(":
				gen := p.genericParams()
				params := p.params()
				p.skipTo("{", "=>", ";")
				p.member(ns, typ, Decl{Kind: "method", Name: name + gen, Access: acc, Static: static, Sig: params + " " + ty, Obsolete: obs}, start)
				p.body()
			case "{":
				acc2 := p.accessors()
				p.member(ns, typ, Decl{Kind: "property", Name: name, Access: acc, Static: static, Sig: ty + acc2, Obsolete: obs}, start)
			case "=>":
				p.skipTo(";")
				p.i++
				p.member(ns, typ, Decl{Kind: "property", Name: name, Access: acc, Static: static, Sig: ty + " get", Obsolete: obs}, start)
			default:
				for {
					p.member(ns, typ, Decl{Kind: "field", Name: name, Access: acc, Static: static, Sig: ty, Obsolete: obs}, start)
					p.skipTo(",", ";")
					// A ',' starts another declarator only when a name and '=', ',' or
					// ';' follow; otherwise it is inside the initializer (a generic
					// argument list, which brackets do not delimit).
					for p.peek() == "," && !(p.i+2 < len(p.toks) && p.toks[p.i+1].kind == 'i' &&
						(p.toks[p.i+2].text == "=" || p.toks[p.i+2].text == "," || p.toks[p.i+2].text == ";")) {
						p.i++
						p.skipTo(",", ";")
					}
					if p.peek() == "," {
						p.i++
						name = p.next()
						continue
					}
					break
				}
				p.i++
			}
		}
		if p.i == start {
			return p.errf("no progress")
		}
	}
	return nil
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

// typeExpr reads a type and returns it normalized (see normType).
func (p *parser) typeExpr() string {
	var b strings.Builder
	for p.peek() == "ref" || p.peek() == "readonly" && b.Len() > 0 || p.peek() == "scoped" {
		b.WriteString(p.next() + " ")
	}
	if p.peek() == "(" { // tuple: element types, names dropped
		p.i++
		var els []string
		for p.i < len(p.toks) && p.peek() != ")" {
			els = append(els, p.typeExpr())
			if p.toks[p.i].kind == 'i' {
				p.i++
			}
			if p.peek() == "," {
				p.i++
			} else if p.peek() != ")" {
				p.skipTo(",", ")")
			}
		}
		p.i++
		b.WriteString("(" + strings.Join(els, ",") + ")")
	} else {
		for part := 0; ; part++ {
			name := p.qualifiedName()
			if name == "" {
				return ""
			}
			if part > 0 {
				b.WriteString(".")
				name = name[strings.LastIndex(name, ".")+1:]
			}
			if a, ok := p.aliases[name]; ok && part == 0 {
				b.WriteString(a)
			} else {
				b.WriteString(normName(name))
			}
			if p.peek() == "<" {
				b.WriteString("<")
				p.i++
				for k := 0; p.i < len(p.toks); k++ {
					if k > 0 {
						b.WriteString(",")
					}
					b.WriteString(p.typeExpr())
					if p.peek() == "," {
						p.i++
						continue
					}
					break
				}
				if p.peek() == ">" {
					p.i++
				}
				b.WriteString(">")
				if p.peek() == "." && p.i+1 < len(p.toks) && p.toks[p.i+1].kind == 'i' {
					p.i++ // Outer<T>.Nested
					continue
				}
			}
			break
		}
	}
	for {
		switch p.peek() {
		case "?", "*":
			b.WriteString(p.next())
			continue
		case "[":
			if p.peekAt(1) == "]" || p.peekAt(1) == "," {
				for p.peek() != "]" {
					b.WriteString(p.next())
				}
				b.WriteString(p.next())
				continue
			}
		}
		break
	}
	return b.String()
}

// params reads (...) and returns "(type,ref type,params type[],type=)":
// parameter names are dropped, modifiers kept, an optional one ends in '='.
func (p *parser) params() string {
	if p.peek() != "(" {
		return "()"
	}
	p.i++
	return "(" + p.paramList(")") + ")"
}

func (p *parser) bracketParams() string {
	p.i++ // [
	return "[" + p.paramList("]") + "]"
}

func (p *parser) paramList(closer string) string {
	var ps []string
	for p.i < len(p.toks) && p.peek() != closer {
		p.attributes()
		var mod string
		for {
			switch p.peek() {
			case "this", "ref", "out", "in", "params", "scoped":
				if p.peek() != "this" && p.peek() != "scoped" {
					mod += p.peek() + " "
				}
				p.i++
				continue
			case "readonly":
				p.i++
				continue
			}
			break
		}
		ty := p.typeExpr()
		if p.toks[p.i].kind == 'i' {
			p.i++ // name
		}
		if p.peek() == "=" {
			p.skipTo(",", closer)
			ty += "="
		}
		ps = append(ps, mod+ty)
		if p.peek() == "," {
			p.i++
		} else if p.peek() != closer {
			p.skipTo(",", closer)
		}
	}
	p.i++
	return strings.Join(ps, ",")
}

var aliases = map[string]string{
	"Boolean": "bool", "Byte": "byte", "SByte": "sbyte", "Char": "char", "Int16": "short", "UInt16": "ushort",
	"Int32": "int", "UInt32": "uint", "Int64": "long", "UInt64": "ulong", "Single": "float", "Double": "double",
	"Decimal": "decimal", "String": "string", "Void": "void",
}

// normName drops a qualified name's namespace: the simple name is what both
// sides agree on without resolving usings. System.Object becomes object so
// it does not collide with UnityEngine.Object.
func normName(name string) string {
	if name == "System.Object" {
		return "object"
	}
	if k := strings.LastIndex(name, "."); k >= 0 {
		qual := name[:k]
		name = name[k+1:]
		if a, ok := aliases[name]; ok && (qual == "System" || qual == "global.System") {
			return a
		}
		return name
	}
	return name
}

func isInterfaceName(t string) bool {
	return len(t) > 1 && t[0] == 'I' && t[1] >= 'A' && t[1] <= 'Z'
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	return a + "." + b
}

func visible(acc string) bool { return acc == "public" || acc == "protected" }

// access is a declaration's accessibility; interface members are public.
func access(mods map[string]bool, typKind string) string {
	switch {
	case mods["public"]:
		return "public"
	case mods["protected"] && mods["internal"]:
		return "protected"
	case mods["protected"] && mods["private"]:
		return "private"
	case mods["protected"]:
		return "protected"
	case mods["internal"]:
		return "internal"
	case mods["private"]:
		return "private"
	case typKind == "interface":
		return "public"
	case typKind == "":
		return "internal"
	}
	return "private"
}

// obsolete finds [Obsolete] among attribute texts: `obsolete("msg",true)`.
func obsolete(attrs []string) string {
	for _, a := range attrs {
		for _, one := range splitTop(a, ',') {
			one = strings.TrimSpace(one)
			name, args, _ := strings.Cut(one, "(")
			name = strings.TrimSpace(name)
			if k := strings.LastIndex(name, "."); k >= 0 {
				name = strings.TrimSpace(name[k+1:])
			}
			if name != "Obsolete" && name != "ObsoleteAttribute" {
				continue
			}
			args = strings.TrimSuffix(strings.TrimSpace(args), ")")
			parts := splitTop(args, ',')
			msg, isErr := "", false
			for k, part := range parts {
				part = strings.TrimSpace(part)
				if v, ok := strings.CutPrefix(part, "error :"); ok {
					isErr = strings.TrimSpace(v) == "true"
					continue
				}
				if v, ok := strings.CutPrefix(part, "message :"); ok {
					msg = literal(v)
					continue
				}
				switch k {
				case 0:
					msg = literal(part)
				case 1:
					isErr = part == "true"
				}
			}
			return fmt.Sprintf("obsolete(%q,%v)", msg, isErr)
		}
	}
	return ""
}

// literal evaluates a string expression made of literals joined by '+'; any
// other operand is kept as written, in braces.
func literal(expr string) string {
	var b strings.Builder
	for _, part := range splitTop(expr, '+') {
		part = strings.TrimSpace(part)
		switch {
		case strings.HasPrefix(part, `@"`):
			b.WriteString(strings.ReplaceAll(part[2:len(part)-1], `""`, `"`))
		case strings.HasPrefix(part, `"`):
			b.WriteString(unescape(part[1 : len(part)-1]))
		case part == "":
		default:
			b.WriteString("{" + part + "}")
		}
	}
	return b.String()
}

func unescape(s string) string {
	r := strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\n`, "\n", `\t`, "\t", `\'`, "'")
	return r.Replace(s)
}

// splitTop splits at sep outside brackets and string literals (attribute
// texts are tokens joined by spaces, so a literal is one piece).
func splitTop(s string, sep byte) []string {
	var out []string
	depth, start, inStr := 0, 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			if c == '\\' {
				i++
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// Index is the declarations of a set of C# files, partial types merged.
type Index struct {
	Members []Decl
	Types   map[string]*Decl
}

func NewIndex() *Index { return &Index{Types: map[string]*Decl{}} }

// Add reads one C# file's declarations under defines.
func (x *Index) Add(file, src string, defines map[string]bool) error {
	toks, err := lex(src, defines)
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	p := &parser{toks: toks, file: file, types: x.Types, aliases: map[string]string{}}
	err = p.members("", "", "")
	if err == nil && p.i < len(p.toks) {
		err = p.errf("unbalanced braces")
	}
	x.Members = append(x.Members, p.out...)
	return err
}

// Decls lists every declaration: the types, their members, and the implicit
// parameterless constructor of a class that declares none.
func (x *Index) Decls() []Decl {
	out := append([]Decl(nil), x.Members...)
	for _, t := range x.Types {
		out = append(out, *t)
		if t.Kind == "class" && t.NoCtor && !t.Static {
			acc := "public"
			if t.abstract {
				acc = "protected"
			}
			out = append(out, Decl{Type: t.Type, Kind: "ctor", Name: ".ctor", Access: acc, Sig: "()", File: t.File, Line: t.Line})
		}
	}
	return out
}
