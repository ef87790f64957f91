package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// AnswerImages sends only regular PNG files within the bound, and says for
// every other one where it is and why it is not shown: a file over
// MaxAnswerImageBytes, one that is not a PNG (an editor naming a key file
// as its capture), a relative path, a missing file, a FIFO (which would
// hold the call if opened).
func TestAnswerImagesAreBoundedPNGs(t *testing.T) {
	dir := t.TempDir()
	var good bytes.Buffer
	png.Encode(&good, image.NewRGBA(image.Rect(0, 0, 8, 4)))
	write := func(name string, b []byte) string {
		p := filepath.ToSlash(filepath.Join(dir, name))
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ok := write("ok.png", good.Bytes())
	big := write("big.png", append(append([]byte{}, good.Bytes()...), make([]byte, MaxAnswerImageBytes)...))
	key := write("id_rsa", []byte("-----BEGIN OPENSSH PRIVATE KEY-----\n"))
	fake := write("fake.png", append(append([]byte{}, pngMagic...), "not a PNG after all"...))
	paths := []string{ok, big, key, fake, "rel/ok.png", filepath.ToSlash(filepath.Join(dir, "missing.png"))}
	if runtime.GOOS != "windows" {
		fifo := filepath.Join(dir, "fifo.png")
		if err := mkfifo(fifo); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.ToSlash(fifo))
	}
	var shots []map[string]any
	for _, p := range paths {
		shots = append(shots, map[string]any{"ImagePath": p})
	}
	res, _ := json.Marshal(map[string]any{"Screenshots": shots})
	// Bounded count aside: every path here is checked.
	imgs, notes := AnswerImages("screenshot", res)
	if len(imgs) != 1 || imgs[0].Path != ok || !bytes.Equal(imgs[0].PNG, good.Bytes()) {
		t.Fatalf("sent %d images (%v); want ok.png alone", len(imgs), imgs)
	}
	joined := strings.Join(notes, "\n")
	for _, want := range []string{"big.png is not shown here: it is", "KB, over the 2048 KB", "id_rsa is not shown here: it is not a PNG file",
		"fake.png is not shown here: it is not a readable PNG", "rel/ok.png is not shown here: its path is not absolute", "missing.png is not shown here"} {
		if !strings.Contains(joined, want) {
			t.Errorf("notes lack %q:\n%s", want, joined)
		}
	}
	if runtime.GOOS != "windows" && !strings.Contains(joined, "fifo.png is not shown here: it is not a regular file") {
		t.Errorf("a FIFO is not refused:\n%s", joined)
	}

	// render_compare's diff is sent; any other tool's answer sends nothing.
	res, _ = json.Marshal(map[string]any{"diffPath": ok, "identical": false})
	if imgs, _ := AnswerImages("render_compare", res); len(imgs) != 1 {
		t.Errorf("render_compare's diff: %d images, want 1", len(imgs))
	}
	res, _ = json.Marshal(map[string]any{"Screenshots": shots[:1]})
	if imgs, notes := AnswerImages("get-logs", res); imgs != nil || notes != nil {
		t.Errorf("get-logs sent %v %v", imgs, notes)
	}
}

// The size bound is exact: a PNG of exactly MaxAnswerImageBytes is sent
// whole, one a byte larger is not, and its note gives its size in KB
// rounded up (2049 KB for 2 MiB and a byte) beside the limit.
func TestAnswerImageSizeBoundIsExact(t *testing.T) {
	dir := t.TempDir()
	var enc bytes.Buffer
	png.Encode(&enc, image.NewRGBA(image.Rect(0, 0, 2, 2)))
	// png.DecodeConfig reads the header only: bytes after the image keep it a PNG.
	at := append(append([]byte{}, enc.Bytes()...), make([]byte, MaxAnswerImageBytes-enc.Len())...)
	over := append(append([]byte{}, at...), 0)
	atPath, overPath := filepath.ToSlash(filepath.Join(dir, "at.png")), filepath.ToSlash(filepath.Join(dir, "over.png"))
	for p, b := range map[string][]byte{atPath: at, overPath: over} {
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	res, _ := json.Marshal(map[string]any{"Screenshots": []map[string]string{{"ImagePath": atPath}, {"ImagePath": overPath}}})
	imgs, notes := AnswerImages("screenshot", res)
	if len(imgs) != 1 || imgs[0].Path != atPath || !bytes.Equal(imgs[0].PNG, at) {
		var got []string
		for _, img := range imgs {
			got = append(got, fmt.Sprintf("%s (%d bytes)", img.Path, len(img.PNG)))
		}
		t.Errorf("sent %v; want at.png whole (%d bytes)", got, len(at))
	}
	want := fmt.Sprintf("the image %s is not shown here: it is 2049 KB, over the 2048 KB sent with an answer (capture at a lower ResolutionScale to see it here); read the file itself", overPath)
	if len(notes) != 1 || notes[0] != want {
		t.Errorf("notes %q\nwant [%q]", notes, want)
	}
}
