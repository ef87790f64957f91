package server

import (
	"bytes"
	"encoding/json"
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
