package engine

import (
	"context"
	"errors"
	"image"
	"image/color"
	_ "image/jpeg"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/confine"
)

// runRenderCompare is render_compare: two images in, numbers out.
func runRenderCompare(ctx context.Context, c *Call) (any, error) {
	root := ""
	if t, terr := c.Target(ctx); terr == nil {
		root = t.Path()
		if t.Info == nil && t.Given == "" {
			root = ""
		}
	}
	resolve := func(arg, p string) (string, *api.ToolError) {
		if filepath.IsAbs(p) {
			return filepath.Clean(p), nil
		}
		if root == "" {
			return "", api.Errorf(api.CodeInvalidParams, "render_compare: %s %q is relative, but no project is known to resolve it against; give an absolute path or pin a project", arg, p)
		}
		return confine.Join(root, p, arg)
	}
	threshold, grid := intArg(c.Args, "threshold"), intArg(c.Args, "grid")
	if threshold < 0 || threshold > 255 {
		return nil, api.Errorf(api.CodeInvalidParams, "render_compare: threshold must be 0-255, got %d", threshold)
	}
	grid = max(1, min(32, grid))
	before, terr := resolve("before", c.Args["before"].(string))
	if terr != nil {
		return nil, terr
	}
	after, terr := resolve("after", c.Args["after"].(string))
	if terr != nil {
		return nil, terr
	}
	a, terr := loadImage("before", before)
	if terr != nil {
		return nil, terr
	}
	b, terr := loadImage("after", after)
	if terr != nil {
		return nil, terr
	}
	res, diff := compareImages(a, b, threshold, grid)
	if res == nil {
		return nil, api.Errorf(api.CodeInvalidParams, "render_compare: the images differ in size: before is %dx%d, after is %dx%d", a.Bounds().Dx(), a.Bounds().Dy(), b.Bounds().Dx(), b.Bounds().Dy())
	}
	if dp, ok := c.Args["diff_path"].(string); ok && dp != "" {
		out, terr := c.engine.writablePath(root, dp, "diff_path")
		if terr != nil {
			return nil, terr
		}
		if err := writePNG(out, diff); err != nil {
			return nil, api.Errorf(api.CodeInvalidParams, "render_compare: writing diff_path: %v", err)
		}
		res["diffPath"] = filepath.ToSlash(out)
	}
	return res, nil
}

func intArg(args map[string]any, k string) int {
	f, _ := args[k].(float64)
	if i, ok := args[k].(int); ok {
		return i
	}
	return int(f)
}

func loadImage(arg, p string) (image.Image, *api.ToolError) {
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, api.Errorf("not_found", "render_compare: %s image %s does not exist", arg, p)
	}
	if err != nil {
		return nil, api.Errorf(api.CodeInvalidParams, "render_compare: %s: %v", arg, err)
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
		"meanDelta": round(sum/float64(max(total, 1)), 2), "maxDelta": maxDelta, "threshold": threshold}
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

func writePNG(p string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.Create(p)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writablePath resolves a path the daemon writes: relative to the project
// folder, or absolute inside the project folder or the state directory.
func (e *Engine) writablePath(root, p, arg string) (string, *api.ToolError) {
	if !filepath.IsAbs(p) {
		if root == "" {
			return "", api.Errorf(api.CodeInvalidParams, "%s %q is relative, but no project is known; give an absolute path or pin a project", arg, p)
		}
		return confine.Join(root, p, arg)
	}
	p = filepath.Clean(p)
	for _, dir := range []string{root, e.opt.State.Root} {
		if dir == "" {
			continue
		}
		if confine.Within(dir, p) {
			return p, nil
		}
	}
	return "", api.Errorf(api.CodeInvalidParams, "%s %s is outside the project folder and the unitymcp state folder; the daemon writes only there", arg, p)
}
