package catalog

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
	"github.com/unitymcp/unitymcp/engine/suggest"
)

// A batch is Unity Pipeline's `job batch` (peers-2026-12.md §6.4) with
// isuzu's tools: operations [{id, tool, args}] run in the editor as one
// undo step, all or nothing, later arguments naming earlier results. The
// daemon checks the whole batch before the editor sees any of it — each
// operation's tool, its arguments by the same check a direct call goes
// through, its id and its references — and answers a dry run itself; the
// editor substitutes the references and runs the operations.

// BatchMax is the most operations one batch takes (as Unity's job batch).
const BatchMax = 200

var (
	// batchID is an operation's id: what a reference can name.
	batchID = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)
	// batchRef is a string argument that refers to an earlier operation's
	// result: "$id" (all of it) or "$id.field.field" (a field of it).
	batchRef = regexp.MustCompile(`^\$([A-Za-z_][A-Za-z0-9_]{0,63})((?:\.[A-Za-z0-9_]+)*)$`)
)

// opKeys are the keys of an operation; opAliases the other peers' names
// for them, for the "did you mean".
var (
	opKeys    = []string{"id", "tool", "args"}
	opAliases = map[string]string{"command": "tool", "name": "tool", "params": "args", "arguments": "args", "parameters": "args"}
)

// maxBatchProblems bounds the problems one refusal lists.
const maxBatchProblems = 20

// batchOp is what the checks know of one operation.
type batchOp struct {
	index int
	id    string
	tool  string
	args  map[string]any
}

// String names the operation in a message: operations[2] (id "wire", inspect_write).
func (o *batchOp) String() string {
	var in []string
	if o.id != "" {
		in = append(in, fmt.Sprintf("id %q", o.id))
	}
	if o.tool != "" {
		in = append(in, o.tool)
	}
	if len(in) == 0 {
		return fmt.Sprintf("operations[%d]", o.index)
	}
	return fmt.Sprintf("operations[%d] (%s)", o.index, strings.Join(in, ", "))
}

// prepareBatch checks a batch (its arguments passed params.Check) against
// the catalog s: it returns the editor's arguments, every operation's
// args checked and with their defaults, or the dry run's answer.
func prepareBatch(s *Snapshot, args map[string]any) (map[string]any, any, *api.ToolError) {
	raw, _ := args["operations"].([]any)
	ops := make([]batchOp, len(raw))
	probs := make([][]string, len(raw))
	fail := func(i int, format string, a ...any) {
		probs[i] = append(probs[i], ops[i].String()+": "+fmt.Sprintf(format, a...))
	}
	// First every id, so a reference to a later one is told apart from a
	// reference to none.
	ids := map[string]int{}
	for i, r := range raw {
		m, _ := r.(map[string]any) // params.Check made them objects
		ops[i] = batchOp{index: i}
		ops[i].tool, _ = m["tool"].(string)
		v, given := m["id"]
		if !given || v == nil {
			continue
		}
		id, ok := v.(string)
		switch {
		case !ok:
			fail(i, "id must be a string, got %s", params.Kind(v))
		case !batchID.MatchString(id):
			fail(i, "id %q must be a letter or _ then letters, digits or _ (at most 64), so that \"$%s\" can refer to it", id, id)
		case hasKey(ids, id):
			ops[i].id = id
			fail(i, "id %q is already %s's; give each operation its own id", id, ops[ids[id]].String())
		default:
			ops[i].id = id
			ids[id] = i
		}
	}
	send := make([]any, 0, len(raw))
	counts := map[string]int{}
	for i, r := range raw {
		m, _ := r.(map[string]any)
		op := &ops[i]
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if k == "id" || k == "tool" || k == "args" {
				continue
			}
			hint := suggest.Hint(k, opKeys)
			if a, ok := opAliases[strings.ToLower(k)]; ok {
				hint = fmt.Sprintf(" (did you mean %q?)", a)
			}
			fail(i, "unknown key %q%s; an operation is {id, tool, args}", k, hint)
		}
		t := opTool(s, op, fail)
		a, ok := m["args"].(map[string]any)
		if v, given := m["args"]; given && v != nil && !ok {
			fail(i, "args must be an object of the tool's arguments, got %s", params.Kind(v))
			continue
		}
		if t == nil {
			continue
		}
		checked, ps := checkOpArgs(t, a, op, ops, ids)
		probs[i] = append(probs[i], ps...)
		if len(ps) > 0 {
			continue
		}
		o := map[string]any{"tool": t.Name, "args": checked}
		if op.id != "" {
			o["id"] = op.id
		}
		send = append(send, o)
		counts[t.Name]++
	}
	if terr := batchProblems(probs); terr != nil {
		return nil, nil, terr
	}
	if dry, _ := args["dry_run"].(bool); dry {
		return nil, dryRunAnswer(len(raw), counts), nil
	}
	results, _ := args["results"].(string)
	if results == "" {
		results = "ids"
	}
	return map[string]any{"operations": send, "dry_run": false, "results": results}, nil, nil
}

