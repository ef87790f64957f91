package main

import (
	"fmt"
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
