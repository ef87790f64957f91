package editorsim

import (
	"fmt"
	"strings"
	"sync"
)

// gameObject is a node of the simulated scene.
type gameObject struct {
	ID         int
	Name       string
	Tag        string
	Layer      int
	Active     bool
	Components []*component
	Children   []*gameObject
	Parent     *gameObject
}

type component struct {
	Type     string // short name: Transform
	FullType string // assembly-qualified
	Props    map[string]any
}

func vec3(x, y, z float64) map[string]any { return map[string]any{"x": x, "y": y, "z": z} }

func comp(typ, module string, props map[string]any) *component {
	return &component{Type: typ, FullType: "UnityEngine." + typ + ", " + module, Props: props}
}

func transform(pos map[string]any) *component {
	return comp("Transform", "UnityEngine.CoreModule", map[string]any{
		"position": pos, "localPosition": pos, "rotation": map[string]any{"x": 0.0, "y": 0.0, "z": 0.0, "w": 1.0},
		"localScale": vec3(1, 1, 1)})
}

// editorState is everything the simulated editor remembers.
type editorState struct {
	projectDir string

	mu        sync.Mutex
	nextID    int
	roots     []*gameObject
	selection []*gameObject
	logs      []logEntry
	playing   bool
	paused    bool
	keysDown  map[string]bool
	dragging  bool
	dragX     float64
	dragY     float64
	// lastCompiled is the fingerprint of the scripts at the last
	// successful compile.
	lastCompiled string
	sceneCamera  map[string]any
	undoGroups   int
	recording    *recording
	// onLog forwards every entry logged to the daemon (tools_console.go).
	onLog func(logEntry)
	// compileFailed: the last compile had errors
	// (EditorUtility.scriptCompilationFailed).
	compileFailed bool
}

type logEntry struct {
	Type       string
	Message    string
	StackTrace string
}

func newEditorState(dir string) *editorState {
	st := &editorState{projectDir: dir, nextID: 1000, keysDown: map[string]bool{}, sceneCamera: vec3(0, 5, -12)}
	st.lastCompiled = scriptsFingerprint(dir)
	cam := st.add(nil, "Main Camera", "MainCamera", true, transform(vec3(0, 1, -10)),
		comp("Camera", "UnityEngine.CoreModule", map[string]any{"fieldOfView": 60.0, "orthographic": false, "nearClipPlane": 0.3, "farClipPlane": 1000.0}))
	_ = cam
	st.add(nil, "Directional Light", "Untagged", true, transform(vec3(0, 3, 0)),
		comp("Light", "UnityEngine.CoreModule", map[string]any{"intensity": 1.0, "type": "Directional", "color": map[string]any{"r": 1.0, "g": 0.96, "b": 0.84, "a": 1.0}}))
	canvas := st.add(nil, "Canvas", "Untagged", true,
		comp("RectTransform", "UnityEngine.CoreModule", map[string]any{"anchoredPosition": map[string]any{"x": 0.0, "y": 0.0}, "sizeDelta": map[string]any{"x": 1920.0, "y": 1080.0}}),
		comp("Canvas", "UnityEngine.UIModule", map[string]any{"renderMode": "ScreenSpaceOverlay"}))
	canvas.Layer = 5
	btn := st.add(canvas, "Button", "Untagged", true,
		comp("RectTransform", "UnityEngine.CoreModule", map[string]any{"anchoredPosition": map[string]any{"x": 0.0, "y": 0.0}, "sizeDelta": map[string]any{"x": 200.0, "y": 80.0}}),
		&component{Type: "Button", FullType: "UnityEngine.UI.Button, UnityEngine.UI", Props: map[string]any{"interactable": true}})
	btn.Layer = 5
	player := st.add(nil, "Player", "Player", true, transform(vec3(0, 0, 0)),
		comp("Rigidbody", "UnityEngine.PhysicsModule", map[string]any{"mass": 1.0, "useGravity": true, "isKinematic": false}))
	st.add(player, "Weapon", "Untagged", false, transform(vec3(0.5, 1, 0)))
	return st
}

func (st *editorState) add(parent *gameObject, name, tag string, active bool, comps ...*component) *gameObject {
	st.nextID += 2
	g := &gameObject{ID: st.nextID, Name: name, Tag: tag, Active: active, Components: comps, Parent: parent}
	if parent == nil {
		st.roots = append(st.roots, g)
	} else {
		parent.Children = append(parent.Children, g)
	}
	return g
}

// path is the hierarchy path without a leading slash ("Canvas/Button").
func (g *gameObject) path() string {
	if g.Parent == nil {
		return g.Name
	}
	return g.Parent.path() + "/" + g.Name
}

func (g *gameObject) activeInHierarchy() bool {
	for n := g; n != nil; n = n.Parent {
		if !n.Active {
			return false
		}
	}
	return true
}

func (g *gameObject) component(typ string) *component {
	for _, c := range g.Components {
		if strings.EqualFold(c.Type, typ) || strings.EqualFold(strings.Split(c.FullType, ",")[0], typ) {
			return c
		}
	}
	return nil
}

// walk visits every object depth first.
func (st *editorState) walk(fn func(*gameObject)) {
	var rec func([]*gameObject)
	rec = func(gs []*gameObject) {
		for _, g := range gs {
			fn(g)
			rec(g.Children)
		}
	}
	rec(st.roots)
}

// find resolves a hierarchy path ("/Canvas/Button" or "Canvas/Button").
func (st *editorState) find(path string) *gameObject {
	path = strings.Trim(path, "/")
	var found *gameObject
	st.walk(func(g *gameObject) {
		if found == nil && g.path() == path {
			found = g
		}
	})
	return found
}

func (st *editorState) log(typ, msg, stack string) {
	e := logEntry{Type: typ, Message: msg, StackTrace: stack}
	st.logs = append(st.logs, e)
	if st.onLog != nil {
		st.onLog(e)
	}
}

// addBulk adds n GameObjects under "Bulk", 100 per group.
func (st *editorState) addBulk(n int) {
	if n <= 0 {
		return
	}
	root := st.add(nil, "Bulk", "Untagged", true, transform(vec3(0, 0, 0)))
	var group *gameObject
	for i := 0; i < n; i++ {
		if i%100 == 0 {
			group = st.add(root, fmt.Sprintf("Group %d", i/100), "Untagged", true, transform(vec3(0, 0, 0)))
		}
		st.add(group, fmt.Sprintf("Item %d", i), "Untagged", i%7 != 0, transform(vec3(float64(i), 0, 0)))
	}
}
