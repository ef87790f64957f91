package tools

import (
	"errors"
	"fmt"
	"net/netip"
	"runtime"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/platform"
)

// diag_pid.go: which process the daemon acts on. An editor names its
// process id in its hello; editor_log_tail reads the log file that
// process's command line names, and editor_dialog_list and
// editor_dialog_press read and press that process's windows. A connection
// that named another process would point them at it: at another program's
// dialog (pressed through the OS), at whatever file another program's
// command line names after -logFile. So before acting on the pid the
// daemon checks that
//   - the process runs the Unity Editor's program, as the OS records it
//     (platform.ProcessExecutable: /proc/<pid>/exe, not argv[0], which a
//     process writes itself), and
//   - it holds the editor's connection: its end of that TCP connection is
//     one of its sockets (platform.HoldsConnection; Linux and Windows).
//
// What remains: on macOS (and other systems) the second check is not made,
// so a connection could name another running Unity Editor's process; and
// while the editor's connection is down (a domain reload, a restart)
// editor_log_tail checks the program only and says so. Any program named
// Unity passes the first check: it is what tells a Unity Editor, not proof.

// processExecutableFunc is platform.ProcessExecutable, a variable for tests.
var processExecutableFunc = platform.ProcessExecutable

// linkUp reports whether the editor's connection is open (its Peer is the
// connection the daemon reads from now).
func linkUp(s api.EditorState) bool {
	return s == api.StateConnected || s == api.StateCompiling || s == api.StateBlocked
}

// checkEditorProcess checks the editor's pid as above. With needLink, an
// editor whose connection is down is refused (the daemon cannot tell its
// process); without, it is checked by its program only, and note says so.
func checkEditorProcess(tool string, t engine.Target, needLink bool) (note string, terr *api.ToolError) {
	info := t.Info
	exe, err := processExecutableFunc(info.PID)
	if err != nil {
		return "", api.Errorf(api.CodeEditorError, "%s: the editor of %s says it is process %d, whose program the daemon cannot read (%v); nothing was done. Unity running as another user or in a container is not reached; use the Unity window", tool, t.Path(), info.PID, err)
	}
	if !platform.IsUnityEditor(runtime.GOOS, exe) {
		return "", api.Errorf(api.CodeEditorError, "%s: the editor of %s says it is process %d, but that process runs %q, not the Unity Editor (Unity, Unity.exe, Unity.app/Contents/MacOS/Unity); refused, nothing was done. Restart the editor if this is wrong", tool, t.Path(), info.PID, exe)
	}
	if !linkUp(info.State) || info.Peer == "" {
		why := fmt.Sprintf("the editor is %s (its connection is down)", info.State)
		if linkUp(info.State) {
			why = "the daemon has no address for the editor's connection"
		}
		if needLink {
			return "", api.Errorf(api.CodeEditorNotConnected, "%s: %s, so the daemon cannot check that process %d is the editor of %s; call again once editor_state says connected or blocked", tool, why, info.PID, t.Path())
		}
		return fmt.Sprintf("%s: process %d was checked to run Unity, not to hold the editor's connection", why, info.PID), nil
	}
	peer, err := netip.ParseAddrPort(info.Peer)
	if err != nil {
		return "", api.Errorf(api.CodeInternal, "%s: the editor's connection address %q: %v", tool, info.Peer, err)
	}
	switch err := platform.HoldsConnection(info.PID, peer); {
	case err == nil:
		return "", nil
	case errors.Is(err, platform.ErrConnUnsupported):
		// Checked by its program only (see above).
		return "", nil
	default:
		return "", api.Errorf(api.CodeEditorError, "%s: the editor of %s says it is process %d, but the daemon cannot find that process at the other end of the editor's connection (%v); refused, nothing was done. Restart the editor if this is wrong", tool, t.Path(), info.PID, err)
	}
}
