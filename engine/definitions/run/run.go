// Package run runs definition tools (probe, script, sequence) in the
// daemon: the engine finds a definition tool in a catalog snapshot and
// checks its arguments, then hands the call to the Runner it was given
// (engine.Options.Definitions); loading the files is the engine's
// (definitions_load.go) and what a file holds is engine/definitions'.
// The arrow points one way: run imports engine, never the reverse.
package run

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/params"
	"github.com/unitymcp/unitymcp/engine/reflectpath"
)

// Runner runs definition tools; it keeps each session's last probe values
// (probe diffs). One Runner serves one engine.
type Runner struct {
	probes probeMemory
}

// New returns a Runner with no probe values kept.
func New() *Runner { return &Runner{} }

// Handle is the handler of every definition tool (an engine.Handler): the
// checks they share, then the kind's runner. An input a template needs that the call
// left out (and that has no default) is invalid_params naming it; a
// destructive definition's dry_run runs nothing and returns the plan.
func (e *Runner) Handle(ctx context.Context, c *engine.Call) (any, error) {
	d := c.Tool.Def
	if missing := d.Unfilled(c.Args); len(missing) > 0 {
		return nil, api.Errorf(api.CodeInvalidParams, "%s: %s", d.Name, strings.Join(missing, "; "))
	}
	if dry, _ := c.Args["dry_run"].(bool); dry && d.Destructive {
		return plan(c)
	}
	switch d.Kind {
	case definitions.KindProbe:
		return e.runProbe(ctx, c)
	case definitions.KindScript:
		return e.runScript(ctx, c)
	}
	return e.runSequence(ctx, c)
}

// inputValues are the call's arguments for {input} substitution: the
// declared inputs the call has (defaults filled in).
func inputValues(d *definitions.Def, args map[string]any) map[string]any {
	out := map[string]any{}
	for _, p := range d.Inputs {
		if v, ok := args[p.Name]; ok && v != nil {
			out[p.Name] = v
		}
	}
	return out
}

// plan is a destructive definition's dry_run answer: what would run, with
// the inputs filled in ({{step…}} references stay as written), and nothing
// run.
func plan(c *engine.Call) (any, error) {
	d := c.Tool.Def
	args := map[string]any{}
	for k, v := range c.Args {
		if k != "confirm" && k != "dry_run" {
			args[k] = v
		}
	}
	out := map[string]any{"dry_run": true, "tool": d.Name, "would_execute": true, "arguments": args}
	inputs := inputValues(d, c.Args)
	switch d.Kind {
	case definitions.KindProbe:
		reads := []map[string]any{}
		for _, r := range d.Reads {
			reads = append(reads, map[string]any{"id": r.ID, "path": definitions.Substitute(r.Path, inputs)})
		}
		out["reads"] = reads
	case definitions.KindScript:
		out["file"] = filepath.ToSlash(d.File)
	case definitions.KindSequence:
		steps := []map[string]any{}
		for i := range d.Steps {
			st := &d.Steps[i]
			am, err := st.Args(inputs, nil)
			if err != nil {
				return nil, api.Errorf(api.CodeInvalidParams, "%s: step %s: %v", d.Name, st.ID, err)
			}
			step, runs, am, err := c.StepTool(st.Tool, am)
			if err != nil {
				return nil, api.Errorf(api.CodeInvalidParams, "%s: step %s: %v", d.Name, st.ID, err)
			}
			entry := map[string]any{"id": st.ID, "tool": st.Tool, "arguments": am,
				"destructive": step != nil && step.Hints.DestructiveHint}
			if runs != st.Tool {
				entry["runs_as"] = runs
			}
			steps = append(steps, entry)
		}
		out["steps"] = steps
	}
	return out, nil
}

// ---- probe ----

// probeMemory keeps, per session and probe, the values of the last call.
// Two agents therefore never steal each other's diffs.
type probeMemory struct {
	mu sync.Mutex
	m  map[string]*probeSnapshot
}

type probeSnapshot struct {
	defHash string
	epoch   int
	values  map[string]string
	used    time.Time
}

const maxProbeSnapshots = 1024

func (pm *probeMemory) swap(key string, snap *probeSnapshot) *probeSnapshot {
	pm.mu.Lock()
	defer pm.mu.Unlock()
	if pm.m == nil {
		pm.m = map[string]*probeSnapshot{}
	}
	prev := pm.m[key]
	pm.m[key] = snap
	if len(pm.m) > maxProbeSnapshots { // forget the least recently used half
		keys := make([]string, 0, len(pm.m))
		for k := range pm.m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return pm.m[keys[i]].used.Before(pm.m[keys[j]].used) })
		for _, k := range keys[:len(keys)/2] {
			delete(pm.m, k)
		}
	}
	return prev
}

