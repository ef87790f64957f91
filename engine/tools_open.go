package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/unityinstall"
)

// unityEnv is where open-editor looks for installed editors.
func (e *Engine) unityEnv() unityinstall.Env {
	if e.opt.Unity != nil {
		return *e.opt.Unity
	}
	return unityinstall.OSEnv(runtime.GOOS)
}

// runOpenEditor is open-editor: find the project's Editor version, start
// it with -projectPath and wait for its hello. An editor already connected
// answers at once.
func runOpenEditor(ctx context.Context, c *Call) (any, error) {
	e := c.engine
	sel, _ := c.Args["project"].(string)
	if !looksLikePath(sel) {
		return nil, api.Errorf(api.CodeInvalidParams, "open-editor needs the project's folder path, got %q", sel)
	}
	t, terr := e.Resolve(ctx, sel, nil)
	if terr != nil {
		return nil, terr
	}
	dir := t.Dir()
	if t.Info != nil && t.Info.Connected() {
		return openAnswer(*t.Info, "", 0, "the Unity editor of "+dir+" is already connected"), nil
	}
	version, err := unityinstall.ProjectVersion(dir)
	if err != nil {
		return nil, api.Errorf(api.CodeNotFound, "open-editor: %v; is %s a Unity project?", err, dir)
	}
	ed, err := unityinstall.Find(e.unityEnv(), version, "")
	if err != nil {
		var nf *unityinstall.NotFoundError
		if errors.As(err, &nf) {
			return nil, &api.ToolError{Code: api.CodeNotFound, Message: "open-editor: " + err.Error(), Data: map[string]any{"version": version, "installed": nf.Found, "looked": nf.Looked}}
		}
		return nil, api.Errorf(api.CodeNotFound, "open-editor: %v", err)
	}
	if dry, _ := c.Args["dry_run"].(bool); dry {
		return map[string]any{"dryRun": true, "unityVersion": version, "editor": ed.Path, "source": ed.Source,
			"command": []string{ed.Path, "-projectPath", dir}}, nil
	}
	pid, err := unityinstall.Start(ed.Path, dir)
	if err != nil {
		return nil, api.Errorf(api.CodeEditorError, "open-editor: %v", err)
	}
	e.log.Info("opened a Unity editor", "project", dir, "version", version, "editor", ed.Path, "pid", pid)
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
	info, ok := e.waitConnected(wctx, t.Hash)
	if !ok {
		return nil, api.Errorf(api.CodeDeadline, "open-editor started %s (pid %d) for %s, but its editor did not connect within %.0fs; look at the Unity window (a license or upgrade dialog?), and check the unitymcp package is installed (unitymcp install unity --project %s)", ed.Path, pid, dir, secs, shellQuote(dir))
	}
	return openAnswer(info, ed.Path, pid, fmt.Sprintf("opened %s in Unity %s; its editor is connected", dir, version)), nil
}

func openAnswer(info api.EditorInfo, exe string, pid int, msg string) map[string]any {
	return map[string]any{"editor": editorEntries([]api.EditorInfo{info}, "")[0], "unity": exe, "pid": pid, "message": msg}
}

// waitConnected waits until the project's editor is connected.
func (e *Engine) waitConnected(ctx context.Context, hash string) (api.EditorInfo, bool) {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		for _, ed := range e.Hub.Editors() {
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
