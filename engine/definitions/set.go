package definitions

import (
	"fmt"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
	"github.com/unitymcp/unitymcp/engine/suggest"
)

// set.go: what needs the whole set of definitions. Each name's definition
// is the first of its candidates (in folder precedence) that is not
// rejected; sequences are then linked: their steps' tools resolved, their
// arguments checked against those tools' parameters, cycles refused, and
// destructiveness, the read-only hint and the main thread worked out
// through nested sequences.

// linkReason is one reason the linker gives a definition. dependsOn names
// the definition it is about, when the reason comes from another
// definition's interface (which may yet be replaced by its next candidate).
type linkReason struct {
	msg, dependsOn string
}

// link chooses each name's definition and rejects the chosen ones the
// linker finds wrong, round after round, until every chosen definition
// links. A definition whose only problems come from a callee that is
// itself rejected this round waits for the next round, where the callee's
// next candidate may fit.
func link(cands map[string][]*file, tools map[string]Tool) map[string]*file {
	for {
		chosen := choose(cands)
		l := newLinker(chosen, cands, tools)
		bad := l.check()
		if len(bad) == 0 {
			l.finish()
			return chosen
		}
		badNames := map[string]bool{}
		for f := range bad {
			badNames[f.def.Name] = true
		}
		var now []*file
		for f, rs := range bad {
			for _, r := range rs {
				if r.dependsOn == "" || !badNames[r.dependsOn] {
					now = append(now, f)
					break
				}
			}
		}
		if len(now) == 0 { // they only depend on each other
			for f := range bad {
				now = append(now, f)
			}
		}
		for _, f := range now {
			for _, r := range bad[f] {
				f.reasons = append(f.reasons, r.msg)
			}
			f.rejected, f.linked = true, true
		}
	}
}

// choose picks each name's first candidate that is not rejected.
func choose(cands map[string][]*file) map[string]*file {
	chosen := map[string]*file{}
	for name, fs := range cands {
		for _, f := range fs {
			if !f.rejected {
				chosen[name] = f
				break
			}
		}
	}
	return chosen
}

type linker struct {
	files map[string]*file // the chosen definition of each name
	cands map[string][]*file
	tools map[string]Tool
	names []string // every tool name, for "did you mean"

	destructive, readOnly memo
}

func newLinker(chosen map[string]*file, cands map[string][]*file, tools map[string]Tool) *linker {
	l := &linker{files: chosen, cands: cands, tools: tools,
		destructive: memo{map[string]bool{}, map[string]bool{}}, readOnly: memo{map[string]bool{}, map[string]bool{}}}
	for n := range tools {
		l.names = append(l.names, n)
	}
	for n := range chosen {
		l.names = append(l.names, n)
	}
	sort.Strings(l.names)
	return l
}

func (l *linker) def(name string) *Def {
	if f := l.files[name]; f != nil {
		return f.def
	}
	return nil
}

// check returns the reasons of every chosen definition that does not link.
func (l *linker) check() map[*file][]linkReason {
	bad := map[*file][]linkReason{}
	for name, r := range l.cycles() {
		f := l.files[name]
		bad[f] = append(bad[f], linkReason{msg: r})
	}
	for _, name := range sortedKeys(l.files) {
		f := l.files[name]
		if f.def.Kind != KindSequence {
			continue
		}
		if rs := l.steps(f.def); len(rs) > 0 {
			bad[f] = append(bad[f], rs...)
		}
	}
	return bad
}

// cycles finds sequences that call each other in a cycle, through chains
// of any length (a step naming its own sequence is reported by steps).
func (l *linker) cycles() map[string]string {
	out := map[string]string{}
	const (
		unseen = iota
		active
		done
	)
	mark := map[string]int{}
	var stack []string
	var visit func(name string)
	visit = func(name string) {
		mark[name] = active
		stack = append(stack, name)
		for _, st := range l.def(name).Steps {
			next := l.def(st.Tool)
			if next == nil || next.Kind != KindSequence || st.Tool == name {
				continue
			}
			switch mark[st.Tool] {
			case active:
				i := len(stack) - 1
				for stack[i] != st.Tool {
					i--
				}
				cycle := strings.Join(append(append([]string{}, stack[i:]...), st.Tool), " → ")
				for _, n := range stack[i:] {
					if _, seen := out[n]; !seen {
						out[n] = "$.steps: the sequences call each other in a cycle (" + cycle + "), which would never end; every sequence of the cycle is rejected — break it"
					}
				}
			case unseen:
				visit(st.Tool)
			}
		}
		stack = stack[:len(stack)-1]
		mark[name] = done
	}
	for _, name := range sortedKeys(l.files) {
		if l.files[name].def.Kind == KindSequence && mark[name] == unseen {
			visit(name)
		}
	}
	return out
}

// callee is what a step needs to know of the tool it calls.
type callee struct {
	params                            []params.Param
	check                             func(map[string]any) *api.ToolError
	destructive, readOnly, mainThread bool
	def                               string // the definition's name, "" for a built-in or editor tool
}

