package notifier

import (
	"strings"
	"unicode"

	"github.com/unitymcp/unitymcp/engine/api"
)

// What a notification shows comes from editors (product names, compiler
// messages, test names, reasons) and from windows on the desktop (dialog
// titles): none of it is trusted. Every title and body goes through Text
// before it reaches the desktop, whose notification servers interpret more
// than plain text:
//   - the Desktop Notifications spec lets a body carry markup (<b>, <i>,
//     <u>, <a href>, <img src>) and entities, which many servers render;
//     kdialog's passive popup renders Qt rich text;
//   - the Windows toast puts the text in an XML CDATA section, and its
//     PowerShell fallback in a here-string, where "]]>" ends the section
//     and "$(…)" runs;
//   - control characters, ANSI escapes and bidirectional overrides make the
//     shown text differ from what it says (U+202E reverses what follows).
//
// Text keeps the words and drops the rest: markup characters become
// look-alikes that nothing interprets, control and format characters go,
// line breaks become spaces, and the length is bounded.

// Bounds of a notification's title and body (bytes, cut with "…").
const (
	MaxTitle = 160
	MaxBody  = 600
)

// lookAlike replaces the characters some notification path interprets.
var lookAlike = map[rune]rune{
	'<': '‹', // U+2039: no tag can start
	'>': '›', // U+203A: nor a CDATA section end
	'&': '＆', // U+FF06: no entity
	'$': '＄', // U+FF04: no PowerShell expansion
	'`': 'ʼ', // U+02BC: no PowerShell escape
}

// Text makes untrusted text safe to show in a desktop notification, at
// most max bytes long.
func Text(s string, max int) string {
	s = api.Cut(s, 4*max) // valid UTF-8, and no more work than needed
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == '\u2028' || r == '\u2029' || unicode.IsControl(r) || unicode.IsSpace(r):
			// Line breaks, tabs, ESC (ANSI sequences lose their start and
			// show as text), NUL, C1 controls: one space for a run.
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = true
			continue
		case unicode.Is(unicode.Cf, r):
			// Format characters: bidirectional overrides and isolates,
			// zero-width joiners and spaces, the BOM.
			continue
		}
		if l, ok := lookAlike[r]; ok {
			r = l
		}
		b.WriteRune(r)
		space = false
	}
	return api.Cut(strings.TrimRight(b.String(), " "), max)
}
