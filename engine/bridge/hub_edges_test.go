package bridge

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/project"
)

// Options left zero give the documented graces: 10 s for an editor
// expected after the daemon starts, 3 minutes for a domain reload.
func TestHubDefaultGraces(t *testing.T) {
	for _, c := range []struct {
		name  string
		grace time.Duration
		start func(x *harness) (held <-chan result, want api.EditorState)
	}{
		{"reconnect", 10 * time.Second, func(x *harness) (<-chan result, api.EditorState) {
			x.hub.Expect(api.EditorInfo{ProjectHash: testHash, ProjectPath: "/p", PID: 1})
			held, _ := x.callHeld("get-logs", CallOptions{Idempotent: true})
			return held, api.StateReconnecting
		}},
		{"reload", 3 * time.Minute, func(x *harness) (<-chan result, api.EditorState) {
			_, held := x.reloadAway()
			return held, api.StateReloading
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := newHarness(t, Options{Heartbeat: time.Hour})
			held, waiting := c.start(x)
			x.clock.Advance(c.grace - time.Millisecond)
			if got := x.state(); got != waiting {
				t.Fatalf("state just before %v = %s, want %s", c.grace, got, waiting)
			}
			x.pendingCall(held, "the held call")
			x.clock.Advance(time.Millisecond)
			if got := x.state(); got != api.StateDisconnected {
				t.Errorf("state after %v = %s, want %s", c.grace, got, api.StateDisconnected)
			}
			x.wantErr(x.wait(held), ErrNotConnected, "the held call")
		})
	}
}

// Epoch counts an editor's connections: every hello, after a reload or a
// crash, starts a new one (what a caller compares to know the editor's
// state was rebuilt).
func TestHubEpochCountsConnections(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	epoch := func() int { info, _ := x.hub.Editor(testHash); return info.Epoch }
	c := x.dial()
	if got := epoch(); got != 1 {
		t.Errorf("epoch after the first hello = %d, want 1", got)
	}
	x.event(c, api.EventReloadStarting, ReloadStarting{})
	x.drop(c)
	c = x.dial()
	x.drop(c)
	x.dial()
	if got := epoch(); got != 3 {
		t.Errorf("epoch after three hellos = %d, want 3", got)
	}
}

// OnChange says whether the editor's tools changed, so the daemon sends
// tools/list_changed only then: a hello listing other tools (as many as
// before) or other declared tools says so, the same hello again does not.
func TestHubToolsChangedOnlyWhenTheyDo(t *testing.T) {
	x := newHarness(t, Options{Heartbeat: time.Hour})
	var mu sync.Mutex
	var changed []bool
	record := x.hub.opt.OnChange
	x.hub.opt.OnChange = func(info api.EditorInfo, tools bool) {
		mu.Lock()
		changed = append(changed, tools)
		mu.Unlock()
		record(info, tools)
	}
	hello := func(h Hello) bool {
		t.Helper()
		mu.Lock()
		changed = nil
		mu.Unlock()
		h.DataPath = testDataPath
		if _, err := x.helloAs(h); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		defer mu.Unlock()
		return slices.Contains(changed, true)
	}
	declared := []api.DeclaredTool{{Name: "mygame_spawn", Description: "d", InputSchema: []byte(`{"type":"object"}`)}}
	for _, c := range []struct {
		name string
		h    Hello
		want bool
	}{
		{"first hello", Hello{Tools: []string{"get-logs", "compile"}}, true},
		{"same tools", Hello{Tools: []string{"get-logs", "compile"}}, false},
		{"another tool, as many", Hello{Tools: []string{"get-logs", "run-tests"}}, true},
		{"one tool fewer", Hello{Tools: []string{"get-logs"}}, true},
		{"a declared tool", Hello{Tools: []string{"get-logs"}, DeclaredTools: declared}, true},
		{"the same declared tool", Hello{Tools: []string{"get-logs"}, DeclaredTools: declared}, false},
	} {
		if got := hello(c.h); got != c.want {
			t.Errorf("%s: tools changed %v, want %v", c.name, got, c.want)
		}
	}
}