// opTool finds an operation's tool, refusing one a batch cannot run.
func opTool(s *Snapshot, op *batchOp, fail func(int, string, ...any)) *Tool {
	if op.tool == "" {
		fail(op.index, `tool is required: the name of a gameobject_*, inspect_*, scene_browse_hierarchy, prefab_instantiate, prefab_revert, prefab_unpack, material_set or scene_settings tool, e.g. {"tool": "gameobject_create", "args": {…}}`)
		return nil
	}
	t := s.Lookup(op.tool)
	if t == nil {
		var names []string
		for _, c := range s.Tools() {
			if c.Batch {
				names = append(names, c.Name)
			}
		}
		fail(op.index, "there is no tool %q%s", op.tool, suggest.Hint(op.tool, names))
		return nil
	}
	if !t.Batch || t.Source != api.SourceBuiltin {
		fail(op.index, "%s cannot run in a batch, which takes only gameobject_*, inspect_*, scene_browse_hierarchy, prefab_instantiate, prefab_revert, prefab_unpack, material_set and scene_settings (changes Undo reverts, and reads); call %s on its own, before or after the batch", t.Name, t.Name)
		return nil
	}
	return t
}

// checkOpArgs checks one operation's arguments as a direct call's are
// (params.Check, then the tool's Check), references standing in for a
// valid value of their parameter: the editor types them when it has the
// result. It returns the checked arguments with the references back.
func checkOpArgs(t *Tool, args map[string]any, op *batchOp, ops []batchOp, ids map[string]int) (map[string]any, []string) {
	var probs []string
	fail := func(format string, a ...any) { probs = append(probs, op.String()+": "+fmt.Sprintf(format, a...)) }
	byName := make(map[string]Param, len(t.Params))
	for _, p := range t.Params {
		byName[p.Name] = p
	}
	standIn := make(map[string]any, len(args))
	refs := map[string]string{}
	for _, k := range slices.Sorted(maps.Keys(args)) {
		v := args[k]
		s, isStr := v.(string)
		m := batchRef.FindStringSubmatch(s)
		p, known := byName[k]
		if !isStr || m == nil || !known {
			standIn[k] = v // params.Check reports unknown names
			continue
		}
		switch at, ok := ids[m[1]]; {
		case !ok:
			fail("%s refers to %s, but no operation has id %q; refer to the id of an earlier operation", k, s, m[1])
		case at == op.index:
			fail("%s refers to %s, this operation's own id; an operation can refer only to operations before it", k, s)
		case at > op.index:
			fail("%s refers to %s, which is %s, a later operation; an operation can refer only to operations before it: move %s before this one", k, s, ops[at].String(), ops[at].String())
		}
		stand, ok := refStandIn(p, s)
		if !ok {
			fail("%s takes %s, and a reference (%s) can stand only for a string, an id or an object argument; write the value itself", k, paramKind(p), s)
			continue
		}
		standIn[k], refs[k] = stand, s
	}
	checked, err := params.Check(t.Name, t.Params, standIn)
	if err != nil {
		if pe, ok := err.(*params.Error); ok {
			for _, prob := range pe.Problems {
				fail("%s", prob)
			}
		} else {
			fail("%v", err)
		}
		return nil, probs
	}
	if t.Check != nil {
		if terr := t.Check(checked); terr != nil {
			fail("%s", strings.TrimPrefix(terr.Message, t.Name+": "))
		}
	}
	for k, r := range refs {
		checked[k] = r
	}
	return checked, probs
}

// refStandIn is a value that passes p's checks in place of reference r,
// and whether p may take a reference at all: a string (not an enum), an
// id, an object or any value.
func refStandIn(p Param, r string) (any, bool) {
	switch {
	case p.Type == params.TypeID:
		return "0", true
	case p.Type == "object":
		return map[string]any{}, true
	case len(p.Enum) > 0 || len(p.EnumAny) > 0:
		return nil, false
	case p.Type == "string" || p.Type == params.TypeAny || p.Type == "":
		return r, true
	}
	return nil, false
}

// paramKind names what a parameter takes, for a message.
func paramKind(p Param) string {
	if len(p.Enum) > 0 {
		return "one of " + strings.Join(p.Enum, ", ")
	}
	switch p.Type {
	case "integer", "array", "object":
		return "an " + p.Type
	}
	return "a " + p.Type
}

// batchProblems is the refusal listing every problem found, in
// operation order, or nil.
func batchProblems(probs [][]string) *api.ToolError {
	var all []string
	for _, p := range probs {
		all = append(all, p...)
	}
	if len(all) == 0 {
		return nil
	}
	n := len(all)
	if n > maxBatchProblems {
		all = append(all[:maxBatchProblems], fmt.Sprintf("… and %d more", n-maxBatchProblems))
	}
	what := "a problem"
	if n > 1 {
		what = fmt.Sprintf("%d problems", n)
	}
	return api.Errorf(api.CodeInvalidParams, "batch: %s, so nothing ran; fix and send the whole batch again: %s", what, strings.Join(all, "; "))
}

// dryRunAnswer says a batch is valid without running it.
func dryRunAnswer(n int, counts map[string]int) map[string]any {
	names := slices.Sorted(maps.Keys(counts))
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = name
		if c := counts[name]; c > 1 {
			parts[i] = fmt.Sprintf("%s ×%d", name, c)
		}
	}
	return map[string]any{
		"valid": true, "dry_run": true, "operations": n, "tools": counts,
		"message": fmt.Sprintf("The batch is valid: %d operations (%s); tools, arguments, ids and references were checked. Nothing was sent to the editor: whether the objects exist is checked when it runs.", n, strings.Join(parts, ", ")),
	}
}

func hasKey[V any](m map[string]V, k string) bool { _, ok := m[k]; return ok }
