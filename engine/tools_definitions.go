package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

// defState holds the loaded definition sets, by project hash ("" = the
// shared folder alone, for sessions not pinned to a project).
type defState struct {
	loadMu sync.Mutex // serialises loads
	mu     sync.Mutex
	sets   map[string]*definitions.Set
	// probes keeps each session's last probe values (see probe diffs).
	probes probeMemory
}

// definitionSet returns (loading it on first use) a project's definitions.
func (e *Engine) definitionSet(hash string) *definitions.Set {
	e.defs.mu.Lock()
	set, ok := e.defs.sets[hash]
	e.defs.mu.Unlock()
	if ok {
		return set
	}
	return e.loadDefinitions(hash)
}

func (e *Engine) definitionDirs(hash string) []definitions.Dir {
	if e.opt.State.Root == "" {
		return nil
	}
	dirs := []definitions.Dir{}
	if hash != "" {
		dirs = append(dirs, definitions.Dir{Path: e.opt.State.ToolsDir(hash), Source: definitions.SourceProject})
	}
	return append(dirs, definitions.Dir{Path: e.opt.State.SharedToolsDir(), Source: definitions.SourceShared})
}

func (e *Engine) loadDefinitions(hash string) *definitions.Set {
	// One load at a time: a slow, older load must not overwrite a newer set.
	e.defs.loadMu.Lock()
	defer e.defs.loadMu.Unlock()
	if e.opt.State.Root != "" && hash != "" {
		os.MkdirAll(e.opt.State.ToolsDir(hash), 0o700) // the folder /health points at exists
	}
	set := definitions.Load(e.definitionDirs(hash), func(name string) (bool, bool) {
		t := e.lookupStatic(hash, name)
		if t == nil {
			return false, false
		}
		return true, t.Hints.DestructiveHint
	})
	e.defs.mu.Lock()
	e.defs.sets[hash] = set
	e.defs.mu.Unlock()
	return set
}

// ReloadDefinitions reloads the definitions of the folders that changed
// ("shared" or project hashes; nil = all) and tells every front end.
func (e *Engine) ReloadDefinitions(folders []string) {
	e.defs.mu.Lock()
	var hashes []string
	for h := range e.defs.sets {
		hashes = append(hashes, h)
	}
	e.defs.mu.Unlock()
	all := folders == nil
	for _, f := range folders {
		all = all || f == definitions.SourceShared
	}
	reload := map[string]bool{}
	if all {
		for _, h := range hashes {
			reload[h] = true
		}
		reload[""] = true
	} else {
		for _, f := range folders {
			reload[f] = true
		}
	}
	for h := range reload {
		set := e.loadDefinitions(h)
		e.publish(api.EventDefinitionsChanged, h, api.DefinitionsChanged{Loaded: len(set.Defs), Rejected: len(set.Rejected), Folders: folders})
		if h == "" {
			continue
		}
		e.catalogChanged(h)
	}
	if all || len(reload) > 0 {
		e.catalogChanged("")
	}
}

// definitionTools converts a project's definitions into catalog tools.
func (e *Engine) definitionTools(hash string) []*catalog.Tool {
	set := e.definitionSet(hash)
	out := make([]*catalog.Tool, 0, len(set.Defs))
	for _, d := range set.Defs {
		out = append(out, catalog.FromDefinition(d))
	}
	return out
}

