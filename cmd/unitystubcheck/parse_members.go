package main

import "strings"

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
