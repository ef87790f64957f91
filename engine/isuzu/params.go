package isuzu

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/params"
)

// isuzu_params.go: isuzu-shiranui/UnityMCP's argument shapes for the
// built-ins that carry isuzu's name but take their arguments another way
// (material_set's properties object where isuzu takes one property/value
// pair a call, animator_set_state's set object where isuzu's fields are
// flat, …): the listing stays within its budget, and a definition written
// for isuzu, or a model that learnt isuzu's tools, still gets what it asked
// for. A call is read in isuzu's shape when it names a parameter only
// isuzu's tool has; it is then checked against isuzu's parameters (its
// defaults filled in, as isuzu fills them) and translated to the built-in's.
// The translation is exact or refused: a parameter with no counterpart is an
// error that says what to do instead, unless the built-in behaves the same
// for the value given (isuzu's default, mostly); a read drops what would
// only narrow its answer (a field whitelist) and answers at least what was
// asked. A call that mixes a parameter only isuzu has with one only ours has
// is refused, naming both, since neither reading is sure. The schema lists
// our parameters only (the listing budget); docs/tool-names.md lists the
// translations.
//
// It applies where a built-in is called: a direct call (Engine.run, before
// the argument check), a sequence step (stepTool, when it runs or is
// planned), and a step's check when its definition loads (withIsuzuNames
// gives the loader both shapes' parameters and a rule that translates).

// isuzuShape is how isuzu's tool of a built-in's name takes its arguments.
type isuzuShape struct {
	// params are isuzu's parameters, with isuzu's types and defaults
	// (jp.shiranui-isuzu.unity-mcp/Editor/Tools, commit 219ccd0).
	params []params.Param
	// rename maps an isuzu parameter to ours of the same meaning.
	rename map[string]string
	// drop lists isuzu parameters that only narrow what a read answers.
	drop []string
	// refuse lists isuzu parameters without a counterpart.
	refuse map[string]refusal
	// custom lists the isuzu parameters args translates; makes, the
	// parameters of ours it may produce.
	custom, makes []string
	// args translates the custom parameters of the checked arguments a
	// (isuzu's defaults filled in; gave says which the call gave) into out.
	args func(a map[string]any, gave func(string) bool, out map[string]any) error
}

// refusal is an isuzu parameter with no counterpart: why, and what to pass
// instead. A value in ok is accepted (and dropped): the built-in does the
// same for it.
type refusal struct {
	why string
	ok  []any
}

// isuzuNeutral are our parameters either shape may carry: the consent to a
// change Undo does not take back.
var isuzuNeutral = []string{"confirm", "dry_run"}

// isuzuShapes are the built-ins whose arguments isuzu's tool of the same
// name takes in another shape.
var isuzuShapes = joinShapes(renderShapes, animatorShapes, projectShapes)

func joinShapes(sets ...map[string]isuzuShape) map[string]isuzuShape {
	out := map[string]isuzuShape{}
	for _, set := range sets {
		for name, s := range set {
			out[name] = s
		}
	}
	return out
}

// split names the parameters only isuzu's tool has and those only ours
// (ours: the built-in's parameters).
func (s isuzuShape) split(ours []params.Param) (theirs, mine []string) {
	for _, p := range s.params {
		if !hasParamNamed(ours, p.Name) {
			theirs = append(theirs, p.Name)
		}
	}
	for _, p := range ours {
		if !hasParamNamed(s.params, p.Name) && !slices.Contains(isuzuNeutral, p.Name) {
			mine = append(mine, p.Name)
		}
	}
	return theirs, mine
}

func hasParamNamed(ps []params.Param, name string) bool {
	return slices.ContainsFunc(ps, func(p params.Param) bool { return p.Name == name })
}

// gaveArg reports whether a call gave k: present and not null (a null is an
// omitted argument, as params.Check reads it).
func gaveArg(raw map[string]any, k string) bool {
	v, ok := raw[k]
	return ok && v != nil
}

