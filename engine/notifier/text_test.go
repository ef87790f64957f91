package notifier

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"github.com/unitymcp/unitymcp/engine/api"
)

// hostileTexts are what an editor (or a window title) can put into a
// notification: ANSI and OSC escapes, line breaks, NUL, a right-to-left
// override, the spec's body markup, a CDATA end and a PowerShell
// subexpression (the Windows toast and its fallback).
var hostileTexts = []string{
	"\x1b[31mred\x1b[0m \x1b]8;;http://evil.example/\x07link\x1b]8;;\x07",
	"line one\r\nline two\x00\x85end",
	"invoice\u202Efdp.exe \u2066isolated\u2069 zero\u200bwidth",
	`<a href="http://evil.example/">click</a> <img src="file:///etc/passwd"> <b>bold</b> &amp; &#60;`,
	"]]></text><text>injected",
	"$(Start-Process calc) `$env:USERNAME",
	strings.Repeat("long ", 100000),
}

// checkShown fails when s still holds anything a notification path
// interprets, or is over max bytes.
func checkShown(t *testing.T, what, s string, max int) {
	t.Helper()
	if len(s) > max+len("…") {
		t.Errorf("%s is %d bytes, want at most %d", what, len(s), max)
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || strings.ContainsRune("<>&$`", r) || r == '\u2028' {
			t.Errorf("%s holds %U: %.120q", what, r, s)
			return
		}
	}
}

// TestNotificationsShowNoMarkupOrControls is attack D4n: a product name,
// a compile error, a failing test's name and a reload reason from the
// editor reach the desktop with none of their control characters, bidi
// overrides or markup, and bounded.
func TestNotificationsShowNoMarkupOrControls(t *testing.T) {
	t.Parallel()
	for _, bad := range hostileTexts {
		n, r, _ := newTest(t, 0)
		n.opt.Window = -1 // no rate limit, no deduplication
		n.opt.Editor = func(string) (api.EditorInfo, bool) { return api.EditorInfo{ProductName: bad}, true }
		compile, _ := json.Marshal(map[string]any{"success": false, "errorCount": 1,
			"errors": []map[string]any{{"Message": bad, "File": bad, "Line": 1}}})
		tests, _ := json.Marshal(map[string]any{"mode": bad, "failed": 1, "failures": []map[string]any{{"name": bad, "message": bad}}})
		reload, _ := json.Marshal(map[string]any{"reason": bad})
		blocked, _ := json.Marshal(api.EditorInfo{State: api.StateBlocked, Dialogs: []api.Dialog{{Title: bad, Buttons: []string{bad}}}})
		for i, ev := range []api.Event{
			{Type: api.EventCompileFinished, Data: compile},
			{Type: api.EventTestsFinished, Data: tests},
			{Type: api.EventReloadRequired, Data: reload},
			{Type: api.EventEditorState, Data: blocked},
		} {
			ev.Project = "p1"
			n.Handle(ev)
			if len(n.Sent()) != i+1 {
				t.Fatalf("%s: no notification sent", ev.Type)
			}
		}
		for _, s := range n.Sent() {
			checkShown(t, "title", s.Title, MaxTitle)
			checkShown(t, "body", s.Body, MaxBody)
		}
		if len(r.got) != len(n.Sent()) {
			t.Errorf("sent %d, recorded %d", len(r.got), len(n.Sent()))
		}
	}
	// The words stay readable.
	if got := Text("List<int> & $x\n\tat A.cs:3", 100); got != "List‹int› ＆ ＄x at A.cs:3" {
		t.Errorf("Text = %q", got)
	}
}
