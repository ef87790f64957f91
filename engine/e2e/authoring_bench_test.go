package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
)

// TestAuthoringCosts measures what an agent pays to author a scene, in the
// deployed shape: the real `unitymcp serve`, the package's real C# over the
// behavioural fake of Unity (the headless editor, under mono) and the
// official TypeScript SDK client, each its own process. It prints the
// "Authoring: what an agent pays" tables of docs/performance.md:
//
//	UNITYMCP_BENCH=1 go test -count=1 -run TestAuthoringCosts -v ./engine/e2e/
//
// Tokens are counted by engine/e2e/node/tokens.mjs (o200k_base, and
// Anthropic's published legacy tokenizer as a second opinion) over exactly
// the text the client received. Times are each callTool as the TypeScript
// SDK sees it (from the call to its parsed result), taking turns in the same
// client runs, so a batch and the single call it is compared with share the
// machine's noise.
func TestAuthoringCosts(t *testing.T) {
	if os.Getenv("UNITYMCP_BENCH") == "" {
		t.Skip("set UNITYMCP_BENCH=1 to measure (prints the authoring tables of docs/performance.md)")
	}
	needTokenizers(t)
	home, _, addr, token := serveWithToken(t)
	proj := newProject(t, "Costs")
	// startHeadlessEditor needs only the test and the state folder the editor
	// finds the daemon by: here the folder of the `unitymcp serve` process.
	(&env{t: t, State: state.Dir{Root: home}, URL: "http://" + addr}).startHeadlessEditor(proj)
	hash, err := project.HashDir(proj)
	if err != nil {
		t.Fatal(err)
	}
	ts := &tsBench{t: t, url: "http://" + addr + "/projects/" + hash + "/mcp", token: token}

	var out strings.Builder
	catalogCosts(t, ts, &out, addr, token, hash, proj)
	hierarchyCosts(t, ts, &out)
	batchCosts(t, ts, &out)
	t.Log("\n" + out.String())
}

