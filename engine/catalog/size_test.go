package catalog

import (
	"encoding/json"
	"os"
	"sort"
	"testing"
)

// listingBytes is the size of a tool's tools/list entry as a client receives
// it (name, description, input schema, annotations, _meta), compact JSON.
// Tokens are about bytes/4.2 (o200k_base; docs/performance.md measures them
// exactly).
func listingBytes(t *Tool) int {
	ro, de, id := t.Hints.ReadOnlyHint, t.Hints.DestructiveHint, t.Hints.IdempotentHint
	entry := map[string]any{
		"name": t.Name, "description": t.Description, "inputSchema": t.Schema,
		"annotations": map[string]any{"readOnlyHint": ro, "destructiveHint": de, "idempotentHint": id, "openWorldHint": false},
		"_meta":       map[string]any{"unitymcp/group": t.Group, "unitymcp/source": t.Source},
	}
	for k, v := range t.Meta() {
		entry["_meta"].(map[string]any)[k] = v
	}
	b, _ := json.Marshal(entry)
	return len(b)
}

// TestToolSizes prints each built-in's listing size with UNITYMCP_SIZES=1.
func TestToolSizes(t *testing.T) {
	if os.Getenv("UNITYMCP_SIZES") == "" {
		t.Skip("set UNITYMCP_SIZES=1 to print each tool's tools/list size")
	}
	tools := Builtins()
	sort.Slice(tools, func(i, j int) bool { return listingBytes(tools[i]) > listingBytes(tools[j]) })
	total := 0
	for _, tl := range tools {
		n := listingBytes(tl)
		total += n
		t.Logf("%-28s %-12s %5d bytes ~%4d tokens", tl.Name, tl.Group, n, n*10/42)
	}
	t.Logf("%d tools, %d bytes ~%d tokens", len(tools), total, total*10/42)
}

// Budget in bytes of the listing entries, the proxy a unit test can check
// (o200k_base counts ~4.2 bytes a token for these lists; TestAuthoringCosts
// in engine/e2e counts the tokens a real client receives, and
// docs/performance.md publishes them): what a session lists without asking
// for a group stays under 10,000 tokens with its server instructions, and
// the whole catalog under 25,000 (issue 29's context budget).
const (
	defaultListingMaxBytes = 38_000
	wholeListingMaxBytes   = 100_000
)

func TestListingBudget(t *testing.T) {
	t.Parallel()
	all := Builtins()
	sum := func(tools []*Tool) (n int) {
		for _, tl := range tools {
			n += listingBytes(tl)
		}
		return n
	}
	def := Listing(all, nil)
	instr := len(Instructions(NewSnapshot(all)))
	if n := sum(def) + instr; n > defaultListingMaxBytes {
		t.Errorf("the default listing (%d tools) and the instructions are %d bytes; the budget is %d", len(def), n, defaultListingMaxBytes)
	}
	if n := sum(all); n > wholeListingMaxBytes {
		t.Errorf("the whole catalog (%d tools) is %d bytes; the budget is %d", len(all), n, wholeListingMaxBytes)
	}
	t.Logf("default: %d tools, %d bytes + %d of instructions; whole: %d tools, %d bytes", len(def), sum(def), instr, len(all), sum(all))
}
