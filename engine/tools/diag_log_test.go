package tools

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
)

func TestEditorLogPath(t *testing.T) {
	t.Parallel()
	env := map[string]string{"HOME": "/home/ann", "LOCALAPPDATA": `C:\Users\ann\AppData\Local`}
	getenv := func(k string) string { return env[k] }
	none := func(string) string { return "" }
	for _, tc := range []struct {
		goos   string
		args   []string
		dir    string
		getenv func(string) string
		path   string
		source string
		err    string
	}{
		{"linux", []string{"Unity", "-projectPath", "/p"}, "", getenv, "/home/ann/.config/unity3d/Editor.log", "default", ""},
		{"darwin", nil, "", getenv, "/home/ann/Library/Logs/Unity/Editor.log", "default", ""},
		{"windows", []string{`C:\Unity\Unity.exe`}, "", getenv, `C:\Users\ann\AppData\Local\Unity\Editor\Editor.log`, "default", ""},
		{"linux", []string{"Unity", "-batchmode", "-logFile", "/tmp/u.log"}, "", getenv, "/tmp/u.log", "-logFile", ""},
		{"linux", []string{"Unity", "-LOGFILE", "logs/u.log"}, "/work/p", getenv, "/work/p/logs/u.log", "-logFile", ""},
		{"windows", []string{"Unity.exe", "-logfile", `D:\logs\u.log`}, "", getenv, `D:\logs\u.log`, "-logFile", ""},
		{"darwin", []string{"Unity", "-logFile", "u.log"}, "", getenv, "", "-logFile", "relative path"},
		{"linux", []string{"Unity", "-logFile", "-"}, "", getenv, "", "-logFile", "standard output"},
		{"linux", []string{"Unity", "-logFile"}, "", getenv, "", "-logFile", "standard output"},
		{"linux", []string{"Unity", "-logFile", "-batchmode"}, "", getenv, "", "-logFile", "standard output"},
		{"linux", nil, "", none, "", "default", "HOME is not set"},
		{"windows", nil, "", none, "", "default", "LOCALAPPDATA is not set"},
	} {
		path, source, err := editorLogPath(tc.goos, tc.args, tc.dir, tc.getenv)
		if path != tc.path || source != tc.source || (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s %q: %q %q %v; want %q %q %q", tc.goos, tc.args, path, source, err, tc.path, tc.source, tc.err)
		}
	}
}