// needTokenizers skips locally (fails under CI=true) without node and the
// tokenizer packages.
func needTokenizers(t *testing.T) {
	t.Helper()
	_, dir := needNode(t)
	for _, pkg := range []string{"gpt-tokenizer", "@anthropic-ai/tokenizer"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", pkg)); err != nil {
			msg := "the token counts need `npm ci --prefix engine/e2e/node`: " + err.Error()
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// tokenCount is one text's size: UTF-8 bytes, o200k_base tokens and the
// legacy Claude tokenizer's.
type tokenCount struct{ Bytes, O200k, Claude int }

// countTokens counts each text with tokens.mjs (one node process for all).
func countTokens(t *testing.T, texts []string) []tokenCount {
	t.Helper()
	node, dir := needNode(t)
	cmd := exec.Command(node, filepath.Join(dir, "tokens.mjs"), "--each")
	cmd.Stdin = strings.NewReader(mustJSON(texts))
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	var out []tokenCount
	if err == nil {
		err = json.Unmarshal(b, &out)
	}
	if err != nil || len(out) != len(texts) {
		t.Fatalf("tokens.mjs: %v (%d counts for %d texts)", err, len(out), len(texts))
	}
	return out
}

// toolsOf splits a tools array into its tools, each as the client got it.
func toolsOf(t *testing.T, raw json.RawMessage) []json.RawMessage {
	t.Helper()
	var tools []json.RawMessage
	if err := json.Unmarshal(raw, &tools); err != nil {
		t.Fatalf("tools: %v", err)
	}
	return tools
}

func nameOf(tool json.RawMessage) string {
	var v struct{ Name string }
	json.Unmarshal(tool, &v)
	return v.Name
}

// catalogCosts: tools/list as the client receives it — the default list a
// session gets without asking for a group, the whole catalog (?group=all),
// each group alone, and the default list with the repository's example
// definitions in the project.
func catalogCosts(t *testing.T, ts *tsBench, out *strings.Builder, addr, token, hash, proj string) {
	type listing struct {
		label string
		tools []json.RawMessage
		raw   string
	}
	var ls []listing
	def := ts.run("", nil)
	ls = append(ls, listing{"default (a session that asks for no group)", toolsOf(t, def.Tools), string(def.Tools)})
	whole := ts.run("?group=all", nil)
	ls = append(ls, listing{"?group=all (the whole catalog)", toolsOf(t, whole.Tools), string(whole.Tools)})
	for _, g := range api.Groups {
		r := ts.run("?group="+g, nil)
		ls = append(ls, listing{"?group=" + g, toolsOf(t, r.Tools), string(r.Tools)})
	}

	// The full catalog: the example definitions committed with the project.
	files := addExampleDefinitions(t, proj, addr, token, hash)
	full := ts.run("", nil)
	ftools := toolsOf(t, full.Tools)
	defs := len(ftools) - len(ls[0].tools)
	if defs != files {
		t.Logf("%d of the %d example definitions loaded", defs, files)
	}
	ls = append(ls, listing{fmt.Sprintf("default + the %d example definitions", defs), ftools, string(full.Tools)})

	texts := []string{def.Instructions, full.Instructions}
	for _, l := range ls {
		texts = append(texts, l.raw)
	}
	for _, tool := range ls[1].tools {
		texts = append(texts, string(tool))
	}
	n := countTokens(t, texts)
	fmt.Fprintf(out, "tools/list: the `tools` array as the TypeScript SDK returns it (JSON.stringify)\n\n")
	fmt.Fprintf(out, "| listing | tools | bytes | tokens (o200k_base) | tokens (legacy Claude) | share of the whole catalog (o200k) |\n|---|---|---|---|---|---|\n")
	for i, l := range ls {
		c := n[2+i]
		fmt.Fprintf(out, "| %s | %d | %d | %d | %d | %.0f %% |\n", l.label, len(l.tools), c.Bytes, c.O200k, c.Claude, 100*float64(c.O200k)/float64(n[3].O200k))
	}
	fmt.Fprintf(out, "| server instructions (initialize) | | %d | %d | %d | |\n", n[0].Bytes, n[0].O200k, n[0].Claude)
	fmt.Fprintf(out, "| server instructions, with the definitions | | %d | %d | %d | |\n", n[1].Bytes, n[1].O200k, n[1].Claude)
	builtin := map[string]bool{}
	for _, b := range catalog.Builtins() {
		builtin[b.Name] = true
	}
	listed := map[string]bool{}
	var declared, unlisted []string
	for _, tool := range ls[1].tools {
		name := nameOf(tool)
		listed[name] = true
		if !builtin[name] {
			declared = append(declared, name)
		}
	}
	for name := range builtin {
		if !listed[name] {
			unlisted = append(unlisted, name)
		}
	}
	slices.Sort(unlisted)
	fmt.Fprintf(out, "\nthe whole catalog: %d of the %d built-ins (not listed: %v) and %d tools the editor declared %v\n",
		len(ls[1].tools)-len(declared), len(builtin), unlisted, len(declared), declared)
	per := n[2+len(ls):]
	order := make([]int, len(per))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return per[b].O200k - per[a].O200k })
	var big []string
	for _, i := range order[:5] {
		big = append(big, fmt.Sprintf("%s %d", nameOf(ls[1].tools[i]), per[i].O200k))
	}
	fmt.Fprintf(out, "largest tools (o200k tokens): %s; median tool %d\n\n", strings.Join(big, ", "), per[order[len(order)/2]].O200k)
}

// addExampleDefinitions copies the repository's example definitions into
// the project's committed folder and has the daemon load them before it
// answers (GET /tools?refresh=1); it returns how many definition files
// there were.
func addExampleDefinitions(t *testing.T, proj, addr, token, hash string) int {
	t.Helper()
	dst := filepath.Join(proj, ".unitymcp", "tools")
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	src, _ := filepath.Glob("../../examples/definitions/*")
	files := 0
	for _, f := range src {
		if ext := filepath.Ext(f); ext == ".json" || ext == ".cs" {
			b, err := os.ReadFile(f)
			if err == nil {
				err = os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644)
			}
			if err != nil {
				t.Fatal(err)
			}
			if ext == ".json" {
				files++
			}
		}
	}
	req, _ := http.NewRequest("GET", "http://"+addr+"/tools?refresh=1&project="+hash, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /tools?refresh=1: %s", resp.Status)
	}
	return files
}