// isuzuArgs returns a call's arguments in the shape of the built-in name
// (whose parameters are ours): as they are when they name no parameter only
// isuzu's tool has, translated from isuzu's shape when they do.
func isuzuArgs(name string, ours []params.Param, raw map[string]any) (map[string]any, error) {
	s, ok := isuzuShapes[name]
	if !ok {
		return raw, nil
	}
	theirs, mine := s.split(ours)
	raw = withoutDropped(raw, s.drop, theirs)
	var named, mixed []string
	for k := range raw {
		switch {
		case !gaveArg(raw, k):
		case slices.Contains(theirs, k):
			named = append(named, k)
		case slices.Contains(mine, k):
			mixed = append(mixed, k)
		}
	}
	if len(named) == 0 {
		return raw, nil
	}
	sort.Strings(named)
	sort.Strings(mixed)
	if len(mixed) > 0 {
		return nil, fmt.Errorf("%s: the call mixes isuzu-shiranui/UnityMCP's parameters (%s) with ours (%s); write it one way, isuzu's (%s) or ours (%s)",
			name, quotedNames(named), quotedNames(mixed), strings.Join(paramNames(s.params), ", "), strings.Join(paramNames(ours), ", "))
	}
	ps := slices.Clone(s.params)
	for _, p := range ours {
		if slices.Contains(isuzuNeutral, p.Name) {
			ps = append(ps, params.Param{Name: p.Name, Type: p.Type})
		}
	}
	a, err := params.Check(name, ps, raw)
	if err != nil {
		return nil, fmt.Errorf("%w (read as isuzu-shiranui/UnityMCP's arguments, since it names %s)", err, quotedNames(named))
	}
	for k, v := range a {
		a[k] = number(v) // a default is the Go value it was declared with
	}
	gave := func(k string) bool { return gaveArg(raw, k) }
	out := map[string]any{}
	from := map[string]string{} // which argument gave each of ours
	for _, k := range sortedNames(a) {
		v := a[k]
		if r, ok := s.refuse[k]; ok {
			if gave(k) && !slices.ContainsFunc(r.ok, func(o any) bool { return sameValue(o, v) }) {
				return nil, fmt.Errorf("%s: %s %s has no counterpart here: %s", name, k, argShown(v), r.why)
			}
			continue
		}
		if slices.Contains(s.drop, k) || slices.Contains(s.custom, k) {
			continue
		}
		to := k // a parameter both tools have
		if r, ok := s.rename[k]; ok {
			to = r
		}
		if other, ok := from[to]; ok {
			return nil, fmt.Errorf("%s: %s and %s both give what %s takes here; give one", name, other, k, to)
		}
		out[to], from[to] = v, k
	}
	if s.args != nil {
		if err := s.args(a, gave, out); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return out, nil
}

// withoutDropped is raw without the isuzu parameters that only narrow a
// read's answer (whichever shape the rest is in: they change nothing here).
func withoutDropped(raw map[string]any, drop, theirs []string) map[string]any {
	var out map[string]any
	for _, k := range drop {
		if _, ok := raw[k]; ok && slices.Contains(theirs, k) {
			if out == nil {
				out = maps.Clone(raw)
			}
			delete(out, k)
		}
	}
	if out == nil {
		return raw
	}
	return out
}

// sameValue compares a refusal's accepted value with a checked one
// (numbers are float64 once checked, so the accepted ones are too).
func sameValue(a, b any) bool { return reflect.DeepEqual(a, b) }

// argShown is a value as a message quotes it.
func argShown(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}

func quotedNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

func paramNames(ps []params.Param) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

func sortedNames(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// isuzuShaped gives the built-in tool's arguments in its own shape (a call
// written in isuzu's is translated), or the invalid_params error that says
// why it cannot be.
func Shaped(name string, ours []params.Param, raw map[string]any) (map[string]any, *api.ToolError) {
	out, err := isuzuArgs(name, ours, raw)
	if err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "%v", err)
	}
	return out, nil
}

// isuzuLoaderTool is what a definition's steps are checked against for a
// built-in that isuzu's tool of its name takes in another shape: both
// shapes' parameters (names and types; nothing required that a translation
// may produce or that isuzu's shape leaves out, no defaults, so the rule
// sees what the step gave) and a rule that translates a step whose
// arguments are all literal and checks the result as the built-in would.
// A step with templates has its names and types checked when the file
// loads, and the rest when it runs.
func isuzuLoaderTool(name string, t definitions.Tool, s isuzuShape) definitions.Tool {
	made := slices.Clone(s.makes)
	for _, to := range s.rename {
		made = append(made, to)
	}
	var union []params.Param
	for _, p := range t.Params {
		q := p
		q.Default, q.HasDefault = nil, false
		theirs := slices.IndexFunc(s.params, func(x params.Param) bool { return x.Name == p.Name })
		q.Required = p.Required && theirs >= 0 && s.params[theirs].Required && !slices.Contains(made, p.Name)
		union = append(union, q)
	}
	for _, p := range s.params {
		if !hasParamNamed(t.Params, p.Name) {
			union = append(union, params.Param{Name: p.Name, Type: p.Type, Items: p.Items})
		}
	}
	ours, check := t.Params, t.Check
	t.Params = union
	t.Check = func(args map[string]any) *api.ToolError {
		out, terr := Shaped(name, ours, args)
		if terr != nil {
			return terr
		}
		checked, err := params.Check(name, ours, out)
		if err != nil {
			return api.Errorf(api.CodeInvalidParams, "%v", err)
		}
		if check != nil {
			return check(checked)
		}
		return nil
	}
	return t
}