// writeLog writes an Editor.log of project proj with n numbered lines.
func writeLog(t *testing.T, path, proj string, n int) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "COMMAND LINE ARGUMENTS:\nUnity\n-projectpath\n%s\nSuccessfully changed project path to: %s\r\n", proj, proj)
	for i := 0; i < n; i++ {
		kind := "Refresh"
		if i%10 == 0 {
			kind = "ERROR"
		}
		fmt.Fprintf(&b, "%s line %d\r\n", kind, i)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// editor_log_tail reads the log the editor's process writes: Unity's
// default for the OS, or its -logFile; lines, pattern and ignore_case
// bound and filter it; a log that does not name the project says so; and
// it answers while a dialog holds the editor's main thread.
func TestEditorLogTail(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("LOCALAPPDATA", home)
	t.Setenv("DISPLAY", "")
	asUnityEditor(t)
	se := enginetest.NewSim(t, engine.Options{Tools: All()}, editorsim.Config{})
	def, _, err := editorLogPath(runtime.GOOS, nil, "", os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	if _, terr := se.CallTool(t, "editor_log_tail", map[string]any{}); terr == nil || terr.Code != api.CodeNotFound || !strings.Contains(terr.Message, filepath.FromSlash(def)) {
		t.Fatalf("no log yet: %v", terr)
	}
	writeLog(t, filepath.FromSlash(def), se.Proj, 500)
	r := se.MustCall(t, "editor_log_tail", map[string]any{"lines": 3})
	lines, _ := r["lines"].([]any)
	// (no note: the process was checked against the editor's connection)
	if r["source"] != "default" || r["projectMatch"] != true || r["truncated"] != true || r["returned"] != 3.0 || r["note"] != nil ||
		fmt.Sprint(lines) != "[Refresh line 497 Refresh line 498 Refresh line 499]" {
		t.Fatalf("the last 3 lines: %v", r)
	}
	r = se.MustCall(t, "editor_log_tail", map[string]any{"pattern": "^error line 4[0-9]0$"})
	if lines, _ := r["lines"].([]any); len(lines) != 10 || lines[0] != "ERROR line 400" || r["matched"] != 10.0 || r["truncated"] != false {
		t.Errorf("pattern, ignoring case: %v", r)
	}
	if r = se.MustCall(t, "editor_log_tail", map[string]any{"pattern": "^error", "ignore_case": false}); r["matched"] != 0.0 {
		t.Errorf("pattern, case kept: %v", r)
	}
	if _, terr := se.CallTool(t, "editor_log_tail", map[string]any{"pattern": "(?=x)"}); terr == nil || terr.Code != api.CodeInvalidParams || !strings.Contains(terr.Message, "(?=x)") {
		t.Errorf("a lookahead pattern: %v", terr)
	}
	if _, terr := se.CallTool(t, "editor_log_tail", map[string]any{"pattern": strings.Repeat("a", maxLogPattern+1)}); terr == nil || terr.Code != api.CodeInvalidParams || !strings.Contains(terr.Message, "501 bytes") {
		t.Errorf("a pattern of 501 bytes: %v", terr)
	}
	if r = se.MustCall(t, "editor_log_tail", map[string]any{"pattern": strings.Repeat("a?", (maxLogPattern-8)/2) + "line 499"}); r["matched"] != 1.0 {
		t.Errorf("a pattern of %d bytes: %v", maxLogPattern, r)
	}

	// Another project's log (a shared Editor.log): no lines unless asked
	// for, and then said.
	other := filepath.Join(t.TempDir(), "other.log")
	writeLog(t, other, "/elsewhere/Other", 5)
	defer func(f func(int) ([]string, string, error)) { processArgsFunc = f }(processArgsFunc)
	processArgsFunc = func(int) ([]string, string, error) { return []string{"Unity", "-logFile", other}, "", nil }
	r = se.MustCall(t, "editor_log_tail", map[string]any{"lines": 1})
	if lines, _ := r["lines"].([]any); r["source"] != "-logFile" || r["path"] != filepath.ToSlash(other) || r["projectMatch"] != false ||
		len(lines) != 0 || r["returned"] != 0.0 || !strings.Contains(fmt.Sprint(r["warning"]), "any_project") {
		t.Errorf("another editor's log: %v", r)
	}
	r = se.MustCall(t, "editor_log_tail", map[string]any{"lines": 1, "any_project": true})
	if r["projectMatch"] != false || fmt.Sprint(r["lines"]) != "[Refresh line 4]" || r["warning"] == nil {
		t.Errorf("another editor's log, asked for: %v", r)
	}
	processArgsFunc = func(int) ([]string, string, error) { return []string{"Unity", "-logFile", "-"}, "", nil }
	if _, terr := se.CallTool(t, "editor_log_tail", map[string]any{}); terr == nil || !strings.Contains(terr.Message, "standard output") {
		t.Errorf("-logFile -: %v", terr)
	}
	processArgsFunc = func(int) ([]string, string, error) { return nil, "", errors.New("gone") }

	// The main thread is held: the tail comes all the same.
	if err := se.Sim.OpenDialog("Importing"); err != nil {
		t.Fatal(err)
	}
	defer se.Sim.DismissDialog()
	if r = se.MustCall(t, "editor_log_tail", map[string]any{"lines": 1}); fmt.Sprint(r["lines"]) != "[Refresh line 499]" {
		t.Errorf("while the main thread is held: %v", r)
	}
}

// A log larger than the scan reads its end only (the first, partial line
// dropped); a long line is cut; the answer stays within its bytes.
func TestReadLogTailBounds(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "Editor.log")
	long := strings.Repeat("x", 3*logLineBytes)
	var b strings.Builder
	var starts []int // where each line starts
	for i := 0; b.Len() < logScanBytes+logScanBytes/2; i++ {
		starts = append(starts, b.Len())
		fmt.Fprintf(&b, "%d %s\n", i, long)
	}
	whole := 0 // lines that start inside the scanned end: the one cut by it is not counted
	for _, s := range starts {
		if s > b.Len()-logScanBytes {
			whole++
		}
	}
	os.WriteFile(path, []byte(b.String()), 0o644)
	r, err := readLogTail(path, nil, 2000)
	if err != nil {
		t.Fatal(err)
	}
	lines := r["lines"].([]string)
	size := 0
	for _, l := range lines {
		size += len(l) + 1
		if len(l) > logLineBytes+len("…") || !regexp.MustCompile(`^\d+ x+…$`).MatchString(l) {
			t.Fatalf("a line of %d bytes: %.40q", len(l), l)
		}
	}
	if r["matched"] != whole {
		t.Errorf("matched %v lines, want the %d whole ones of the end scanned", r["matched"], whole)
	}
	if r["scannedBytes"] != int64(logScanBytes) || r["fileBytes"] != int64(b.Len()) || size > logAnswerBytes || r["truncated"] != true || len(lines) < 10 {
		t.Errorf("scanned %v of %v, %d lines in %d bytes, truncated %v", r["scannedBytes"], r["fileBytes"], len(lines), size, r["truncated"])
	}
	if want := strings.SplitN(b.String()[b.Len()-len(long)-20:], "\n", 2)[1]; !strings.HasPrefix(lines[len(lines)-1], strings.Fields(want)[0]+" ") {
		t.Errorf("the newest line is not last: %.20q", lines[len(lines)-1])
	}
}