// sceneBatch is one batch of 200 creates: 20 groups of an empty parent
// ("Group<g>") and 9 children ("Item<j>": a cube, a sphere, an empty
// object, in turn), groups first to first+19.
func sceneBatch(first int) map[string]any {
	var ops []any
	for g := first; g < first+20; g++ {
		id := fmt.Sprintf("g%d", g)
		ops = append(ops, map[string]any{"id": id, "tool": "gameobject_create", "args": map[string]any{"name": fmt.Sprintf("Group%d", g)}})
		for j := 0; j < 9; j++ {
			args := map[string]any{"name": fmt.Sprintf("Item%d", j), "parent_path": "$" + id + ".path", "position": map[string]any{"x": j}}
			if p := []string{"Cube", "Sphere", ""}[j%3]; p != "" {
				args["primitive"] = p
			}
			ops = append(ops, map[string]any{"tool": "gameobject_create", "args": args})
		}
	}
	return map[string]any{"name": "batch", "arguments": map[string]any{"operations": ops}}
}

func toolCall(name string, args map[string]any) map[string]any {
	return map[string]any{"name": name, "arguments": args}
}

var emptyScene = toolCall("scene_create", map[string]any{"empty": true, "discard_changes": true})

func browseCall(since string) map[string]any {
	args := map[string]any{"limit": 1000}
	if since != "" {
		args["since"] = since
	}
	return toolCall("scene_browse_hierarchy", args)
}

// hierarchyCosts: a full scene_browse_hierarchy answer against the since
// diff after exactly one change, for scenes of 200 and 1,000 objects. Each
// look that needs the previous answer's snapshot_id is a run of its own.
func hierarchyCosts(t *testing.T, ts *tsBench, out *strings.Builder) {
	type row struct {
		objects               int
		full, inactive, added string
		nInactive, nAdded     string
	}
	var rows []row
	for _, objects := range []int{200, 1000} {
		build := []map[string]any{emptyScene}
		for g := 0; g < objects/10; g += 20 {
			build = append(build, sceneBatch(g))
		}
		r := ts.run("", append(build, browseCall("")))
		last := len(r.Calls) - 1
		full := r.text(t, last)
		res := r.Calls[last].Result.StructuredContent
		if res["total"] != float64(objects) || res["next_offset"] != nil {
			t.Fatalf("%d objects built, the listing has total %v, next_offset %v", objects, res["total"], res["next_offset"])
		}
		// One change: an object deactivated.
		r = ts.run("", []map[string]any{
			toolCall("gameobject_set_active", map[string]any{"object_path": "/Group7/Item4", "active": false}),
			browseCall(res["snapshot_id"].(string))})
		inactive := r.text(t, 1)
		diff1 := r.Calls[1].Result.StructuredContent
		// One change: an object added (its parent's child count changes too).
		r = ts.run("", []map[string]any{
			toolCall("gameobject_create", map[string]any{"name": "Extra", "parent_path": "/Group3"}),
			browseCall(diff1["snapshot_id"].(string))})
		added := r.text(t, 1)
		diff2 := r.Calls[1].Result.StructuredContent
		for _, d := range []map[string]any{diff1, diff2} {
			if d["since"] == nil {
				t.Fatalf("the second look was not a diff: %v", d)
			}
		}
		count := func(d map[string]any) string {
			return fmt.Sprintf("%d added, %d removed, %d changed", len(d["added"].([]any)), len(d["removed"].([]any)), len(d["changed"].([]any)))
		}
		rows = append(rows, row{objects, full, inactive, added, count(diff1), count(diff2)})
	}
	var texts []string
	for _, r := range rows {
		texts = append(texts, r.full, r.inactive, r.added)
	}
	n := countTokens(t, texts)
	fmt.Fprintf(out, "scene_browse_hierarchy (limit 1000): the answer's text block, full listing vs since after one change (goal ≤ 5 %%)\n\n")
	fmt.Fprintf(out, "| objects | full: bytes / tokens | since after gameobject_set_active: bytes / tokens | ratio | since after one gameobject_create: bytes / tokens | ratio |\n|---|---|---|---|---|---|\n")
	for i, r := range rows {
		f, a, b := n[3*i], n[3*i+1], n[3*i+2]
		fmt.Fprintf(out, "| %d | %d / %d | %d / %d (%s) | %.2f %% | %d / %d (%s) | %.2f %% |\n", r.objects, f.Bytes, f.O200k,
			a.Bytes, a.O200k, r.nInactive, 100*float64(a.O200k)/float64(f.O200k),
			b.Bytes, b.O200k, r.nAdded, 100*float64(b.O200k)/float64(f.O200k))
	}
	fmt.Fprintf(out, "\nper object in the full listing: %.1f tokens (1,000 objects); legacy Claude tokenizer: full %d, %d; diffs %d, %d / %d, %d\n\n",
		float64(n[3].O200k)/1000, n[0].Claude, n[3].Claude, n[1].Claude, n[2].Claude, n[4].Claude, n[5].Claude)
}

