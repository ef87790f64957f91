package editorsim

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/confine"
)

// A frame of the simulated editor.
const frame = 4 * time.Millisecond

type recording struct {
	View, Name   string
	IncludeMoves bool
	Started      time.Time
	Events       []recEvent
}

type recEvent struct {
	Frame  int       `json:"frame"`
	Type   string    `json:"type"` // mouseDown, mouseDrag, mouseUp, scrollWheel, keyDown, keyUp
	X      float64   `json:"x"`
	Y      float64   `json:"y"`
	Button int       `json:"button"`
	Key    string    `json:"key,omitempty"`
	Delta  []float64 `json:"delta,omitempty"`
}

// view resolves a view argument to a simulated window.
func view(name string) (string, int, int, error) {
	n := strings.ToLower(name)
	alias := map[string]string{"scene": "Scene", "scene_view_window": "Scene", "game": "Game", "game_view_window": "Game",
		"inspector": "Inspector", "hierarchy": "Hierarchy", "project": "Project", "console": "Console"}
	title, ok := alias[n]
	if t, isWin := strings.CutPrefix(n, "window:"); isWin {
		for _, w := range windows {
			if strings.Contains(strings.ToLower(w.Name), t) {
				title, ok = w.Name, true
			}
		}
	}
	if !ok {
		return "", 0, 0, fmt.Errorf("no open window matches view %q; views: scene, game, inspector, hierarchy, project, console, window:<title>", name)
	}
	for _, w := range windows {
		if w.Name == title {
			return title, w.W, w.H, nil
		}
	}
	return "", 0, 0, fmt.Errorf("window %s is not open", title)
}

func point(v any) (float64, float64, bool) {
	l, ok := v.([]any)
	if !ok || len(l) != 2 {
		return 0, 0, false
	}
	x, ok1 := l[0].(float64)
	y, ok2 := l[1].(float64)
	return x, y, ok1 && ok2
}

func windowShape(title string, w, h int) map[string]any {
	return map[string]any{"window": title, "contentOffset": []int{0, 21}, "contentOffsetKnown": true, "pixelsPerPoint": 1, "windowSize": []int{w, h + 21}}
}

// applyDrag moves the Scene View camera the way an orbit drag would.
func (st *editorState) applyDrag(title string, dx, dy float64) {
	if title != "Scene" {
		return
	}
	c := st.sceneCamera
	st.sceneCamera = map[string]any{"x": round3(c["x"].(float64) + dx*0.01), "y": round3(c["y"].(float64) - dy*0.01), "z": c["z"]}
}

func round3(v float64) float64 { return float64(int(v*1000+0.5*sign(v))) / 1000 }
func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

