package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// token is one C# token: an identifier or keyword, a literal, or one
// punctuation character ("=>" and "::" are kept whole).
type token struct {
	text string
	kind byte // 'i' identifier/keyword, 's' string, 'c' char, 'n' number, 'p' punctuation
	line int
}

// lex splits C# source into tokens, dropping comments and evaluating the
// preprocessor: lines inside an #if branch whose condition is false under
// defines are skipped, as the compiler skips them.
func lex(src string, defines map[string]bool) ([]token, error) {
	var toks []token
	type branch struct{ active, taken, parent bool }
	var stack []branch
	active := true
	line := 1
	i, n := 0, len(src)
	atLineStart := true
	for i < n {
		c := src[i]
		if c == '\n' {
			line++
			i++
			atLineStart = true
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			i++
			continue
		}
		if strings.HasPrefix(src[i:], "\ufeff") || strings.HasPrefix(src[i:], "\u00a0") { // BOM, no-break space
			_, size := utf8.DecodeRuneInString(src[i:])
			i += size
			continue
		}
		if c == '#' && atLineStart {
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				end = n - i
			}
			dir := strings.TrimSpace(src[i+1 : i+end])
			if k := strings.Index(dir, "//"); k >= 0 {
				dir = strings.TrimSpace(dir[:k])
			}
			word, rest, _ := strings.Cut(dir, " ")
			rest = strings.TrimSpace(rest)
			switch word {
			case "if":
				v, err := evalCond(rest, defines)
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", line, err)
				}
				stack = append(stack, branch{active: active && v, taken: v, parent: active})
				active = active && v
			case "elif":
				if len(stack) == 0 {
					return nil, fmt.Errorf("line %d: #elif without #if", line)
				}
				b := &stack[len(stack)-1]
				v, err := evalCond(rest, defines)
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", line, err)
				}
				b.active = b.parent && !b.taken && v
				b.taken = b.taken || v
				active = b.active
			case "else":
				if len(stack) == 0 {
					return nil, fmt.Errorf("line %d: #else without #if", line)
				}
				b := &stack[len(stack)-1]
				b.active = b.parent && !b.taken
				b.taken = true
				active = b.active
			case "endif":
				if len(stack) == 0 {
					return nil, fmt.Errorf("line %d: #endif without #if", line)
				}
				active = stack[len(stack)-1].parent
				stack = stack[:len(stack)-1]
			}
			i += end
			continue
		}
		atLineStart = false
		if c == '/' && i+1 < n && src[i+1] == '/' {
			for i < n && src[i] != '\n' {
				i++
			}
			continue
		}
		if c == '/' && i+1 < n && src[i+1] == '*' {
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, fmt.Errorf("line %d: unterminated comment", line)
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
			continue
		}
		start, startLine := i, line
		var kind byte
		switch {
		case c == '"' || c == '@' && i+1 < n && src[i+1] == '"' || c == '$' && i+1 < n && (src[i+1] == '"' || src[i+1] == '@' || src[i+1] == '$'):
			j, err := skipString(src, i)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			line += strings.Count(src[i:j], "\n")
			i, kind = j, 's'
		case c == '@' && i+1 < n && src[i+1] == '$':
			j, err := skipString(src, i)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			line += strings.Count(src[i:j], "\n")
			i, kind = j, 's'
		case c == '\'':
			j := i + 1
			for j < n && src[j] != '\'' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i, kind = j+1, 'c'
		case isIdentStart(c) || c == '@' || c >= 0x80:
			j := i + 1
			for j < n && (isIdentPart(src[j]) || src[j] >= 0x80) {
				j++
			}
			i, kind = j, 'i'
		case c >= '0' && c <= '9' || c == '.' && i+1 < n && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < n && (isIdentPart(src[j]) || src[j] == '.' && j+1 < n && src[j+1] >= '0' && src[j+1] <= '9') {
				j++
			}
			i, kind = j, 'n'
		default:
			if i+1 < n && (c == '=' && src[i+1] == '>' || c == ':' && src[i+1] == ':') {
				i += 2
			} else {
				i++
			}
			kind = 'p'
		}
		if active {
			text := src[start:i]
			if kind == 'i' && text[0] == '@' {
				text = text[1:]
			}
			toks = append(toks, token{text: text, kind: kind, line: startLine})
		}
	}
	if len(stack) != 0 {
		return nil, fmt.Errorf("#if without #endif")
	}
	return toks, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// skipString returns the index just past the string literal at i: regular,
