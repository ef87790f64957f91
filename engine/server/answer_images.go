package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
)

// answer_images.go: the pictures an answer names, for a client that shows
// them. screenshot answers where it wrote each PNG (ImagePath, as uLoop's
// reference says) and render_compare where it wrote its diff (diffPath);
// an agent whose client has no file access (a remote or HTTP client) would
// see only the paths. Over MCP the answer also carries each picture as an
// image content block (engine/server/images.go), read here.
//
// The files are the ones the answer names, read by the daemon: it runs on
// the editor's machine as the same user. An editor cannot use this to pass
// off another file as a picture: only a regular file that decodes as a PNG
// is sent, and it is bounded (MaxAnswerImageBytes each, MaxAnswerImages an
// answer); one that is not is left as its path, with a note saying why.

// MaxAnswerImageBytes bounds one picture sent with an answer: a PNG file
// larger than this stays a path (a 1920x1080 Game view is about 1-3 MB;
// ResolutionScale 0.5 quarters it).
const MaxAnswerImageBytes = 2 << 20

// MaxAnswerImages bounds the pictures sent with one answer (screenshot
// with MatchMode contains can capture many windows).
const MaxAnswerImages = 4

// AnswerImage is one picture an answer names.
type AnswerImage struct {
	Path string
	PNG  []byte
}

// AnswerImages reads the PNG files tool's answer res names: the pictures
// to send beside it, and a note for each it does not send, saying where
// the file is and why. Nil, nil for every other tool.
func AnswerImages(tool string, res json.RawMessage) (imgs []AnswerImage, notes []string) {
	var paths []string
	switch tool {
	case "screenshot":
		var a struct{ Screenshots []struct{ ImagePath string } }
		if json.Unmarshal(res, &a) != nil {
			return nil, nil
		}
		for _, s := range a.Screenshots {
			paths = append(paths, s.ImagePath)
		}
	case "render_compare":
		var a struct {
			DiffPath string `json:"diffPath"`
		}
		if json.Unmarshal(res, &a) != nil || a.DiffPath == "" {
			return nil, nil
		}
		paths = append(paths, a.DiffPath)
	default:
		return nil, nil
	}
	for i, p := range paths {
		// At most MaxAnswerImages sent, and as many files again looked at
		// (an answer naming thousands costs no more than this).
		if len(imgs) == MaxAnswerImages || i == 2*MaxAnswerImages {
			notes = append(notes, fmt.Sprintf("%d more image(s) are not shown here (at most %d an answer): read them at their ImagePath, starting with %s", len(paths)-i, MaxAnswerImages, p))
			break
		}
		b, why := readPNG(p)
		if why != "" {
			notes = append(notes, fmt.Sprintf("the image %s is not shown here: %s; read the file itself", p, why))
			continue
		}
		imgs = append(imgs, AnswerImage{Path: p, PNG: b})
	}
	return imgs, notes
}

// pngMagic starts every PNG file.
var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// readPNG reads the PNG file at p, at most MaxAnswerImageBytes; why says
// why it did not (too large, not a regular file, not a PNG).
func readPNG(p string) (data []byte, why string) {
	if !filepath.IsAbs(filepath.FromSlash(p)) {
		return nil, "its path is not absolute"
	}
	// Stat first: opening a FIFO or a device would wait on it.
	if fi, err := os.Stat(filepath.FromSlash(p)); err != nil {
		return nil, fmt.Sprintf("it cannot be read (%v)", err)
	} else if !fi.Mode().IsRegular() {
		return nil, "it is not a regular file"
	}
	f, err := os.Open(filepath.FromSlash(p))
	if err != nil {
		return nil, fmt.Sprintf("it cannot be read (%v)", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil, "it is not a regular file"
	}
	if fi.Size() > MaxAnswerImageBytes {
		return nil, fmt.Sprintf("it is %d KB, over the %d KB sent with an answer (capture at a lower ResolutionScale to see it here)", (fi.Size()+1023)/1024, MaxAnswerImageBytes/1024)
	}
	data, err = io.ReadAll(io.LimitReader(f, MaxAnswerImageBytes+1))
	if err != nil {
		return nil, fmt.Sprintf("reading it failed (%v)", err)
	}
	if len(data) > MaxAnswerImageBytes {
		return nil, fmt.Sprintf("it grew over the %d KB sent with an answer while it was read", MaxAnswerImageBytes/1024)
	}
	if !bytes.HasPrefix(data, pngMagic) {
		return nil, "it is not a PNG file"
	}
	if _, err := png.DecodeConfig(bytes.NewReader(data)); err != nil {
		return nil, fmt.Sprintf("it is not a readable PNG (%v)", err)
	}
	return data, ""
}