func simInputPointer(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	title, w, h, err := view(a.str("view"))
	if err != nil {
		return nil, nil, toolErr("window_not_found", "%v", err)
	}
	fx, fy, ok := point(a["from"])
	if !ok {
		return nil, nil, toolErr("invalid_params", "from must be [x, y]")
	}
	tx, ty := fx, fy
	action := a.str("action")
	if action == "drag" {
		if tx, ty, ok = point(a["to"]); !ok {
			return nil, nil, toolErr("invalid_params", "a drag needs to: [x, y]")
		}
	}
	if a.boolean("normalized") {
		fx, fy, tx, ty = fx*float64(w), fy*float64(h), tx*float64(w), ty*float64(h)
	}
	for _, p := range [][2]float64{{fx, fy}, {tx, ty}} {
		if p[0] < 0 || p[1] < 0 || p[0] > float64(w) || p[1] > float64(h) {
			return nil, nil, toolErr("invalid_params", "point (%v, %v) is outside the %s window (%dx%d)", p[0], p[1], title, w, h)
		}
	}
	if action == "scroll" {
		if d, ok := a["scroll_delta"].([]any); !ok || len(d) != 2 || (d[0] == 0.0 && d[1] == 0.0) {
			return nil, nil, toolErr("invalid_params", "scroll needs a non-zero scroll_delta [x, y]")
		}
	}
	button := int(a.num("button"))
	frames, sent := 1, 1
	var evs []recEvent
	st := s.st
	st.mu.Lock()
	before := st.sceneCamera
	switch action {
	case "drag":
		steps := max(1, int(a.num("steps")))
		fps := int(a.num("frames_per_step"))
		frames = max(1, steps*fps)
		sent = steps + 2
		evs = append(evs, recEvent{Type: "mouseDown", X: fx, Y: fy, Button: button})
		for i := 1; i <= steps; i++ {
			evs = append(evs, recEvent{Frame: i * max(fps, 0), Type: "mouseDrag", X: fx + (tx-fx)*float64(i)/float64(steps), Y: fy + (ty-fy)*float64(i)/float64(steps), Button: button})
		}
		evs = append(evs, recEvent{Frame: frames, Type: "mouseUp", X: tx, Y: ty, Button: button})
		st.applyDrag(title, tx-fx, ty-fy)
	case "click":
		n := max(1, int(a.num("click_count")))
		sent = 2 * n
		for i := 0; i < n; i++ {
			evs = append(evs, recEvent{Type: "mouseDown", X: fx, Y: fy, Button: button}, recEvent{Type: "mouseUp", X: fx, Y: fy, Button: button})
		}
	case "down":
		evs = append(evs, recEvent{Type: "mouseDown", X: fx, Y: fy, Button: button})
	case "up":
		evs = append(evs, recEvent{Type: "mouseUp", X: fx, Y: fy, Button: button})
	case "scroll":
		d := a["scroll_delta"].([]any)
		evs = append(evs, recEvent{Type: "scrollWheel", X: fx, Y: fy, Delta: []float64{d[0].(float64), d[1].(float64)}})
	case "move":
		evs = append(evs, recEvent{Type: "mouseMove", X: fx, Y: fy})
	}
	after := st.sceneCamera
	st.record(title, evs)
	st.mu.Unlock()
	start := time.Now()
	if err := sleepCtx(ctx, time.Duration(frames)*frame); err != nil {
		return nil, nil, err
	}
	res := windowShape(title, w, h)
	res["sent"], res["frames"], res["loops"], res["view"], res["durationMs"] = sent, frames, 1, a.str("view"), time.Since(start).Milliseconds()
	if title == "Scene" {
		res["camera"] = map[string]any{"before": map[string]any{"position": before}, "after": map[string]any{"position": after}}
	}
	return res, nil, nil
}

// record appends events to the recording in progress (if any, for that window).
func (st *editorState) record(title string, evs []recEvent) {
	r := st.recording
	if r == nil || r.View != title {
		return
	}
	base := 0
	if n := len(r.Events); n > 0 {
		base = r.Events[n-1].Frame + 1
	}
	for _, e := range evs {
		if e.Type == "mouseMove" && !r.IncludeMoves {
			continue
		}
		e.Frame += base
		r.Events = append(r.Events, e)
	}
}

func simInputKey(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	title, w, h, err := view(a.str("view"))
	if err != nil {
		return nil, nil, toolErr("window_not_found", "%v", err)
	}
	key, ok := keyCode(a.str("key"))
	if !ok {
		// The package's words (EditorInputTools.ParseKey).
		return nil, nil, toolErr("invalid_params", "%q is not a UnityEngine.KeyCode name (examples: F, Delete, Space, Alpha1, LeftArrow)", a.str("key"))
	}
	if err := checkModifiers(a); err != nil {
		return nil, nil, err
	}
	if c := a.str("character"); len([]rune(c)) > 1 {
		return nil, nil, toolErr("invalid_params", "character must be a single character, got %q", c)
	}
	var evs []recEvent
	switch a.str("action") {
	case "press":
		evs = []recEvent{{Type: "keyDown", Key: key}, {Type: "keyUp", Key: key}}
	case "down":
		evs = []recEvent{{Type: "keyDown", Key: key}}
	case "up":
		evs = []recEvent{{Type: "keyUp", Key: key}}
	}
	s.st.mu.Lock()
	s.st.record(title, evs)
	s.st.mu.Unlock()
	res := windowShape(title, w, h)
	res["sent"], res["frames"], res["loops"], res["view"], res["durationMs"] = len(evs), 1, 1, a.str("view"), 0
	return res, nil, nil
}

