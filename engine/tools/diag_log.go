package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/platform"
)

// diag_log.go: editor_log_tail. The daemon reads the editor's log
// file itself, so the tail comes while the editor's main thread is held
// (an import, a compile, a modal dialog: exactly when the Console cannot be
// asked). No path is taken from the caller: the file is the one the
// editor's own process writes, found from its command line.

// Bounds of a tail: the end of the file read, the text answered (the
// newest lines kept), one line, and the head read to check whose log it is.
const (
	logScanBytes   = 2 << 20
	logAnswerBytes = 64 << 10
	logLineBytes   = 4 << 10
	logHeadBytes   = 64 << 10
)

// processArgsFunc is platform.ProcessArgs, a variable for tests.
var processArgsFunc = platform.ProcessArgs

// errLogToStdout: the editor was started with -logFile - (its log goes to
// its standard output, no file).
var errLogToStdout = errors.New("the editor writes its log to its standard output (-logFile -), not to a file; read it where the editor's output goes")

// editorLogPath is where the editor writes its log: the -logFile of its
// command line (args, relative to its working folder dir), else Unity's
// default for the OS (Unity Manual, "Log files": ~/.config/unity3d on
// Linux, ~/Library/Logs/Unity on macOS, %LOCALAPPDATA%\Unity\Editor on
// Windows). source says which.
func editorLogPath(goos string, args []string, dir string, getenv func(string) string) (path, source string, err error) {
	for i := 1; i < len(args); i++ {
		if !strings.EqualFold(args[i], "-logFile") {
			continue
		}
		if i+1 >= len(args) || args[i+1] == "-" || strings.HasPrefix(args[i+1], "-") {
			// -logFile with nothing after it (or "-") writes to stdout (Unity
			// Manual, "Command line arguments").
			return "", "-logFile", errLogToStdout
		}
		p := args[i+1]
		if !isAbs(goos, p) {
			if dir == "" {
				return "", "-logFile", fmt.Errorf("the editor was started with -logFile %s, a relative path, and the OS does not tell its working folder; start it with an absolute -logFile", p)
			}
			p = dir + "/" + p
		}
		return p, "-logFile", nil
	}
	switch goos {
	case "windows":
		if la := getenv("LOCALAPPDATA"); la != "" {
			return la + `\Unity\Editor\Editor.log`, "default", nil
		}
		return "", "default", errors.New("LOCALAPPDATA is not set, so the editor's log folder is not known")
	case "darwin":
		if h := getenv("HOME"); h != "" {
			return h + "/Library/Logs/Unity/Editor.log", "default", nil
		}
	default:
		if h := getenv("HOME"); h != "" {
			return h + "/.config/unity3d/Editor.log", "default", nil
		}
	}
	return "", "default", errors.New("HOME is not set, so the editor's log folder is not known")
}

func isAbs(goos, p string) bool {
	if goos == "windows" {
		return len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') || strings.HasPrefix(p, `\\`)
	}
	return strings.HasPrefix(p, "/")
}

// maxLogPattern bounds pattern (bytes): RE2 keeps a match linear in the
// text, not the cost of compiling a huge expression.
const maxLogPattern = 500

