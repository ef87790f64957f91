package server

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/jsonenc"
)

// Large results, on a stdio stream and an HTTP POST alike.
//
// A tool answer holds the editor's result twice (its text, escaped, and
// structuredContent), and encoded whole beside the result it took the
// daemon's peak memory from 31 to 75 MB for a 3.7 MB Console answer
// (TestLargeResults). The daemon writes every answer itself, so a large
// one is written as it goes: mcp-go's encoder writes the whole
// answer with two markers in place of the text and the structured content
// (everything else is the encoder's, so the answer is the one json.Marshal
// writes by construction), and the two are written where the markers are —
// the text escaped a piece at a time (jsonenc.WriteString, json.Marshal's
// escaping), the structured content as the editor's frame holds it when
// json.Marshal would write it unchanged.

// streamResultAbove is the size of a tool result's text from which a
// stream writes its answer as it goes.
var streamResultAbove = 64 << 10

// The markers: a string no result can hold by chance.
var (
	textMarker       = "unitymcp-text-" + randomHex()
	structuredMarker = `"unitymcp-structured-` + randomHex() + `"`
)

func randomHex() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// largeAnswer is a tool answer to write in pieces: head, the text, mid,
// the structured content, tail (the text may come second: after and
// are swapped then).
type largeAnswer struct {
	head, mid, tail []byte
	text            string
	structured      json.RawMessage
	textFirst       bool
}

// splitLarge returns the answer to request id as a largeAnswer when resp
// is a tool result whose text is over streamResultAbove and whose
// structured content is JSON; nil otherwise. The structured content is
// written as the editor's frame holds it when json.Marshal would write it
// unchanged, else as json.Marshal writes it (compacted, HTML-escaped).
func splitLarge(id json.RawMessage, resp mcp.JSONRPCMessage) *largeAnswer {
	var res *mcp.CallToolResult
	switch r := resp.(type) {
	case mcp.JSONRPCResponse:
		res, _ = r.Result.(*mcp.CallToolResult)
	case *mcp.JSONRPCResponse:
		res, _ = r.Result.(*mcp.CallToolResult)
	}
	if res == nil || len(res.Content) != 1 {
		return nil
	}
	tc, ok := res.Content[0].(mcp.TextContent)
	raw, rawOK := res.StructuredContent.(json.RawMessage)
	if !ok || !rawOK || len(tc.Text) <= streamResultAbove || !json.Valid(raw) {
		return nil
	}
	if !compactSafe(raw) {
		var err error
		if raw, err = json.Marshal(raw); err != nil {
			return nil
		}
	}
	marked := *res
	tc2 := tc
	tc2.Text = textMarker
	marked.Content = []mcp.Content{tc2}
	marked.StructuredContent = json.RawMessage(structuredMarker)
	b, err := json.Marshal(rpcResult{api.JSONRPCVersion, id, &marked})
	if err != nil {
		return nil
	}
	quoted := []byte(`"` + textMarker + `"`)
	i, j := bytes.Index(b, quoted), bytes.Index(b, []byte(structuredMarker))
	if i < 0 || j < 0 || bytes.Count(b, quoted) != 1 || bytes.Count(b, []byte(structuredMarker)) != 1 {
		return nil
	}
	a := &largeAnswer{text: tc.Text, structured: raw, textFirst: i < j}
	first, firstLen, second, secondLen := i, len(quoted), j, len(structuredMarker)
	if !a.textFirst {
		first, firstLen, second, secondLen = j, len(structuredMarker), i, len(quoted)
	}
	a.head, a.mid, a.tail = b[:first], b[first+firstLen:second], b[second+secondLen:]
	return a
}

// writeTo writes the answer to w.
func (a *largeAnswer) writeTo(w io.Writer) error {
	text := func() error { _, err := jsonenc.WriteString(w, a.text, nil); return err }
	structured := func() error { _, err := w.Write(a.structured); return err }
	parts := []func() error{text, structured}
	if !a.textFirst {
		parts[0], parts[1] = structured, text
	}
	if _, err := w.Write(a.head); err != nil {
		return err
	}
	if err := parts[0](); err != nil {
		return err
	}
	if _, err := w.Write(a.mid); err != nil {
		return err
	}
	if err := parts[1](); err != nil {
		return err
	}
	_, err := w.Write(a.tail)
	return err
}

// compactSafe reports whether json.Marshal writes the valid JSON text b
// back as it is: not empty, no white space between tokens (compacting drops
// it; inside strings it stays), and nothing its HTML escaping rewrites ('<',
// '>', '&', U+2028 and U+2029). An editor's answers are compact; their
// strings may hold anything else.
func compactSafe(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	in := false // inside a string
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '<' || c == '>' || c == '&':
			return false
		case c == 0xe2 && i+2 < len(b) && b[i+1] == 0x80 && (b[i+2] == 0xa8 || b[i+2] == 0xa9):
			return false // U+2028, U+2029
		case in && c == '\\':
			i++ // the escaped byte, a quote perhaps
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return false
		}
	}
	return true
}