func (s *Sim) recordingsDir() (string, error) {
	if s.cfg.StateDir == "" {
		return "", fmt.Errorf("the simulator was started without the state directory")
	}
	return filepath.Join(s.cfg.StateDir, "recordings", s.Hash()), nil
}

func simInputRecord(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	switch a.str("action") {
	case "start":
		if st.recording != nil {
			return nil, nil, toolErr("already_recording", "a recording (%s) is in progress; stop it first", st.recording.Name)
		}
		title, w, h, err := view(a.str("view"))
		if err != nil {
			return nil, nil, toolErr("window_not_found", "%v", err)
		}
		name := a.str("name")
		if name == "" {
			name = "recording_" + time.Now().Format("20060102_150405")
		}
		file, err := confine.RecordingFile(name)
		if err != nil {
			return nil, nil, toolErr("invalid_params", "%v", err)
		}
		dir, err := s.recordingsDir()
		if err != nil {
			return nil, nil, toolErr("editor_error", "%v", err)
		}
		st.recording = &recording{View: title, Name: name, IncludeMoves: a.boolean("include_moves"), Started: time.Now()}
		res := windowShape(title, w, h)
		res["recording"], res["view"], res["name"], res["path"] = true, a.str("view"), name, filepath.ToSlash(filepath.Join(dir, file))
		return res, nil, nil
	case "stop":
		if st.recording == nil {
			return nil, nil, toolErr("not_recording", "no recording is in progress; start one with action start")
		}
		p, n, frames, err := s.saveRecording()
		if err != nil {
			return nil, nil, toolErr("editor_error", "saving the recording: %v", err)
		}
		r := st.recording
		st.recording = nil
		return map[string]any{"path": filepath.ToSlash(p), "events": n, "frames": frames, "durationMs": time.Since(r.Started).Milliseconds(),
			"view": strings.ToLower(r.View), "window": r.View}, nil, nil
	default:
		if st.recording == nil {
			return map[string]any{"recording": false}, nil, nil
		}
		r := st.recording
		return map[string]any{"recording": true, "view": strings.ToLower(r.View), "window": r.View, "name": r.Name,
			"events": len(r.Events), "frames": lastFrame(r.Events), "durationMs": time.Since(r.Started).Milliseconds(), "includeMoves": r.IncludeMoves}, nil, nil
	}
}

func lastFrame(evs []recEvent) int {
	if len(evs) == 0 {
		return 0
	}
	return evs[len(evs)-1].Frame
}

// saveRecording writes the recording in progress (st.mu held).
func (s *Sim) saveRecording() (string, int, int, error) {
	r := s.st.recording
	dir, err := s.recordingsDir()
	if err != nil {
		return "", 0, 0, err
	}
	file, err := confine.RecordingFile(r.Name)
	if err != nil {
		return "", 0, 0, err
	}
	_, w, h, _ := view(r.View)
	doc := map[string]any{"version": 1, "unity": "editorsim", "view": strings.ToLower(r.View), "windowType": "UnityEditor." + r.View + "View",
		"windowSize": []int{w, h + 21}, "contentOffset": []int{0, 21}, "createdUtc": time.Now().UTC().Format(time.RFC3339), "events": r.Events}
	if r.Events == nil {
		doc["events"] = []recEvent{}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", 0, 0, err
	}
	p := filepath.Join(dir, file)
	b, _ := json.MarshalIndent(doc, "", "  ")
	return p, len(r.Events), lastFrame(r.Events), os.WriteFile(p, b, 0o600)
}