// runEditorLogTail is editor_log_tail.
func runEditorLogTail(ctx context.Context, c *engine.Call) (any, error) {
	t, terr := knownTarget(ctx, c)
	if terr != nil {
		return nil, terr
	}
	n := intArg(c.Args, "lines")
	var re *regexp.Regexp
	if p, _ := c.Args["pattern"].(string); p != "" {
		if len(p) > maxLogPattern {
			return nil, api.Errorf(api.CodeInvalidParams, "editor_log_tail: pattern is %d bytes, more than %d; pass a shorter regular expression (a distinctive word of the lines wanted)", len(p), maxLogPattern)
		}
		if ic, _ := c.Args["ignore_case"].(bool); ic {
			p = "(?i)" + p
		}
		var err error
		if re, err = regexp.Compile(p); err != nil {
			return nil, api.Errorf(api.CodeInvalidParams, "editor_log_tail: pattern %q is not a regular expression Go's RE2 takes (%v); no lookaround or backreferences", c.Args["pattern"], err)
		}
	}
	// A process that ended tells no command line: its log is where the
	// default puts it (or was never a file of its own). A live one is read
	// only once checked to be the editor (diag_pid.go): its command
	// line names the file read.
	var args []string
	var dir, note string
	if t.Info.PID > 0 && platform.ProcessAlive(t.Info.PID) {
		if note, terr = checkEditorProcess("editor_log_tail", t, false); terr != nil {
			return nil, terr
		}
		args, dir, _ = processArgsFunc(t.Info.PID)
	}
	path, source, err := editorLogPath(runtime.GOOS, args, dir, os.Getenv)
	if err != nil {
		return nil, api.Errorf(api.CodeNotFound, "editor_log_tail: %v", err)
	}
	path = filepath.FromSlash(path)
	match := logNames(path, t.Info.ProjectPath)
	out := map[string]any{"path": filepath.ToSlash(path), "source": source, "projectMatch": match}
	if note != "" {
		out["note"] = note
	}
	if all, _ := c.Args["any_project"].(bool); !match && !all {
		// Another editor's log, or one whose start is gone (editors
		// started without -logFile share one file): not this project's
		// lines unless asked for.
		if _, err := os.Stat(path); err == nil {
			out["lines"], out["returned"] = []string{}, 0
			out["warning"] = "the start of this log does not name the project " + t.Info.ProjectPath + ": it may be another editor's (editors started without -logFile share one), so no lines are returned; pass any_project: true to read it anyway, or start each editor with its own -logFile"
			return out, nil
		}
	}
	tail, err := readLogTail(path, re, n)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, api.Errorf(api.CodeNotFound, "editor_log_tail: the editor of %s has no log at %s (%s); Unity writes it there unless started with -logFile", t.Path(), path, source)
	}
	if err != nil {
		return nil, api.Errorf(api.CodeEditorError, "editor_log_tail: reading %s: %v", path, err)
	}
	maps.Copy(tail, out)
	if !match {
		tail["warning"] = "the start of this log does not name the project " + t.Info.ProjectPath + ": it may be another editor's (editors started without -logFile share one); start each with its own -logFile to tell them apart"
	}
	return tail, nil
}

// readLogTail reads the last logScanBytes of the log and answers its last
// n lines (those matching re), newest last, within logAnswerBytes.
func readLogTail(path string, re *regexp.Regexp, n int) (map[string]any, error) {
	// Unity keeps the log open for writing; reading it shares it (a plain
	// open on Windows shares reads and writes).
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := fi.Size()
	off := max(0, size-logScanBytes)
	buf := make([]byte, size-off)
	if _, err := f.ReadAt(buf, off); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if off > 0 { // the first line read is a part of one
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			buf = buf[i+1:]
		}
	}
	var matched []string
	for _, l := range strings.Split(string(buf), "\n") {
		l = strings.TrimRight(l, "\r")
		if l == "" || (re != nil && !re.MatchString(l)) {
			continue
		}
		matched = append(matched, l)
	}
	sel := matched[max(0, len(matched)-n):]
	truncated := len(sel) < len(matched)
	// Newest first into the byte budget, so the newest lines are kept.
	kept, used := len(sel), 0
	for i := len(sel) - 1; i >= 0; i-- {
		sel[i] = api.Cut(sel[i], logLineBytes)
		if used+len(sel[i])+1 > logAnswerBytes {
			truncated = true
			break
		}
		used += len(sel[i]) + 1
		kept = i
	}
	lines := append([]string{}, sel[kept:]...)
	return map[string]any{"fileBytes": size, "scannedBytes": size - off, "matched": len(matched),
		"returned": len(lines), "truncated": truncated, "lines": lines}, nil
}

// logNames reports whether the start of the log names the project folder
// (Unity logs its command line and "Successfully changed project path to"
// first), slashes and case aside.
func logNames(path, project string) bool {
	if project == "" {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, logHeadBytes)
	k, _ := io.ReadFull(f, head)
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, `\`, "/")) }
	return strings.Contains(norm(string(head[:k])), norm(strings.TrimRight(project, `/\`)))
}
