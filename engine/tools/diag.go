package tools

import (
	"context"
	"encoding/json"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
)

// diag.go: editor_state and compile_status, in the daemon. What the
// daemon knows of an editor (its connection state, play mode from its
// events, the dialogs that block it, its last compile.finished) answers at
// once whatever the editor's main thread does; what only the editor knows
// (whether it imports assets, whether its window has the focus) comes from
// the internal _editor_state when the editor answers within liveWait.

// diagnosticTools are the diagnostics that run in the daemon.
var diagnosticTools = map[string]engine.Handler{
	"compile_status":      runCompileStatus,
	"editor_log_tail":     runEditorLogTail,
	"editor_state":        runEditorState,
	"editor_dialog_list":  runEditorDialogList,
	"editor_dialog_press": runEditorDialogPress,
}

// EditorStateTool is the internal bridge tool that reports what only the
// editor knows of itself (DiagnosticTools.cs).
const EditorStateTool = "_editor_state"

// liveWait bounds the question to the editor: a connected editor answers it
// in a frame; one that does not within this is busy, and the answer is the
// daemon's view.
const liveWait = 2 * time.Second

// editorLive is _editor_state's answer.
type editorLive struct {
	IsPlaying               bool `json:"isPlaying"`
	IsPaused                bool `json:"isPaused"`
	IsCompiling             bool `json:"isCompiling"`
	IsUpdating              bool `json:"isUpdating"`
	Focused                 bool `json:"focused"`
	ScriptCompilationFailed bool `json:"scriptCompilationFailed"`
}

// askEditor asks a connected editor for _editor_state, for at most liveWait.
func askEditor(ctx context.Context, c *engine.Call, t engine.Target) (*editorLive, string) {
	if t.Info == nil || t.Info.State != api.StateConnected {
		state := api.StateDisconnected
		if t.Info != nil {
			state = t.Info.State
		}
		return nil, "the editor is " + string(state) + "; this is the daemon's view"
	}
	ctx, cancel := context.WithTimeout(ctx, liveWait)
	defer cancel()
	res, terr := c.EditorTool(ctx, t, EditorStateTool, map[string]any{}, true)
	if terr != nil {
		if terr.Code == api.CodeDeadline {
			return nil, "the editor did not answer within " + liveWait.String() + " (busy); this is the daemon's view"
		}
		return nil, terr.Message
	}
	var l editorLive
	if err := json.Unmarshal(res, &l); err != nil {
		return nil, "the editor's _editor_state answer is not understood: " + err.Error()
	}
	return &l, ""
}

func playModeOf(playing, paused bool) string {
	switch {
	case playing && paused:
		return "paused"
	case playing:
		return "playing"
	}
	return "edit"
}

// runEditorState is editor_state.
func runEditorState(ctx context.Context, c *engine.Call) (any, error) {
	t, terr := knownTarget(ctx, c)
	if terr != nil {
		return nil, terr
	}
	info := *t.Info
	out := map[string]any{
		"project": info.ProductName, "path": info.ProjectPath, "unityVersion": info.UnityVersion,
		"packageVersion": info.PackageVersion, "pid": info.PID, "state": info.State,
		"connected": info.Connected(), "blocked": info.State == api.StateBlocked,
		"isCompiling": info.State == api.StateCompiling, "playMode": nil, "isUpdating": nil, "focused": nil,
	}
	if info.PlayMode != "" {
		out["playMode"] = info.PlayMode
	}
	if !info.LastSeen.IsZero() {
		out["lastSeen"] = info.LastSeen.UTC().Format(time.RFC3339)
	}
	if len(info.Dialogs) > 0 {
		out["dialogs"] = info.Dialogs
	}
	if info.Simulator {
		out["simulator"] = true
	}
	live, why := askEditor(ctx, c, t)
	out["live"] = live != nil
	if live == nil {
		out["liveError"] = why
		return out, nil
	}
	out["playMode"] = playModeOf(live.IsPlaying, live.IsPaused)
	out["isCompiling"], out["isUpdating"], out["focused"] = live.IsCompiling, live.IsUpdating, live.Focused
	out["scriptCompilationFailed"] = live.ScriptCompilationFailed
	return out, nil
}

// knownTarget is the call's project, whose editor the daemon knows
// (connected or not: what the daemon kept of it still answers).
func knownTarget(ctx context.Context, c *engine.Call) (engine.Target, *api.ToolError) {
	t, terr := c.Target(ctx)
	if terr == nil && t.Info == nil {
		terr = c.Engine().NotConnected(t)
	}
	return t, terr
}

// compileMessages lists a compile's errors, then its warnings when asked,
// at most limit of them (errors first: they are what stops the build).
func compileMessages(r api.CompileFinished, warnings bool, limit int) (out []map[string]any, truncated bool) {
	out = []map[string]any{}
	add := func(typ string, ds []api.Diagnostic) {
		for _, d := range ds {
			if len(out) >= limit {
				truncated = true
				return
			}
			out = append(out, map[string]any{"type": typ, "message": d.Message, "file": d.File, "line": d.Line})
		}
	}
	add("error", r.Errors)
	if warnings {
		add("warning", r.Warnings)
	}
	return out, truncated
}

// runCompileStatus is compile_status: the daemon's last compile.finished of
// the editor, and whether it compiles now. succeeded is null while a
// compile runs ("no errors yet" is not success) and when nothing is known.
func runCompileStatus(ctx context.Context, c *engine.Call) (any, error) {
	t, terr := knownTarget(ctx, c)
	if terr != nil {
		return nil, terr
	}
	limit := intArg(c.Args, "limit")
	warnings, _ := c.Args["include_warnings"].(bool)
	out := map[string]any{
		"state": t.Info.State, "isCompiling": t.Info.State == api.StateCompiling, "isUpdating": nil,
		"succeeded": nil, "errorCount": nil, "warningCount": nil, "completedAt": nil,
		"messages": []map[string]any{}, "truncated": false,
	}
	live, why := askEditor(ctx, c, t)
	if live != nil {
		out["isCompiling"], out["isUpdating"] = live.IsCompiling, live.IsUpdating
		out["scriptCompilationFailed"] = live.ScriptCompilationFailed
	} else {
		out["liveError"] = why
	}
	compiling := out["isCompiling"] == true
	rec, ok := c.Engine().LastCompile(t.Hash)
	var r api.CompileFinished
	if ok && json.Unmarshal(rec.Result, &r) == nil {
		out["errorCount"], out["warningCount"] = r.ErrorCount, r.WarningCount
		out["completedAt"] = rec.Time.UTC().Format(time.RFC3339)
		out["messages"], out["truncated"] = compileMessages(r, warnings, limit)
		if !compiling {
			out["succeeded"] = r.Success
		}
		return out, nil
	}
	switch {
	case compiling:
	case live != nil:
		// Compiled before this daemon started: the editor still knows
		// whether that failed, not what it said.
		out["succeeded"] = !live.ScriptCompilationFailed
		out["note"] = "the last compile ended before the daemon started, so its messages are not known here; get-logs with LogType Error lists them, compile runs one again"
	default:
		out["note"] = "no compile has finished since the daemon started, and the editor does not answer; call again once it does"
	}
	return out, nil
}