func simInputReplay(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	p := a.str("path")
	if name := a.str("name"); name != "" {
		dir, err := s.recordingsDir()
		if err != nil {
			return nil, nil, toolErr("editor_error", "%v", err)
		}
		file, err := confine.RecordingFile(name)
		if err != nil {
			return nil, nil, toolErr("invalid_params", "%v", err)
		}
		p = filepath.Join(dir, file)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, nil, toolErr("recording_not_found", "no recording at %s; record one with input_record", p)
	}
	var rec struct {
		View   string     `json:"view"`
		Events []recEvent `json:"events"`
	}
	if json.Unmarshal(b, &rec) != nil {
		return nil, nil, toolErr("invalid_recording", "%s is not a recording", p)
	}
	v := a.str("view")
	if v == "" {
		v = rec.View
	}
	title, w, h, err := view(v)
	if err != nil {
		return nil, nil, toolErr("window_not_found", "%v", err)
	}
	speed := a.num("speed")
	if speed <= 0 {
		return nil, nil, toolErr("invalid_params", "speed must be above 0")
	}
	loops := max(1, int(a.num("loop_count")))
	start := time.Now()
	frames := 0
	for l := 0; l < loops; l++ {
		var downX, downY float64
		for _, e := range rec.Events {
			s.st.mu.Lock()
			switch e.Type {
			case "mouseDown":
				downX, downY = e.X, e.Y
			case "mouseUp":
				s.st.applyDrag(title, e.X-downX, e.Y-downY)
			}
			s.st.mu.Unlock()
		}
		n := lastFrame(rec.Events) + 1
		frames += n
		if err := sleepCtx(ctx, time.Duration(float64(n)*float64(frame)/speed)); err != nil {
			return nil, nil, err
		}
	}
	res := windowShape(title, w, h)
	res["sent"], res["frames"], res["loops"], res["view"], res["durationMs"], res["path"] = len(rec.Events)*loops, frames, loops, v, time.Since(start).Milliseconds(), filepath.ToSlash(p)
	if tc := a.str("then_capture"); tc != "" {
		res["capture"] = s.capture(tc, a.str("capture_path"))
	}
	return res, nil, nil
}

// capture renders a view to a PNG whose pixels depend on the Scene View
// camera, so replays that move the camera change the image.
func (s *Sim) capture(v, savePath string) map[string]any {
	title, w, h, err := view(v)
	if err != nil {
		return map[string]any{"error": "window_not_found", "message": err.Error()}
	}
	w, h = w/4, h/4
	s.st.mu.Lock()
	cam := s.st.sceneCamera
	s.st.mu.Unlock()
	// Offsets from the camera's start position (0, 5, -12) in pixels.
	ox, oy := int(cam["x"].(float64)*20), int((cam["y"].(float64)-5)*20)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{60, 70, 90, 255}
			cx, cy := x-w/2+ox, y-h/2+oy // a "cube" at the origin, seen from the camera
			if cx > -20 && cx < 20 && cy > -20 && cy < 20 {
				c = color.RGBA{200, 160, 60, 255}
			}
			img.Set(x, y, c)
		}
	}
	res := map[string]any{"view": strings.ToLower(title), "width": w, "height": h}
	if savePath == "" {
		res["note"] = "pass capture_path to save the capture to a file"
		return res
	}
	p := savePath
	if !filepath.IsAbs(p) {
		full, terr := confine.Join(s.cfg.ProjectDir, p, "capture_path")
		if terr != nil {
			return map[string]any{"error": "invalid_params", "message": terr.Message}
		}
		p = full
	}
	os.MkdirAll(filepath.Dir(p), 0o755)
	f, err := os.Create(p)
	if err != nil {
		return map[string]any{"error": "invalid_params", "message": err.Error()}
	}
	png.Encode(f, img)
	f.Close()
	fi, _ := os.Stat(p)
	res["path"], res["bytes"], res["note"] = filepath.ToSlash(p), fi.Size(), "saved (editor simulator)"
	return res
}

// checkModifiers refuses a modifier the package does not know
// (EditorInputTools.Modifiers: alt/option, ctrl/control, shift,
// cmd/command/meta, any case).
func checkModifiers(a argReader) error {
	list, _ := a["modifiers"].([]any)
	for _, m := range list {
		s, _ := m.(string)
		switch strings.ToLower(s) {
		case "alt", "option", "ctrl", "control", "shift", "cmd", "command", "meta":
		default:
			return toolErr("invalid_params", "unknown modifier %q; use alt, ctrl, shift, cmd", fmt.Sprint(m))
		}
	}
	return nil
}
