package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/server"
)

// TestSubscriptionsBounded is attack D5: one session subscribes to
// hundreds of distinct URIs of a megabyte each, and the daemon keeps them
// all for the session's life. A URI over MaxResourceURI bytes is refused,
// and so is a subscription beyond MaxSubscriptions — until the session
// unsubscribes from one; subscribing again to a kept URI is fine.
func TestSubscriptionsBounded(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "Alpha"), editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	c := connectConsole(t, ctx, e, "/mcp")
	long := "unity://editors/" + strings.Repeat("a", 1<<20) + "/console"
	if err := c.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: long}); err == nil {
		t.Errorf("a subscription to a URI of %d bytes was acknowledged, want it refused", len(long))
	}
	uri := func(i int) string { return fmt.Sprintf("unity://editors/%064x/console", i) }
	for i := range server.MaxSubscriptions {
		if err := c.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: uri(i)}); err != nil {
			t.Fatalf("subscription %d: %v", i+1, err)
		}
	}
	if err := c.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: uri(server.MaxSubscriptions)}); err == nil {
		t.Errorf("subscription %d was acknowledged, want it refused", server.MaxSubscriptions+1)
	}
	if err := c.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: uri(0)}); err != nil {
		t.Errorf("subscribing again to a kept URI: %v", err)
	}
	if err := c.cs.Unsubscribe(ctx, &mcp.UnsubscribeParams{URI: uri(0)}); err != nil {
		t.Fatal(err)
	}
	// Room again.
	own := "unity://editors/" + sim.Hash() + "/console"
	if err := c.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: own}); err != nil {
		t.Fatalf("a subscription after an unsubscribe: %v", err)
	}
}

// TestEditorsResourcePinned: unity://editors on a session pinned to one
// project lists that project's editor only (a note of the third red-team
// round: it listed every editor's path); an unpinned session lists all.
func TestEditorsResourcePinned(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	a := e.startSim(newProject(t, "Alpha"), editorsim.Config{}).Hash()
	b := e.startSim(newProject(t, "Beta"), editorsim.Config{}).Hash()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	for _, tt := range []struct {
		path string
		want []string
	}{
		{"/projects/" + a + "/mcp", []string{a}},
		{"/mcp", []string{a, b}},
	} {
		c := connectConsole(t, ctx, e, tt.path)
		v := c.read(t, ctx, "unity://editors")
		eds, _ := v["editors"].([]any)
		var got []string
		for _, ed := range eds {
			m, _ := ed.(map[string]any)
			got = append(got, fmt.Sprint(m["projectHash"]))
		}
		slices.Sort(got)
		slices.Sort(tt.want)
		if !slices.Equal(got, tt.want) {
			t.Errorf("unity://editors on %s lists %v, want %v", tt.path, got, tt.want)
		}
	}
}
