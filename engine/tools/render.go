package tools

import (
	"context"
	"image"
	"image/color"
	_ "image/jpeg"
	"image/png"
	"math"
	"path/filepath"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/confine"
)

// runRenderCompare is render_compare: two images in, numbers out. Its
// paths are resolved with os.Root under the project root the editor named
// in its hello — never a folder named only by ?project= — so no symbolic
// link leads out, and nothing is written in the state folder.
func runRenderCompare(ctx context.Context, c *engine.Call) (any, error) {
	root := ""
	if t, terr := c.Target(ctx); terr == nil {
		root = editorRoot(t)
	}
	threshold, grid := intArg(c.Args, "threshold"), intArg(c.Args, "grid")
	if threshold < 0 || threshold > 255 {
		return nil, api.Errorf(api.CodeInvalidParams, "render_compare: threshold must be 0-255, got %d", threshold)
	}
	grid = max(1, min(32, grid))
	before, after := c.Args["before"].(string), c.Args["after"].(string)
	a, terr := loadImage(root, "before", before)
	if terr != nil {
		return nil, terr
	}
	b, terr := loadImage(root, "after", after)
	if terr != nil {
		return nil, terr
	}
	res, diff := compareImages(a, b, threshold, grid)
	if res == nil {
		return nil, api.Errorf(api.CodeInvalidParams, "render_compare: the images differ in size: before is %dx%d, after is %dx%d", a.Bounds().Dx(), a.Bounds().Dy(), b.Bounds().Dx(), b.Bounds().Dy())
	}
	if dp, ok := c.Args["diff_path"].(string); ok && dp != "" {
		out, terr := writePNG(root, dp, c.Engine().State().Root, diff)
		if terr != nil {
			return nil, terr
		}
		res["diffPath"] = filepath.ToSlash(out)
	}
	return res, nil
}

// editorRoot is the project folder of a target's editor as its hello named
// it, "" when no editor of that project is known.
func editorRoot(t engine.Target) string {
	if t.Info == nil || t.Info.ProjectPath == "" {
		return ""
	}
	return filepath.FromSlash(t.Info.ProjectPath)
}

func loadImage(root, arg, p string) (image.Image, *api.ToolError) {
	f, terr := confine.Open(root, p, "render_compare: "+arg)
	if terr != nil {
		return nil, terr
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "render_compare: %s image %s is not a readable PNG or JPEG: %v", arg, p, err)
	}
	return img, nil
}

// compareImages returns the comparison and a diff image, or nil when the
// sizes differ.
func compareImages(a, b image.Image, threshold, grid int) (map[string]any, *image.RGBA) {
	ab, bb := a.Bounds(), b.Bounds()
	if ab.Dx() != bb.Dx() || ab.Dy() != bb.Dy() {
		return nil, nil
	}
	w, h := ab.Dx(), ab.Dy()
	diff := image.NewRGBA(image.Rect(0, 0, w, h))
	cells := make([]int, grid*grid)
	cellTotal := make([]int, grid*grid)
	changed, maxDelta := 0, 0
	var sum float64
	minX, minY, maxX, maxY := w, h, -1, -1
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r1, g1, b1, _ := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2))
			sum += float64(d)
			maxDelta = max(maxDelta, d)
			cell := (y*grid/h)*grid + x*grid/w
			cellTotal[cell]++
			gray := uint8((r2>>8 + g2>>8 + b2>>8) / 6)
			if d > threshold {
				changed++
				cells[cell]++
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
				diff.Set(x, y, color.RGBA{255, gray / 2, gray / 2, 255})
			} else {
				diff.Set(x, y, color.RGBA{gray, gray, gray, 255})
			}
		}
	}
	total := w * h
	res := map[string]any{"width": w, "height": h, "totalPixels": total, "changedPixels": changed,
		"changedRatio": round(float64(changed)/float64(max(total, 1)), 6), "identical": changed == 0,
		"meanDelta": round(sum/float64(max(total, 1)), 2), "maxDelta": maxDelta, "threshold": threshold,
		"grid": grid} // the grid used: a grid asked for over 32 is 32, as isuzu clamps it
	if changed > 0 {
		res["boundingBox"] = map[string]int{"x": minX, "y": minY, "width": maxX - minX + 1, "height": maxY - minY + 1}
		rows := make([][]float64, grid)
		for r := 0; r < grid; r++ {
			rows[r] = make([]float64, grid)
			for c := 0; c < grid; c++ {
				if n := cellTotal[r*grid+c]; n > 0 {
					rows[r][c] = round(float64(cells[r*grid+c])/float64(n), 3)
				}
			}
		}
		res["gridChangedRatio"] = rows
	}
	return res, diff
}

func absDiff(a, b uint32) int {
	x, y := int(a>>8), int(b>>8)
	if x > y {
		return x - y
	}
	return y - x
}

func round(v float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(v*p) / p
}

// writePNG writes img at p inside root (never inside stateDir) and returns
// its full path.
func writePNG(root, p, stateDir string, img image.Image) (string, *api.ToolError) {
	f, full, terr := confine.Create(root, p, "render_compare: diff_path", stateDir)
	if terr != nil {
		return "", terr
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return "", api.Errorf(api.CodeInvalidParams, "render_compare: writing diff_path %s: %v", full, err)
	}
	if err := f.Close(); err != nil {
		return "", api.Errorf(api.CodeInvalidParams, "render_compare: writing diff_path %s: %v", full, err)
	}
	return full, nil
}