// verbatim (@"…"), interpolated ($"…{expr}…", $@, @$) and raw ("""…""").
func skipString(src string, i int) (int, error) {
	n := len(src)
	verbatim, interp := false, 0
	for i < n && (src[i] == '@' || src[i] == '$') {
		if src[i] == '@' {
			verbatim = true
		} else {
			interp++
		}
		i++
	}
	if strings.HasPrefix(src[i:], `"""`) {
		q := 0
		for i < n && src[i] == '"' {
			q++
			i++
		}
		end := strings.Index(src[i:], strings.Repeat(`"`, q))
		if end < 0 {
			return 0, fmt.Errorf("unterminated raw string")
		}
		return i + end + q, nil
	}
	i++ // opening quote
	for i < n {
		c := src[i]
		switch {
		case c == '\\' && !verbatim:
			i += 2
		case c == '"':
			if verbatim && i+1 < n && src[i+1] == '"' {
				i += 2
				continue
			}
			return i + 1, nil
		case c == '{' && interp > 0:
			if i+1 < n && src[i+1] == '{' {
				i += 2
				continue
			}
			j, err := skipInterpolation(src, i+1)
			if err != nil {
				return 0, err
			}
			i = j
		case c == '\n' && !verbatim:
			return 0, fmt.Errorf("newline in string")
		default:
			i++
		}
	}
	return 0, fmt.Errorf("unterminated string")
}

// skipInterpolation skips an interpolation hole's expression up to its '}'.
func skipInterpolation(src string, i int) (int, error) {
	depth := 0
	for i < len(src) {
		switch c := src[i]; {
		case c == '"' || c == '@' && i+1 < len(src) && src[i+1] == '"' || c == '$' && i+1 < len(src) && src[i+1] == '"':
			j, err := skipString(src, i)
			if err != nil {
				return 0, err
			}
			i = j
			continue
		case c == '\'':
			i++
			for i < len(src) && src[i] != '\'' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
		case c == '}':
			if depth == 0 {
				return i + 1, nil
			}
			depth--
		}
		i++
	}
	return 0, fmt.Errorf("unterminated interpolation")
}

// evalCond evaluates a preprocessor condition: symbols, true/false, !, &&,
// ||, ==, != and parentheses.
func evalCond(s string, defines map[string]bool) (bool, error) {
	p := condParser{s: s, defines: defines}
	v := p.or()
	p.space()
	if p.err == nil && p.i < len(p.s) {
		p.err = fmt.Errorf("cannot read the condition %q at %q", s, p.s[p.i:])
	}
	return v, p.err
}

type condParser struct {
	s       string
	i       int
	defines map[string]bool
	err     error
}

func (p *condParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

func (p *condParser) eat(op string) bool {
	p.space()
	if strings.HasPrefix(p.s[p.i:], op) {
		p.i += len(op)
		return true
	}
	return false
}

func (p *condParser) or() bool {
	v := p.and()
	for p.eat("||") {
		w := p.and()
		v = v || w
	}
	return v
}

func (p *condParser) and() bool {
	v := p.eq()
	for p.eat("&&") {
		w := p.eq()
		v = v && w
	}
	return v
}

func (p *condParser) eq() bool {
	v := p.unary()
	for {
		switch {
		case p.eat("=="):
			v = v == p.unary()
		case p.eat("!="):
			v = v != p.unary()
		default:
			return v
		}
	}
}

func (p *condParser) unary() bool {
	if p.eat("!") {
		return !p.unary()
	}
	if p.eat("(") {
		v := p.or()
		if !p.eat(")") && p.err == nil {
			p.err = fmt.Errorf("missing ) in %q", p.s)
		}
		return v
	}
	p.space()
	j := p.i
	for j < len(p.s) && isIdentPart(p.s[j]) {
		j++
	}
	if j == p.i {
		if p.err == nil {
			p.err = fmt.Errorf("cannot read the condition %q at %q", p.s, p.s[p.i:])
		}
		return false
	}
	sym := p.s[p.i:j]
	p.i = j
	switch sym {
	case "true":
		return true
	case "false":
		return false
	}
	return p.defines[sym]
}
