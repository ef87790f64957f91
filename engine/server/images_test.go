package server

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// withImages appends to a tool's MCP result one image block per picture
// its answer names and, only when some picture is not sent, one text block
// saying why; an error result and an empty answer are left as they are.
func TestWithImagesAddsThePictures(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var enc bytes.Buffer
	png.Encode(&enc, image.NewRGBA(image.Rect(0, 0, 3, 3)))
	ok := filepath.ToSlash(filepath.Join(dir, "ok.png"))
	if err := os.WriteFile(ok, enc.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	rel := "Screenshots/rel.png" // not absolute: never read
	shots := func(paths ...string) json.RawMessage {
		var s []map[string]string
		for _, p := range paths {
			s = append(s, map[string]string{"ImagePath": p})
		}
		b, _ := json.Marshal(map[string]any{"Screenshots": s})
		return b
	}
	img := mcp.NewImageContent(base64.StdEncoding.EncodeToString(enc.Bytes()), "image/png")
	for _, c := range []struct {
		name  string
		res   json.RawMessage
		isErr bool
		want  []mcp.Content // after the answer's own text
	}{
		{"one picture", shots(ok), false, []mcp.Content{img}},
		{"one sent, one not", shots(ok, rel), false, []mcp.Content{img, mcp.NewTextContent("the image " + rel + " is not shown here: its path is not absolute; read the file itself")}},
		{"an error result", shots(ok), true, nil},
		{"an empty answer", nil, false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := mcp.NewTextContent(string(c.res))
			r := &mcp.CallToolResult{IsError: c.isErr, Content: []mcp.Content{text}}
			got := withImages(r, "screenshot", c.res).Content
			want := append([]mcp.Content{text}, c.want...)
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			if !bytes.Equal(gb, wb) {
				t.Errorf("content %d blocks:\n%.600s\nwant %d:\n%.600s", len(got), gb, len(want), wb)
			}
		})
	}
}