// inputValues are the call's arguments for {input} substitution: the
// declared inputs only; an optional input the caller left out (and with no
// default) substitutes as "".
func inputValues(d *definitions.Def, args map[string]any) map[string]any {
	out := map[string]any{}
	for _, p := range d.Inputs {
		if v, ok := args[p.Name]; ok {
			out[p.Name] = v
		} else {
			out[p.Name] = ""
		}
	}
	return out
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

func (e *Engine) runProbe(ctx context.Context, c *Call) (any, error) {
	d := c.Tool.Def
	t, terr := c.Target(ctx)
	if terr != nil {
		return nil, terr
	}
	inputs := inputValues(d, c.Args)
	paths := make([]any, len(d.Reads))
	for i, r := range d.Reads {
		paths[i] = definitions.Substitute(r.Path, inputs)
	}
	raw, terr := e.callEditorTool(ctx, c, t, "reflect_read", map[string]any{"paths": paths, "depth": 2.0, "max_items": 20.0, "members": false}, true)
	if terr != nil {
		return nil, terr
	}
	var rr struct {
		Reads map[string]json.RawMessage `json:"reads"`
	}
	if err := json.Unmarshal(raw, &rr); err != nil || rr.Reads == nil {
		return nil, api.Errorf(api.CodeEditorError, "%s: the editor's reflect_read answer has no reads: %.200s", d.Name, raw)
	}
	info, _ := e.Hub.Editor(t.Hash) // after the call: a reload during it counts
	current := map[string]string{}
	values := map[string]json.RawMessage{}
	for i, r := range d.Reads {
		v, ok := rr.Reads[paths[i].(string)]
		if !ok {
			b, _ := json.Marshal(map[string]any{"path": paths[i], "error": "the editor returned nothing for this path"})
			v = b
		}
		values[r.ID] = v
		current[r.ID] = canonicalJSON(v)
	}
	// Diffs are per session, probe and input values: the same probe aimed
	// at another object starts its own baseline.
	in, _ := json.Marshal(inputs)
	key := c.Session + "\x00" + t.Hash + "\x00" + d.Name + "\x00" + string(in)
	prev := e.defs.probes.swap(key, &probeSnapshot{defHash: d.Hash, epoch: info.Epoch, values: current, used: time.Now()})
	baseline := prev == nil || prev.defHash != d.Hash || prev.epoch != info.Epoch
	reads := map[string]any{}
	changed := []string{}
	for _, r := range d.Reads {
		diff := baseline || prev.values[r.ID] != current[r.ID]
		if diff {
			changed = append(changed, r.ID)
		}
		if d.Mode != "changes" || diff {
			reads[r.ID] = values[r.ID]
		}
	}
	out := map[string]any{"reads": reads, "mode": d.Mode, "changed": changed}
	if baseline {
		out["baseline"] = true
	}
	return out, nil
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

func (e *Engine) runScript(ctx context.Context, c *Call) (any, error) {
	d := c.Tool.Def
	if dry, _ := c.Args["dry_run"].(bool); dry {
		return dryRun(c), nil
	}
	src, err := os.ReadFile(d.File)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, api.Errorf("not_found", "%s: the script file %s no longer exists; restore it or fix $.file in %s", d.Name, d.File, d.Path)
	}
	if err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "%s: reading %s: %v", d.Name, d.File, err)
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
	raw, terr := e.callEditorTool(ctx, c, t, ScriptTool, map[string]any{"name": d.Name, "file": filepath.ToSlash(d.File),
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

func dryRun(c *Call) map[string]any {
	args := map[string]any{}
	for k, v := range c.Args {
		if k != "confirm" && k != "dry_run" {
			args[k] = v
		}
	}
	return map[string]any{"dry_run": true, "tool": c.Tool.Name, "would_execute": true, "arguments": args}
}

// ---- sequence ----

// UndoTool is the internal bridge tool that opens ("begin") and collapses
// ("end") an Undo group around a sequence.
const UndoTool = "_undo"

const maxSequenceDepth = 16

type seqDepthKey struct{}

func (e *Engine) runSequence(ctx context.Context, c *Call) (any, error) {
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
	dry, _ := c.Args["dry_run"].(bool)
	inputs := inputValues(d, c.Args)
	if d.UndoGroup != "" && !dry {
		res, terr := e.callEditorTool(ctx, c, t, UndoTool, map[string]any{"action": "begin", "name": d.UndoGroup}, false)
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
			e.callEditorTool(cctx, c, t, UndoTool, map[string]any{"action": "end", "group": g.Group}, false)
		}()
	}
	results := map[string]any{}
	steps := []map[string]any{}
	for _, st := range d.Steps {
		entry, ok := e.runStep(ctx, c, t, st, inputs, results, confirm, dry)
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
func (e *Engine) runStep(ctx context.Context, c *Call, t Target, st definitions.Step, inputs, results map[string]any, confirm, dry bool) (entry map[string]any, ok bool) {
	entry = map[string]any{"id": st.ID, "tool": st.Tool}
	fail := func(terr *api.ToolError) (map[string]any, bool) {
		entry["ok"], entry["error"] = false, terr
		return entry, false
	}
	args, err := definitions.Resolve(map[string]any(st.Arguments), inputs, results)
	if err != nil {
		return fail(api.Errorf(api.CodeInvalidParams, "%s", err.Error()))
	}
	am, _ := args.(map[string]any)
	if am == nil {
		am = map[string]any{}
	}
	step := c.snap.Lookup(st.Tool)
	if step == nil {
		return fail(e.unknownTool(c.snap, st.Tool))
	}
	if step.Hints.DestructiveHint {
		if step.HasParam("confirm") {
			am["confirm"] = confirm
			if dry {
				am["dry_run"] = true
			}
		} else if dry {
			entry["ok"] = true
			entry["result"] = map[string]any{"dry_run": true, "tool": st.Tool, "would_execute": true, "arguments": am}
			return entry, true
		}
	}
	sc := &Call{Roots: c.Roots, Progress: c.Progress, Session: c.Session, engine: e, snap: c.snap}
	sc.setTarget(t)
	res, terr := e.run(ctx, sc, step, am)
	if terr != nil {
		return fail(terr)
	}
	var v any
	json.Unmarshal(res, &v)
	results[st.ID] = v
	entry["ok"], entry["result"] = true, v
	return entry, true
}

// ---- definitions_list ----

// runDefinitionsList is definitions_list: the report of the call's project
// (the shared folder alone when no project is known).
func runDefinitionsList(ctx context.Context, c *Call) (any, error) {
	hash := ""
	if t, terr := c.Target(ctx); terr == nil {
		hash = t.Hash
	}
	return c.engine.DefinitionsReport(hash), nil
}

// DefinitionInfo is one loaded definition in a DefinitionsReport.
type DefinitionInfo struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	File      string `json:"file"`
	Group     string `json:"group"`
	Source    string `json:"source"`
	SourceDir string `json:"sourceDir"`
}

// DefinitionsReport is definitions_list's answer and the CLI's listing.
type DefinitionsReport struct {
	SharedDefinitionsDir string `json:"sharedDefinitionsDir"`
	// DefinitionsDir is the project's folder; null when no project is known.
	DefinitionsDir *string                 `json:"definitionsDir"`
	ProjectHash    string                  `json:"projectHash,omitempty"`
	Tools          []DefinitionInfo        `json:"tools"`
	Rejected       []definitions.Rejection `json:"rejected"`
	// Errors are the rejections as one line each.
	Errors   []string `json:"errors"`
	Shadowed []string `json:"shadowed"`
}

// DefinitionsReport describes a project's definitions ("" = shared only).
func (e *Engine) DefinitionsReport(hash string) DefinitionsReport {
	set := e.definitionSet(hash)
	rep := DefinitionsReport{SharedDefinitionsDir: filepath.ToSlash(e.opt.State.SharedToolsDir()),
		Tools: []DefinitionInfo{}, Rejected: []definitions.Rejection{}, Errors: []string{}, Shadowed: append([]string{}, set.Shadowed...)}
	for _, d := range set.Defs {
		rep.Tools = append(rep.Tools, DefinitionInfo{Name: d.Name, Kind: string(d.Kind), File: filepath.ToSlash(d.Path),
			Group: d.Group, Source: d.Source, SourceDir: filepath.ToSlash(d.Dir)})
	}
	for _, r := range set.Rejected {
		rep.Rejected = append(rep.Rejected, r)
		rep.Errors = append(rep.Errors, fmt.Sprintf("%s: %s", filepath.ToSlash(r.File), strings.Join(r.Reasons, "; ")))
	}
	if hash != "" {
		dir := filepath.ToSlash(e.opt.State.ToolsDir(hash))
		rep.DefinitionsDir, rep.ProjectHash = &dir, hash
	}
	return rep
}

// CheckDefinitions loads definition folders for a project the way the
// daemon would, without keeping the result (the CLI's validate).
func (e *Engine) CheckDefinitions(hash string, dirs []definitions.Dir) *definitions.Set {
	return definitions.Load(dirs, func(name string) (bool, bool) {
		t := e.lookupStatic(hash, name)
		if t == nil {
			return false, false
		}
		return true, t.Hints.DestructiveHint
	})
}

// DefinitionDirs are the folders a project's definitions come from.
func (e *Engine) DefinitionDirs(hash string) []definitions.Dir { return e.definitionDirs(hash) }