// lampOps is 50 lamps as 200 operations: each created (a sphere), moved,
// given a Light and a Rigidbody, the last three referring to the first's
// answer ("$lN.path", "$lN.instance_id"). Without references (batch false)
// the same 200 operations as separate calls, addressed by path.
func lampOps(batch bool) []map[string]any {
	var ops []map[string]any
	for i := 0; i < 50; i++ {
		id, path := fmt.Sprintf("l%d", i), fmt.Sprintf("/Lamp%d", i)
		ref := func(field string) string {
			if batch {
				return "$" + id + "." + field
			}
			return path
		}
		byID := "instance_id"
		if !batch {
			byID = "object_path"
		}
		ops = append(ops,
			map[string]any{"id": id, "tool": "gameobject_create", "args": map[string]any{"name": fmt.Sprintf("Lamp%d", i), "primitive": "Sphere"}},
			map[string]any{"tool": "gameobject_set_transform", "args": map[string]any{"object_path": ref("path"), "position": map[string]any{"x": i, "y": 3}, "scale": map[string]any{"x": 0.5, "y": 0.5, "z": 0.5}}},
			map[string]any{"tool": "gameobject_add_component", "args": map[string]any{byID: ref(byID), "component_type": "Light"}},
			map[string]any{"tool": "gameobject_add_component", "args": map[string]any{"object_path": ref("path"), "component_type": "Rigidbody"}},
		)
	}
	return ops
}

// nearestRank is the nearest-rank percentile p (0–1) of sorted durations.
func nearestRank(s []time.Duration, p float64) time.Duration {
	return s[int(math.Ceil(p*float64(len(s))))-1]
}

