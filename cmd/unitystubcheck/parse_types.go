package main

import (
	"fmt"
	"strings"
)

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