func (e *Runner) runProbe(ctx context.Context, c *engine.Call) (any, error) {
	d := c.Tool.Def
	t, terr := c.Target(ctx)
	if terr != nil {
		return nil, terr
	}
	inputs := inputValues(d, c.Args)
	values, terr := e.readAll(ctx, c, t, d, inputs)
	if terr != nil {
		return nil, terr
	}
	info, _ := c.Engine().Hub.Editor(t.Hash) // after the call: a reload during it counts
	current := map[string]string{}
	for id, v := range values {
		current[id] = canonicalJSON(v)
	}
	// Diffs are per session, probe and input values: the same probe aimed
	// at another object starts its own baseline.
	in, _ := json.Marshal(inputs)
	key := c.Session + "\x00" + t.Hash + "\x00" + d.Name + "\x00" + string(in)
	prev := e.probes.swap(key, &probeSnapshot{defHash: d.Hash, epoch: info.Epoch, values: current, used: time.Now()})
	baseline := prev == nil || prev.defHash != d.Hash || prev.epoch != info.Epoch
	reads := map[string]any{}
	changed := []string{}
	for _, r := range d.Reads {
		diff := baseline || prev.values[r.ID] != current[r.ID]
		if diff {
			changed = append(changed, r.ID)
		}
		if d.Mode != definitions.ModeChanges || diff {
			reads[r.ID] = values[r.ID]
		}
	}
	out := map[string]any{"reads": reads, "mode": d.Mode, "changed": changed}
	if baseline {
		out["baseline"] = true
	}
	return out, nil
}

// readAll reads a probe's paths through the editor's reflect_read: one call
// per distinct (depth, max_items), a read with fields as one path per field.
// It returns each read's {path, type, value} or {path, error} by id.
func (e *Runner) readAll(ctx context.Context, c *engine.Call, t engine.Target, d *definitions.Def, inputs map[string]any) (map[string]json.RawMessage, *api.ToolError) {
	type batch struct{ depth, maxItems int }
	paths := map[batch][]any{}
	var order []batch
	want := func(b batch, p string) {
		if _, ok := paths[b]; !ok {
			order = append(order, b)
		}
		paths[b] = append(paths[b], p)
	}
	base := make([]string, len(d.Reads))
	for i, r := range d.Reads {
		b := batch{r.Depth, r.MaxItems}
		base[i] = definitions.Substitute(r.Path, inputs)
		if _, static := staticType(base[i]); len(r.Fields) == 0 || !static {
			want(b, base[i])
		}
		for _, f := range r.Fields {
			want(b, base[i]+"/"+f)
		}
	}
	got := map[batch]map[string]json.RawMessage{}
	for _, b := range order {
		raw, terr := c.EditorTool(ctx, t, "reflect_read", map[string]any{"paths": paths[b], "depth": float64(b.depth), "max_items": float64(b.maxItems), "members": false}, true)
		if terr != nil {
			return nil, terr
		}
		var rr struct {
			Reads map[string]json.RawMessage `json:"reads"`
		}
		if err := json.Unmarshal(raw, &rr); err != nil || rr.Reads == nil {
			return nil, api.Errorf(api.CodeEditorError, "%s: the editor's reflect_read answer has no reads: %.200s", d.Name, raw)
		}
		got[b] = rr.Reads
	}
	out := map[string]json.RawMessage{}
	for i, r := range d.Reads {
		reads := got[batch{r.Depth, r.MaxItems}]
		entry := func(p string) json.RawMessage {
			if v, ok := reads[p]; ok {
				return v
			}
			b, _ := json.Marshal(map[string]any{"path": p, "error": "the editor returned nothing for this path"})
			return b
		}
		if len(r.Fields) == 0 {
			out[r.ID] = entry(base[i])
			continue
		}
		// {path, type, value: {field: value | {error}}}; the whole read fails
		// when its base does.
		var head struct {
			Type  string `json:"type"`
			Error string `json:"error"`
		}
		if typ, static := staticType(base[i]); static {
			head.Type = typ
		} else {
			json.Unmarshal(entry(base[i]), &head)
		}
		if head.Error != "" {
			out[r.ID] = entry(base[i])
			continue
		}
		fields := map[string]any{}
		for _, f := range r.Fields {
			var fe struct {
				Value json.RawMessage `json:"value"`
				Error string          `json:"error"`
			}
			json.Unmarshal(entry(base[i]+"/"+f), &fe)
			if fe.Error != "" {
				fields[f] = map[string]any{"error": fe.Error}
			} else {
				fields[f] = fe.Value
			}
		}
		b, _ := json.Marshal(map[string]any{"path": base[i], "type": head.Type, "value": fields})
		out[r.ID] = b
	}
	return out, nil
}

// staticType reports whether a path names a type and no member (the base
// of a read with fields: nothing to read there but the fields), and which.
func staticType(path string) (string, bool) {
	p, err := reflectpath.Parse(path)
	if err != nil {
		p, err = reflectpath.Parse("@type:" + path)
	}
	return p.Arg, err == nil && p.Root == reflectpath.RootType && len(p.Segments) == 0
}

func canonicalJSON(b json.RawMessage) string {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return string(b)
	}
	out, _ := json.Marshal(v)
	return string(out)
}

