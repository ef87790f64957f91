package engine_test

import (
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/editorsim"
	"github.com/unitymcp/unitymcp/engine/enginetest"
	"github.com/unitymcp/unitymcp/engine/tools"
)

// Argument edge cases of the first-use report (finding 31): a negative
// MaxCount is refused naming the value, not echoed; render_compare says
// the grid it used when the one asked for is over its 32 (isuzu clamps it
// too, so a definition written for isuzu still runs).
func TestArgumentEdgeCases(t *testing.T) {
	se := enginetest.NewSim(t, engine.Options{Tools: tools.All(), Definitions: run.New().Handle}, editorsim.Config{})
	call := func(tool, args string) (map[string]any, *api.ToolError) {
		res, terr := se.Call(context.Background(), engine.Request{Project: se.Sim.Hash(), Tool: tool, Args: json.RawMessage(args)})
		var m map[string]any
		json.Unmarshal(res, &m)
		return m, terr
	}
	if _, terr := call("get-logs", `{"MaxCount":-1}`); terr == nil || terr.Code != api.CodeInvalidParams || !strings.Contains(terr.Message, "MaxCount") || !strings.Contains(terr.Message, "-1") {
		t.Errorf("get-logs MaxCount -1: %v; want invalid_params naming MaxCount and -1", terr)
	}
	if _, terr := call("get-logs", `{"MaxCount":0}`); terr != nil {
		t.Errorf("get-logs MaxCount 0 (isuzu's limit 0): %v", terr)
	}

	for i, name := range []string{"a.png", "b.png"} {
		img := image.NewRGBA(image.Rect(0, 0, 64, 64))
		img.Set(10, 10, color.RGBA{uint8(255 * i), 0, 0, 255})
		f, err := os.Create(filepath.Join(se.Proj, name))
		if err != nil {
			t.Fatal(err)
		}
		png.Encode(f, img)
		f.Close()
	}
	m, terr := call("render_compare", `{"before":"a.png","after":"b.png","grid":100}`)
	rows, _ := m["gridChangedRatio"].([]any)
	if terr != nil || m["grid"] != 32.0 || len(rows) != 32 {
		t.Errorf("render_compare grid 100: %v %v; want grid 32 said and used", terr, m["grid"])
	}
}