// batchCosts: a 200-operation batch's round trip against one
// gameobject_create's, and the same 200 operations as separate calls; each
// round in an empty scene, the rounds one after the other (a client process
// takes as many rounds as its argument holds: tsBench.run).
func batchCosts(t *testing.T, ts *tsBench, out *strings.Builder) {
	const rounds = 12
	batchOps := lampOps(true)
	var batchArgs []any
	for _, op := range batchOps {
		batchArgs = append(batchArgs, op)
	}
	batch := toolCall("batch", map[string]any{"operations": batchArgs})
	var separate []map[string]any
	for _, op := range lampOps(false) {
		separate = append(separate, toolCall(op["tool"].(string), op["args"].(map[string]any)))
	}
	var calls []map[string]any
	for range rounds {
		calls = append(calls, emptyScene, toolCall("gameobject_create", map[string]any{"name": "Probe"}), batch, emptyScene)
		calls = append(calls, separate...)
	}
	r := ts.run("", calls)
	var single, batched, apart, apartEach []time.Duration
	per := 4 + len(separate)
	for k := range rounds {
		i := k * per
		r.text(t, i+1)
		if res := r.Calls[i+2].Result.StructuredContent; r.text(t, i+2) == "" || res["count"] != 200.0 {
			t.Fatalf("batch answered %v", res["count"])
		}
		single = append(single, r.took[i+1])
		batched = append(batched, r.took[i+2])
		var sum time.Duration
		for j := range separate {
			r.text(t, i+4+j)
			sum += r.took[i+4+j]
			apartEach = append(apartEach, r.took[i+4+j])
		}
		apart = append(apart, sum)
	}
	for _, s := range [][]time.Duration{single, batched, apart, apartEach} {
		slices.Sort(s)
	}
	// What the model reads back, and what it writes (the call's arguments).
	texts := []string{r.text(t, 1), r.text(t, 2), mustJSON(batch["arguments"])}
	var sepAnswers, sepArgs []string
	for j := range separate {
		sepAnswers = append(sepAnswers, r.text(t, 4+j))
		sepArgs = append(sepArgs, mustJSON(separate[j]["arguments"]))
	}
	n := countTokens(t, append(append(texts, sepAnswers...), sepArgs...))
	sum := func(cs []tokenCount) (b, o int) {
		for _, c := range cs {
			b, o = b+c.Bytes, o+c.O200k
		}
		return
	}
	ansB, ansO := sum(n[3 : 3+len(separate)])
	argB, argO := sum(n[3+len(separate):])
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
	fmt.Fprintf(out, "Round trips (TypeScript SDK → daemon → headless editor, each callTool as the SDK sees it; %d rounds, an empty scene each round)\n\n", rounds)
	fmt.Fprintf(out, "| call | p50 | p90 | p50 / one gameobject_create |\n|---|---|---|---|\n")
	fmt.Fprintf(out, "| one gameobject_create | %s | %s | 1 |\n", ms(nearestRank(single, .5)), ms(nearestRank(single, .9)))
	fmt.Fprintf(out, "| batch of 200 operations (50 × create, set_transform, 2 × add_component; references) | %s | %s | %.1f |\n",
		ms(nearestRank(batched, .5)), ms(nearestRank(batched, .9)), float64(nearestRank(batched, .5))/float64(nearestRank(single, .5)))
	fmt.Fprintf(out, "| the same 200 as separate calls, all 200 | %s | %s | %.1f |\n", ms(nearestRank(apart, .5)), ms(nearestRank(apart, .9)), float64(nearestRank(apart, .5))/float64(nearestRank(single, .5)))
	fmt.Fprintf(out, "| the same, per call (%d calls) | %s | %s | %.2f |\n", len(apartEach), ms(nearestRank(apartEach, .5)), ms(nearestRank(apartEach, .9)), float64(nearestRank(apartEach, .5))/float64(nearestRank(single, .5)))
	fmt.Fprintf(out, "\nAnswers and arguments (text the model reads; JSON the model writes)\n\n")
	fmt.Fprintf(out, "| what | bytes | tokens (o200k_base) | tokens (legacy Claude) |\n|---|---|---|---|\n")
	fmt.Fprintf(out, "| a gameobject_create answer | %d | %d | %d |\n", n[0].Bytes, n[0].O200k, n[0].Claude)
	fmt.Fprintf(out, "| the batch's answer (200 results) | %d | %d | %d |\n", n[1].Bytes, n[1].O200k, n[1].Claude)
	fmt.Fprintf(out, "| the 200 separate answers, summed | %d | %d | |\n", ansB, ansO)
	fmt.Fprintf(out, "| the batch's arguments | %d | %d | %d |\n", n[2].Bytes, n[2].O200k, n[2].Claude)
	fmt.Fprintf(out, "| the 200 separate calls' arguments, summed | %d | %d | |\n", argB, argO)
	results, _ := r.Calls[2].Result.StructuredContent["results"].([]any)
	fmt.Fprintf(out, "\na gameobject_create answer: %s\nthe batch answer's first four results: %.1500s\n", r.text(t, 1), mustJSON(results[:4]))
}
