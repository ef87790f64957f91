package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/server"
)

// screenshot over MCP answers the seed's fields as text and structured
// content, and each capture as an image block (a PNG of the answer's
// Width and Height), so an agent without file access sees the window; a
// capture of many windows sends at most server.MaxAnswerImages and says
// where the others are.
func TestScreenshotAnswersWithTheImage(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	e.startSim(newProject(t, "Game"), editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c := connectSDK(t, ctx, httpTransport(e, "/mcp"), protocolVersions[0])

	res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "screenshot", Arguments: map[string]any{"WindowName": "Game", "ResolutionScale": 0.25}})
	if err != nil || res.IsError || len(res.Content) != 2 {
		t.Fatalf("screenshot: %v %+v; want the answer and one image", err, res)
	}
	var answer struct {
		Screenshots []struct {
			ImagePath     string
			Width, Height int
		}
	}
	text, _ := res.Content[0].(*mcp.TextContent)
	sc, _ := json.Marshal(res.StructuredContent)
	if text == nil || json.Unmarshal([]byte(text.Text), &answer) != nil || len(answer.Screenshots) != 1 || string(sc) == "null" {
		t.Fatalf("screenshot's first block is not its answer: %+v", res.Content[0])
	}
	img, ok := res.Content[1].(*mcp.ImageContent)
	if !ok || img.MIMEType != "image/png" {
		t.Fatalf("screenshot's second block: %T %+v; want an image/png block", res.Content[1], res.Content[1])
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(img.Data))
	if err != nil || cfg.Width != answer.Screenshots[0].Width || cfg.Height != answer.Screenshots[0].Height || cfg.Width != 480 {
		t.Errorf("the image block: %v %+v; want the 480x270 PNG the answer describes", err, cfg)
	}

	// Seven windows contain an "e": four pictures, and where the rest are.
	res, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "screenshot", Arguments: map[string]any{"WindowName": "e", "MatchMode": "contains", "ResolutionScale": 0.1}})
	if err != nil || res.IsError {
		t.Fatalf("screenshot of many windows: %v %+v", err, res)
	}
	images, note := 0, ""
	for _, b := range res.Content[1:] {
		switch b := b.(type) {
		case *mcp.ImageContent:
			if _, err := png.DecodeConfig(bytes.NewReader(b.Data)); err != nil {
				t.Errorf("an image block is not a PNG: %v", err)
			}
			images++
		case *mcp.TextContent:
			note += b.Text
		}
	}
	if images != server.MaxAnswerImages || !strings.Contains(note, "3 more image(s)") || !strings.Contains(note, ".uloop/outputs/Screenshots/") {
		t.Errorf("screenshot of 7 windows: %d images, note %q; want %d and a note naming the rest", images, note, server.MaxAnswerImages)
	}

	// Other tools answer with their text alone.
	res, err = c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}})
	if err != nil || res.IsError || len(res.Content) != 1 {
		t.Errorf("get-logs: %v %+v; want one text block", err, res)
	}
}
