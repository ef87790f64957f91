package editorsim

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/reflectpath"
)

// staticTypes are the types whose static members the simulator can read.
func (s *Sim) staticTypes() map[string]map[string]any {
	st := s.st
	return map[string]map[string]any{
		"UnityEngine.Time":              {"time": 12.5, "deltaTime": 0.016, "frameCount": 750.0},
		"UnityEditor.EditorApplication": {"isPlaying": st.playing, "isPaused": st.paused, "isCompiling": false, "timeSinceStartup": 300.0},
		"UnityEngine.Application":       {"dataPath": s.dataPath, "productName": "editorsim", "unityVersion": "editorsim", "isPlaying": st.playing},
	}
}

// readPath resolves one reflection path over the simulated scene. It
// returns the value (already in reflect_read's JSON shape) and its type.
func (s *Sim) readPath(path string) (any, string, error) {
	p, err := reflectpath.Parse(path)
	if err != nil {
		return nil, "", err
	}
	st := s.st
	var cur any
	segs := p.Segments
	switch p.Root {
	case reflectpath.RootScene:
		g, rest := st.walkScene(segs)
		if g == nil {
			return nil, "", fmt.Errorf("not_found: no GameObject at @scene:/%s", segs[0].Name)
		}
		cur, segs = g, rest
	case reflectpath.RootSelection:
		if len(st.selection) == 0 {
			return nil, "", fmt.Errorf("not_found: nothing is selected")
		}
		cur = st.selection[0]
	case reflectpath.RootID:
		var found *gameObject
		st.walk(func(g *gameObject) {
			if fmt.Sprint(g.ID) == p.Arg {
				found = g
			}
		})
		if found == nil {
			return nil, "", fmt.Errorf("not_found: no object has instance id %s", p.Arg)
		}
		cur = found
	case reflectpath.RootSceneView:
		cur = &component{Type: "Camera", FullType: "UnityEngine.Camera, UnityEngine.CoreModule", Props: map[string]any{
			"transform":   map[string]any{"position": st.sceneCamera, "rotation": map[string]any{"x": 0.2, "y": 0.0, "z": 0.0, "w": 0.98}},
			"fieldOfView": 60.0, "orthographic": false}}
	case reflectpath.RootType:
		types := s.staticTypes()
		name := p.Arg
		if _, ok := types[name]; !ok {
			for full := range types {
				if strings.HasSuffix(full, "."+name) {
					name = full
				}
			}
		}
		members, ok := types[name]
		if !ok {
			return nil, "", fmt.Errorf("not_found: no type named %s (the simulator knows Time, EditorApplication, Application)", p.Arg)
		}
		cur = members
	}
	for i, seg := range segs {
		next, err := member(cur, seg.Name)
		if err != nil {
			return nil, "", fmt.Errorf("not_found: %s at segment %d", err, i+1)
		}
		for _, ix := range seg.Indexes {
			list, ok := next.([]any)
			if !ok || ix.IsKey || ix.Int >= len(list) {
				return nil, "", fmt.Errorf("not_found: cannot index %s", seg.Name)
			}
			next = list[ix.Int]
		}
		cur = next
	}
	v, t := shape(cur)
	return v, t, nil
}

// walkScene consumes the segments that name GameObjects.
func (st *editorState) walkScene(segs []reflectpath.Segment) (*gameObject, []reflectpath.Segment) {
	var cur *gameObject
	level := st.roots
	i := 0
	for ; i < len(segs); i++ {
		want := 0
		if len(segs[i].Indexes) == 1 && !segs[i].Indexes[0].IsKey {
			want = segs[i].Indexes[0].Int
		}
		var hit *gameObject
		n := 0
		for _, g := range level {
			if g.Name == segs[i].Name {
				if n == want {
					hit = g
				}
				n++
			}
		}
		if hit == nil {
			break
		}
		cur, level = hit, hit.Children
	}
	return cur, segs[i:]
}

func member(cur any, name string) (any, error) {
	switch x := cur.(type) {
	case *gameObject:
		switch name {
		case "name":
			return x.Name, nil
		case "tag":
			return x.Tag, nil
		case "layer":
			return x.Layer, nil
		case "activeSelf":
			return x.Active, nil
		case "activeInHierarchy":
			return x.activeInHierarchy(), nil
		case "transform":
			if c := x.component("Transform"); c != nil {
				return c, nil
			}
			if c := x.component("RectTransform"); c != nil {
				return c, nil
			}
		}
		if c := x.component(name); c != nil {
			return c, nil
		}
		return nil, fmt.Errorf("GameObject %s has no member or component %s", x.Name, name)
	case *component:
		if v, ok := x.Props[name]; ok {
			return v, nil
		}
		return nil, fmt.Errorf("%s has no member %s", x.Type, name)
	case map[string]any:
		if v, ok := x[name]; ok {
			return v, nil
		}
		return nil, fmt.Errorf("no member %s", name)
	}
	return nil, fmt.Errorf("cannot read %s of a %T", name, cur)
}

// shape renders a value as reflect_read does, with its type name.
func shape(v any) (any, string) {
	switch x := v.(type) {
	case *gameObject:
		return map[string]any{"name": x.Name, "type": "GameObject", "instanceId": x.ID}, "UnityEngine.GameObject"
	case *component:
		full := strings.Split(x.FullType, ",")[0]
		return map[string]any{"name": x.Type, "type": x.Type}, full
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		switch strings.Join(keys, ",") {
		case "x,y,z":
			return x, "UnityEngine.Vector3"
		case "x,y":
			return x, "UnityEngine.Vector2"
		case "w,x,y,z":
			return x, "UnityEngine.Quaternion"
		case "a,b,g,r":
			return x, "UnityEngine.Color"
		}
		return x, "System.Object"
	case float64:
		return x, "System.Single"
	case int:
		return x, "System.Int32"
	case bool:
		return x, "System.Boolean"
	case string:
		return x, "System.String"
	case nil:
		return nil, ""
	}
	return v, fmt.Sprintf("%T", v)
}

func simReflectRead(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	one := func(path string) map[string]any {
		v, t, err := s.readPath(path)
		if err != nil {
			return map[string]any{"path": path, "error": strings.TrimPrefix(err.Error(), "not_found: ")}
		}
		if a.boolean("members") {
			var names []string
			switch x := v.(type) {
			case map[string]any:
				for k := range x {
					names = append(names, k)
				}
			}
			sort.Strings(names)
			return map[string]any{"path": path, "type": t, "members": names}
		}
		return map[string]any{"path": path, "type": t, "value": v}
	}
	if list, ok := a["paths"].([]any); ok {
		reads := map[string]any{}
		for _, p := range list {
			ps, _ := p.(string)
			reads[ps] = one(ps)
		}
		return map[string]any{"reads": reads}, nil, nil
	}
	r := one(a.str("path"))
	if e, ok := r["error"]; ok {
		return nil, nil, toolErr("not_found", "%v", e)
	}
	return r, nil, nil
}