// The hub keeps at most MaxProjects editors: one more is refused while all
// are connected, and takes the place of one that disconnected (which the
// engine is told to forget); an editor whose project folder is gone is
// forgotten as soon as it disconnects.
func TestHubKeepsAtMostMaxProjects(t *testing.T) {
	var mu sync.Mutex
	var forgotten []string
	x := newHarness(t, Options{Heartbeat: time.Hour, MaxProjects: 2,
		Gone:     func(info api.EditorInfo) bool { return strings.HasPrefix(info.DataPath, "/gone/") },
		OnForget: func(hash string) { mu.Lock(); forgotten = append(forgotten, hash); mu.Unlock() }})
	took := func() []string { mu.Lock(); defer mu.Unlock(); f := forgotten; forgotten = nil; return f }
	a := x.dial() // testDataPath
	if _, err := x.helloAs(Hello{DataPath: "/b/Assets"}); err != nil {
		t.Fatalf("the second editor: %v", err)
	}
	_, err := x.helloAs(Hello{DataPath: "/c/Assets"})
	var re *RPCError
	if !errors.As(err, &re) || !strings.Contains(re.Message, "keeps at most 2 editors and all of them are connected") {
		t.Fatalf("a third editor while two are connected: %v, want refused", err)
	}
	x.drop(a)
	if _, err := x.helloAs(Hello{DataPath: "/c/Assets"}); err != nil {
		t.Fatalf("a third editor once one disconnected: %v", err)
	}
	if got := took(); !slices.Equal(got, []string{testHash}) {
		t.Errorf("forgotten %v, want the disconnected editor %s", got, testHash)
	}
	if _, ok := x.hub.Editor(testHash); ok {
		t.Error("the disconnected editor is still kept")
	}

	y := newHarness(t, Options{Heartbeat: time.Hour, Gone: x.hub.opt.Gone, OnForget: x.hub.opt.OnForget})
	gone := y.connect()
	params := Hello{DataPath: "/gone/Assets"}
	if _, err := y.helloOn(gone, params); err != nil {
		t.Fatal(err)
	}
	kept := y.connect()
	if _, err := y.helloOn(kept, Hello{DataPath: "/here/Assets"}); err != nil {
		t.Fatal(err)
	}
	y.drop(gone)
	y.drop(kept)
	if got := took(); !slices.Equal(got, []string{project.Hash("/gone/Assets")}) {
		t.Errorf("forgotten %v, want only the editor whose folder is gone", got)
	}
	if _, ok := y.hub.Editor(project.Hash("/here/Assets")); !ok {
		t.Error("an editor whose folder is still there was forgotten")
	}
}

// The hello's answer tells the editor the heartbeat (15 s by default) and
// its project's hash; an editor that gives no project path gets the
// folder above its Assets; one speaking another protocol is refused
// saying what to update.
func TestHelloAnswer(t *testing.T) {
	x := newHarness(t, Options{DaemonVersion: "1.2.3"})
	res, err := x.helloAs(Hello{DataPath: "/home/u/Game/Assets"})
	if err != nil {
		t.Fatal(err)
	}
	if res.HeartbeatMs != 15000 || res.ProjectHash != project.Hash("/home/u/Game/Assets") || res.DaemonVersion != "1.2.3" {
		t.Errorf("hello answer %+v, want heartbeat 15000 ms, the project's hash and the daemon's version", res)
	}
	if info, _ := x.hub.Editor(res.ProjectHash); info.ProjectPath != "/home/u/Game" {
		t.Errorf("project path %q, want /home/u/Game", info.ProjectPath)
	}
	res, _ = x.helloAs(Hello{DataPath: "/w/Assets", ProjectPath: "/elsewhere/W"})
	if info, _ := x.hub.Editor(res.ProjectHash); info.ProjectPath != "/elsewhere/W" {
		t.Errorf("project path %q, want the one the editor gave", info.ProjectPath)
	}
	c := x.connect()
	params, _ := json.Marshal(Hello{Protocol: ProtocolVersion + 1, DataPath: "/v/Assets"})
	if _, err := x.hub.request(c.l, MethodHello, params); err == nil || !strings.Contains(err.Error(), "update the Unity package or the unitymcp daemon so they match") {
		t.Errorf("a hello of another protocol: %v, want refused", err)
	}
}

// When the hub is full, the editor seen least recently makes room.
func TestHubForgetsTheLeastRecentlySeen(t *testing.T) {
	var mu sync.Mutex
	var forgotten []string
	x := newHarness(t, Options{Heartbeat: time.Hour, MaxProjects: 3,
		OnForget: func(hash string) { mu.Lock(); forgotten = append(forgotten, hash); mu.Unlock() }})
	var conns []*fakeConn
	for _, p := range []string{"/a/Assets", "/b/Assets", "/c/Assets"} {
		c := x.connect()
		if _, err := x.helloOn(c, Hello{DataPath: p}); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	x.drop(conns[1]) // b is last seen a minute before a and c
	x.clock.Advance(time.Minute)
	x.drop(conns[2])
	x.drop(conns[0])
	for _, p := range []string{"/d/Assets", "/e/Assets"} {
		if _, err := x.helloAs(Hello{DataPath: p}); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	// a and c were last seen at the same instant: the smaller hash goes,
	// so which one is forgotten does not depend on the map's order.
	tie := min(project.Hash("/a/Assets"), project.Hash("/c/Assets"))
	if len(forgotten) != 2 || forgotten[0] != project.Hash("/b/Assets") || forgotten[1] != tie {
		t.Errorf("forgotten %v, want b (seen least recently) first, then %s (of a and c, seen together, the smaller hash)", forgotten, tie)
	}
}
