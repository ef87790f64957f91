package editorsim

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// windows are the simulated editor's open windows and their sizes.
var windows = []struct {
	Name string
	W, H int
}{
	{"Game", 1920, 1080}, {"Scene", 1280, 720}, {"Console", 800, 300},
	{"Inspector", 400, 900}, {"Project", 800, 300}, {"Hierarchy", 300, 600},
	{"Game 4K", 3840, 2160}, // a 4K Game View, for large-capture benchmarks
}

func simScreenshot(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	name, mode, scale := a.str("WindowName"), a.str("MatchMode"), a.num("ResolutionScale")
	if scale < 0.1 || scale > 1.0 {
		return nil, nil, toolErr("invalid_params", "ResolutionScale must be between 0.1 and 1.0, got %v", scale)
	}
	dir := a.str("OutputDirectory")
	if dir == "" {
		dir = filepath.Join(s.cfg.ProjectDir, ".uloop", "outputs", "Screenshots")
	} else if !filepath.IsAbs(dir) {
		dir = filepath.Join(s.cfg.ProjectDir, dir)
		if rel, err := filepath.Rel(s.cfg.ProjectDir, dir); err != nil || strings.HasPrefix(rel, "..") {
			return nil, nil, toolErr("invalid_params", "OutputDirectory %q leaves the project folder; give a path inside it or an absolute path", a.str("OutputDirectory"))
		}
	}
	var shots []map[string]any
	var names []string
	for _, w := range windows {
		names = append(names, w.Name)
		n, q := strings.ToLower(w.Name), strings.ToLower(name)
		ok := (mode == "exact" && n == q) || (mode == "prefix" && strings.HasPrefix(n, q)) || (mode == "contains" && strings.Contains(n, q))
		if !ok {
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, nil, toolErr("invalid_params", "cannot create OutputDirectory %s: %v", dir, err)
		}
		wd, ht := max(1, int(float64(w.W)*scale)), max(1, int(float64(w.H)*scale))
		img := image.NewRGBA(image.Rect(0, 0, wd, ht))
		for y := 0; y < ht; y++ {
			for x := 0; x < wd; x++ {
				img.Set(x, y, color.RGBA{uint8(40 + 120*x/wd), uint8(60 + 100*y/ht), 90, 255})
			}
		}
		now := time.Now()
		p := filepath.Join(dir, fmt.Sprintf("%s_%s_%03d.png", w.Name, now.Format("20060102_150405"), now.Nanosecond()/1e6))
		f, err := os.Create(p)
		if err != nil {
			return nil, nil, toolErr("invalid_params", "cannot write to OutputDirectory %s: %v", dir, err)
		}
		err = png.Encode(f, img)
		f.Close()
		if err != nil {
			return nil, nil, toolErr("editor_error", "encoding PNG: %v", err)
		}
		fi, _ := os.Stat(p)
		abs, _ := filepath.Abs(p)
		shots = append(shots, map[string]any{"ImagePath": filepath.ToSlash(abs), "FileSizeBytes": fi.Size(), "Width": wd, "Height": ht, "WindowTitle": w.Name})
	}
	if len(shots) == 0 {
		return nil, nil, toolErr("window_not_found", "no open window matches %q (%s); open windows: %s", name, mode, strings.Join(names, ", "))
	}
	return map[string]any{"ScreenshotCount": len(shots), "Screenshots": shots, "Message": describeShots(shots)}, nil, nil
}

// describeShots is the package's OutputSummaries.Screenshots: what each
// file holds, and that the image is the file.
func describeShots(shots []map[string]any) string {
	parts := make([]string, len(shots))
	for i, s := range shots {
		parts[i] = fmt.Sprintf("the %s window, %dx%d px (%d KB)", s["WindowTitle"], s["Width"], s["Height"], (s["FileSizeBytes"].(int64)+1023)/1024)
	}
	return fmt.Sprintf("%d PNG screenshot(s): %s. Each image is the file at its ImagePath: read it to see the window.", len(shots), strings.Join(parts, "; "))
}
