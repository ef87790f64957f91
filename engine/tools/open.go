package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/unityinstall"
	"github.com/unitymcp/unitymcp/platform"
)

// run is editor_open: find the project's Editor version, start it with
// -projectPath and wait for its hello. An editor already connected answers
// at once.
func (o *openState) run(ctx context.Context, c *engine.Call) (any, error) {
	e := c.Engine()
	sel, _ := c.Args["project"].(string)
	if !engine.LooksLikePath(sel) {
		return nil, api.Errorf(api.CodeInvalidParams, "editor_open needs the project's folder path, got %q", sel)
	}
	t, terr := e.Resolve(ctx, sel, nil)
	if terr != nil {
		return nil, terr
	}
	dir := t.Dir()
	if t.Info != nil && t.Info.Connected() {
		return openAnswer(*t.Info, "", 0, "the Unity editor of "+dir+" is already connected"), nil
	}
	if err := unityinstall.CheckOwner(dir); err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "editor_open: %v", err)
	}
	version, err := unityinstall.ProjectVersion(dir)
	if err != nil {
		return nil, api.Errorf(api.CodeNotFound, "editor_open: %v; is %s a Unity project?", err, dir)
	}
	ed, err := unityinstall.Find(e.UnityEnv(), version, "")
	if err != nil {
		var nf *unityinstall.NotFoundError
		if errors.As(err, &nf) {
			return nil, &api.ToolError{Code: api.CodeNotFound, Message: "editor_open: " + err.Error(), Data: map[string]any{"version": version, "installed": nf.Found, "looked": nf.Looked}}
		}
		return nil, api.Errorf(api.CodeNotFound, "editor_open: %v", err)
	}
	if dry, _ := c.Args["dry_run"].(bool); dry {
		return map[string]any{"dry_run": true, "unity_version": version, "editor": ed.Path, "source": ed.Source,
			"command": []string{ed.Path, "-projectPath", dir}}, nil
	}
	// One launch per project at a time: a second call while one is starting
	// (or its Editor runs and has not connected yet) waits for that one.
	pid, mine := o.begin(t.Hash)
	msg := fmt.Sprintf("opened %s in Unity %s; its editor is connected", dir, version)
	if mine {
		started, err := unityinstall.Start(ed.Path, dir)
		o.started(t.Hash, started, err)
		if err != nil {
			return nil, api.Errorf(api.CodeEditorError, "editor_open: %v", err)
		}
		pid = started
		e.Logger().Info("opened a Unity editor", "project", dir, "version", version, "editor", ed.Path, "pid", pid)
	} else {
		msg = fmt.Sprintf("another call was already opening %s in Unity %s; its editor is connected", dir, version)
	}
	secs := 300.0
	switch v := c.Args["timeout_seconds"].(type) {
	case float64:
		secs = v
	case int:
		secs = float64(v)
	case int64:
		secs = float64(v)
	case json.Number:
		secs, _ = v.Float64()
	}
	wctx, cancel := context.WithTimeout(ctx, time.Duration(secs*float64(time.Second)))
	defer cancel()
	info, ok := waitConnected(wctx, e.Hub, t.Hash)
	if !ok {
		who := "editor_open started"
		if !mine {
			who = "another editor_open call started"
		}
		return nil, api.Errorf(api.CodeDeadline, "%s %s (pid %d) for %s, but its editor did not connect within %.0fs; look at the Unity window (a license or upgrade dialog?), and check the unitymcp package is installed (unitymcp install unity --project %s)", who, ed.Path, pid, dir, secs, engine.ShellQuote(dir))
	}
	o.connected(t.Hash)
	return openAnswer(info, ed.Path, pid, msg), nil
}

// openState is what editor_open keeps of the Editors it starts, so that
// calls for one project at once (a client retrying, a tray click and an
// agent) start one Editor: the others wait for the same one to connect.
type openState struct {
	mu sync.Mutex
	// launching maps a project hash to the pid of the Editor started for
	// it (0 while it is being started), until it connects or exits.
	launching map[string]int
}

// begin claims the launch of a project's Editor: mine is true when the
// caller is to start it (and report with started), else pid is the Editor
// another call started (0: being started now).
func (o *openState) begin(hash string) (pid int, mine bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if pid, ok := o.launching[hash]; ok && (pid == 0 || platform.ProcessAlive(pid)) {
		return pid, false
	}
	if o.launching == nil {
		o.launching = map[string]int{}
	}
	o.launching[hash] = 0
	return 0, true
}

// started records the Editor begin's caller started (or that it failed).
func (o *openState) started(hash string, pid int, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err != nil {
		delete(o.launching, hash)
		return
	}
	o.launching[hash] = pid
}

// connected ends the launch of a project whose editor connected.
func (o *openState) connected(hash string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.launching, hash)
}

func openAnswer(info api.EditorInfo, exe string, pid int, msg string) map[string]any {
	return map[string]any{"editor": editorEntries([]api.EditorInfo{info}, "")[0], "unity": exe, "pid": pid, "message": msg}
}

// waitConnected waits until the project's editor is connected.
func waitConnected(ctx context.Context, hub *bridge.Hub, hash string) (api.EditorInfo, bool) {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		for _, ed := range hub.Editors() {
			if ed.ProjectHash == hash && ed.Connected() {
				return ed, true
			}
		}
		select {
		case <-ctx.Done():
			return api.EditorInfo{}, false
		case <-tick.C:
		}
	}
}