// ---- script ----

// ScriptTool is the internal bridge tool that compiles (cached by hash) and
// runs a wrapped definition script in the editor.
const ScriptTool = "_script"

func (e *Runner) runScript(ctx context.Context, c *engine.Call) (any, error) {
	d := c.Tool.Def
	src, err := definitions.ReadScript(d.File) // a regular file of at most 1 MiB: never /dev/zero
	if errors.Is(err, fs.ErrNotExist) {
		return nil, api.Errorf("not_found", "%s: the script file %s no longer exists; restore it or fix $.file in %s", d.Name, d.File, d.Path)
	}
	if err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "%s: reading the script %s: %v; fix $.file in %s", d.Name, d.File, err, d.Path)
	}
	source, hash := definitions.Wrap(string(src), d.File)
	t, terr := c.Target(ctx)
	if terr != nil {
		return nil, terr
	}
	args := map[string]any{}
	for _, p := range d.Inputs {
		if v, ok := c.Args[p.Name]; ok {
			args[p.Name] = v
		}
	}
	raw, terr := c.EditorTool(ctx, t, ScriptTool, map[string]any{"name": d.Name, "file": filepath.ToSlash(d.File),
		"source": source, "hash": hash, "args": args, "mainThread": d.MainThread}, d.Idempotent)
	if terr != nil {
		return nil, terr
	}
	var out map[string]any
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, api.Errorf(api.CodeEditorError, "%s: the editor answered %.200s", d.Name, raw)
	}
	return out, nil
}

// ---- sequence ----

// UndoTool is the internal bridge tool that opens ("begin") and collapses
// ("end") an Undo group around a sequence.
const UndoTool = "_undo"

const maxSequenceDepth = 16

type seqDepthKey struct{}

func (e *Runner) runSequence(ctx context.Context, c *engine.Call) (any, error) {
	d := c.Tool.Def
	depth, _ := ctx.Value(seqDepthKey{}).(int)
	if depth >= maxSequenceDepth {
		return nil, api.Errorf(api.CodeInvalidParams, "%s: sequences nest deeper than %d", d.Name, maxSequenceDepth)
	}
	ctx = context.WithValue(ctx, seqDepthKey{}, depth+1)
	t, terr := c.Target(ctx)
	if terr != nil {
		return nil, terr
	}
	confirm, _ := c.Args["confirm"].(bool)
	inputs := inputValues(d, c.Args)
	if d.UndoGroup != "" {
		res, terr := c.EditorTool(ctx, t, UndoTool, map[string]any{"action": "begin", "name": d.UndoGroup}, false)
		if terr != nil {
			return nil, terr
		}
		var g struct {
			Group int `json:"group"`
		}
		json.Unmarshal(res, &g)
		defer func() {
			// Close the group even when the caller has gone, but not forever.
			cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			defer cancel()
			c.EditorTool(cctx, t, UndoTool, map[string]any{"action": "end", "group": g.Group}, false)
		}()
	}
	results := map[string]any{}
	steps := []map[string]any{}
	for i := range d.Steps {
		st := &d.Steps[i]
		entry, ok := e.runStep(ctx, c, t, st, inputs, results, confirm)
		steps = append(steps, entry)
		if !ok && !st.ContinueOnError {
			break
		}
	}
	return map[string]any{"steps": steps}, nil
}

// runStep runs one step of a sequence in the sequence's project and catalog
// and returns its entry of the answer; ok is false when it failed. A
// successful step's result is kept in results for the steps after it.
func (e *Runner) runStep(ctx context.Context, c *engine.Call, t engine.Target, st *definitions.Step, inputs, results map[string]any, confirm bool) (entry map[string]any, ok bool) {
	entry = map[string]any{"id": st.ID, "tool": st.Tool}
	fail := func(terr *api.ToolError) (map[string]any, bool) {
		entry["ok"], entry["error"] = false, terr
		return entry, false
	}
	am, err := st.Args(inputs, results)
	if err != nil {
		return fail(api.Errorf(api.CodeInvalidParams, "%s: step %s: %v", c.Tool.Name, st.ID, err))
	}
	step, runs, am, err := c.StepTool(st.Tool, am)
	if err != nil {
		return fail(api.Errorf(api.CodeInvalidParams, "%s: step %s: %v", c.Tool.Name, st.ID, err))
	}
	if step == nil {
		return fail(c.UnknownTool(st.Tool))
	}
	if runs != st.Tool {
		entry["runs_as"] = runs
	}
	if step.Hints.DestructiveHint && step.HasParam("confirm") {
		am["confirm"] = confirm // the caller's consent, given to the sequence
	}
	res, terr := c.RunStep(ctx, t, step, am)
	if terr != nil {
		return fail(terr)
	}
	// Numbers as the editor wrote them: an id a later step takes from
	// this result ({{step.json.instance_id}}) keeps its digits past 2^53.
	v, _ := params.Decode(res)
	results[st.ID] = v
	entry["ok"], entry["result"] = true, v
	return entry, true
}