func (l *linker) callee(name string) (callee, bool) {
	if t, ok := l.tools[name]; ok {
		return callee{params: t.Params, check: t.Check, destructive: t.Destructive, readOnly: t.ReadOnly, mainThread: t.MainThread}, true
	}
	d := l.def(name)
	if d == nil {
		return callee{}, false
	}
	c := callee{params: append([]params.Param{}, d.Inputs...), destructive: l.isDestructive(name), readOnly: l.isReadOnly(name), mainThread: d.MainThread, def: name}
	if c.destructive {
		c.params = append(c.params, ConfirmParams()...)
	}
	return c, true
}

// steps links the steps of the sequence d: each tool exists, the arguments
// fit its parameters, and the sequence's explicit destructive: false and
// mainThread: false agree with its steps.
func (l *linker) steps(d *Def) []linkReason {
	var out []linkReason
	for i := range d.Steps {
		st := &d.Steps[i]
		at := jindex("$.steps", i)
		if st.Tool == "" {
			continue
		}
		if st.Tool == d.Name {
			out = append(out, linkReason{msg: at + ".tool: names this sequence itself; a sequence cannot call itself (it would never end)"})
			continue
		}
		c, ok := l.callee(st.Tool)
		if !ok {
			out = append(out, linkReason{msg: l.unknown(at+".tool", st.Tool)})
			continue
		}
		st.params = c.params
		for _, m := range checkArgs(at, st, c.params, c.check, d) {
			out = append(out, linkReason{msg: m, dependsOn: c.def})
		}
		step := strings.TrimPrefix(at, "$.")
		if c.destructive && d.destructiveSet && !d.Destructive {
			out = append(out, linkReason{dependsOn: c.def, msg: fmt.Sprintf("$.destructive: false, but %s calls %s, which is destructive; remove destructive: false (the sequence is then destructive itself and takes confirm, which it forwards to that step)", step, quote(st.Tool))})
		}
		if c.mainThread && d.mainThreadSet && !d.MainThread {
			out = append(out, linkReason{dependsOn: c.def, msg: fmt.Sprintf("$.mainThread: false, but %s calls %s, which runs on the editor's main thread; remove mainThread: false (a sequence may leave the main thread only when none of its steps needs it)", step, quote(st.Tool))})
		}
	}
	return out
}

// unknown says that no tool is named name, or that its definition was rejected.
func (l *linker) unknown(at, name string) string {
	for _, f := range l.cands[name] {
		if f.rejected {
			return fmt.Sprintf("%s: %s is a definition that was rejected (%s); fix that file and this sequence loads too", at, quote(name), f.path)
		}
	}
	return fmt.Sprintf("%s: no tool is named %s%s; a step calls a built-in tool, a tool the editor declares, or another definition", at, quote(name), suggest.Hint(name, l.names))
}

// isDestructive reports whether the tool name is destructive: as declared,
// or for a sequence, when any step is (through nested sequences).
func (l *linker) isDestructive(name string) bool {
	return l.fold(name, &l.destructive, func(t Tool) bool { return t.Destructive },
		func(d *Def) bool { return d.Destructive }, false)
}

// isReadOnly is the readOnlyHint of the tool name. A definition is read-only
// when its idempotency is safe and it is not destructive (the rule of
// isuzu's loader, which publishes readOnlyHint from idempotency, made safe:
// a destructive tool never claims to be read-only); a sequence also needs
// every step to be read-only.
func (l *linker) isReadOnly(name string) bool {
	return l.fold(name, &l.readOnly, func(t Tool) bool { return t.ReadOnly }, func(d *Def) bool {
		if d.Kind == KindSequence {
			return d.Idempotent && !l.isDestructive(d.Name)
		}
		return d.ReadOnly
	}, true)
}

// memo keeps a property worked out through nested sequences.
type memo struct{ done, visiting map[string]bool }

// fold works out a property of the tool name: tool gives it for a tool that
// is not a definition, own for a definition itself; a sequence combines its
// own value with its steps' — every one of them (every) or any — memoised,
// with a cycle (reported by cycles) counting as false.
func (l *linker) fold(name string, m *memo, tool func(Tool) bool, own func(*Def) bool, every bool) bool {
	if t, ok := l.tools[name]; ok {
		return tool(t)
	}
	d := l.def(name)
	if d == nil {
		return false
	}
	if d.Kind != KindSequence {
		return own(d)
	}
	if v, ok := m.done[name]; ok {
		return v
	}
	if m.visiting[name] {
		return false
	}
	m.visiting[name] = true
	v := own(d)
	for _, st := range d.Steps {
		step := st.Tool != name && l.fold(st.Tool, m, tool, own, every)
		if every {
			v = v && step
		} else {
			v = v || step
		}
	}
	delete(m.visiting, name)
	m.done[name] = v
	return v
}

// finish records what linking worked out on the chosen sequences.
func (l *linker) finish() {
	for _, f := range l.files {
		if d := f.def; d.Kind == KindSequence {
			d.Destructive = l.isDestructive(d.Name)
			d.ReadOnly = l.isReadOnly(d.Name)
		}
	}
}
