package server

import (
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// withImages adds to the MCP result of tool's answer res the pictures the
// answer names (AnswerImages: screenshot's captures,
// render_compare's diff) as image content blocks after its text, so an
// agent sees them without reading files; a picture not sent is a text
// block saying where it is and why. The text and structured content stay
// the answer itself, as uLoop's reference gives it.
func withImages(r *mcp.CallToolResult, tool string, res json.RawMessage) *mcp.CallToolResult {
	if r.IsError || len(res) == 0 {
		return r
	}
	imgs, notes := AnswerImages(tool, res)
	for _, img := range imgs {
		r.Content = append(r.Content, mcp.NewImageContent(base64.StdEncoding.EncodeToString(img.PNG), "image/png"))
	}
	if len(notes) > 0 {
		r.Content = append(r.Content, mcp.NewTextContent(strings.Join(notes, "\n")))
	}
	return r
}
