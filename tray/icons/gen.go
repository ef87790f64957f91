//go:build ignore

// gen draws the tray icons: a cube outline (the editor) with a status dot.
// Run: go run gen.go (writes <state>.png and <state>.ico beside it).
package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

var states = map[string]color.RGBA{
	"idle":      {150, 150, 150, 255}, // no editor connected
	"connected": {46, 170, 90, 255},
	"busy":      {60, 130, 230, 255}, // compiling, reloading, testing
	"error":     {220, 60, 50, 255},  // last compile or test run failed
}

func main() {
	for name, c := range states {
		img := draw(64, c)
		var b bytes.Buffer
		png.Encode(&b, img)
		os.WriteFile(name+".png", b.Bytes(), 0o644)
		os.WriteFile(name+".ico", ico(b.Bytes(), 64), 0o644)
	}
}

func draw(n int, status color.RGBA) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	ink := color.RGBA{235, 235, 235, 255}
	f := float64(n)
	// cube: a hexagon outline with three inner edges
	cx, cy, r := f*0.42, f*0.46, f*0.36
	var pts [6][2]float64
	for i := 0; i < 6; i++ {
		a := math.Pi/6 + float64(i)*math.Pi/3
		pts[i] = [2]float64{cx + r*math.Cos(a), cy + r*math.Sin(a)}
	}
	line := func(x0, y0, x1, y1 float64) {
		steps := int(math.Hypot(x1-x0, y1-y0) * 2)
		for s := 0; s <= steps; s++ {
			t := float64(s) / float64(steps)
			x, y := x0+(x1-x0)*t, y0+(y1-y0)*t
			for dx := -2.0; dx <= 2; dx++ {
				for dy := -2.0; dy <= 2; dy++ {
					if dx*dx+dy*dy <= 4 {
						img.Set(int(x+dx), int(y+dy), ink)
					}
				}
			}
		}
	}
	for i := 0; i < 6; i++ {
		j := (i + 1) % 6
		line(pts[i][0], pts[i][1], pts[j][0], pts[j][1])
	}
	for _, i := range []int{1, 3, 5} {
		line(cx, cy, pts[i][0], pts[i][1])
	}
	// status dot, bottom right
	dx, dy, dr := f*0.76, f*0.76, f*0.2
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			d := math.Hypot(float64(x)-dx, float64(y)-dy)
			if d <= dr+2 && d > dr {
				img.Set(x, y, color.RGBA{30, 30, 30, 255})
			} else if d <= dr {
				img.Set(x, y, status)
			}
		}
	}
	return img
}

// ico wraps one PNG image in an ICO container (PNG entries: Windows Vista+).
func ico(pngData []byte, n int) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, []uint16{0, 1, 1})
	size := byte(n)
	if n >= 256 {
		size = 0
	}
	b.Write([]byte{size, size, 0, 0})
	binary.Write(&b, binary.LittleEndian, []uint16{1, 32})
	binary.Write(&b, binary.LittleEndian, []uint32{uint32(len(pngData)), 22})
	b.Write(pngData)
	return b.Bytes()
}
