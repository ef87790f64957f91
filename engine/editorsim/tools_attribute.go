package editorsim

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
)

// declaredTools are the simulator's "attribute tools", declared in hello the
// way the Unity package declares [McpTool] methods.
func declaredTools() []api.DeclaredTool {
	set := api.DeclaredTool{Name: "sim_set", Group: "authoring",
		Description: "Editor simulator only: set a member at a reflection path, e.g. @scene:/Player/Transform/position to {\"x\":1,\"y\":2,\"z\":3}.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Reflection path: @scene:/<GameObject path>/<Component>/<member>[/<member>…]"},"value":{"description":"The new value (any JSON)"}},"required":["path","value"]}`)}
	set.Annotations.IdempotentHint = true
	sel := api.DeclaredTool{Name: "sim_select", Group: "authoring",
		Description: "Editor simulator only: select the GameObject at a hierarchy path (empty path clears the selection).",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Hierarchy path, e.g. /Player or @scene:/Canvas/Button"}},"required":["path"]}`)}
	sel.Annotations.IdempotentHint = true
	return []api.DeclaredTool{set, sel}
}

// resolveMember finds the GameObject, component and member segments of a
// reflection path of the form @scene:/A/B/Component/member/….
func (st *editorState) resolveMember(path string) (*gameObject, *component, []string, string) {
	p := strings.TrimPrefix(path, "@scene:")
	segs := strings.Split(strings.Trim(p, "/"), "/")
	for i := len(segs); i > 0; i-- {
		g := st.find(strings.Join(segs[:i], "/"))
		if g == nil {
			continue
		}
		if i == len(segs) {
			return g, nil, nil, ""
		}
		c := g.component(segs[i])
		if c == nil {
			return nil, nil, nil, "GameObject " + g.path() + " has no component " + segs[i]
		}
		return g, c, segs[i+1:], ""
	}
	return nil, nil, nil, "no GameObject matches " + path
}

func simSet(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	_, c, members, msg := st.resolveMember(a.str("path"))
	if msg != "" {
		return nil, nil, toolErr("invalid_params", "%s", msg)
	}
	if c == nil || len(members) == 0 {
		return nil, nil, toolErr("invalid_params", "path must name a component member, e.g. @scene:/Player/Transform/position")
	}
	m := c.Props
	for _, seg := range members[:len(members)-1] {
		next, ok := m[seg].(map[string]any)
		if !ok {
			return nil, nil, toolErr("invalid_params", "%s has no member %s", c.Type, seg)
		}
		m = next
	}
	last := members[len(members)-1]
	if _, ok := m[last]; !ok {
		return nil, nil, toolErr("invalid_params", "%s has no member %s", c.Type, last)
	}
	m[last] = a["value"]
	return map[string]any{"Success": true, "path": a.str("path"), "value": a["value"]}, nil, nil
}

func simSelect(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	p := strings.TrimPrefix(args(call).str("path"), "@scene:")
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	if strings.Trim(p, "/") == "" {
		st.selection = nil
		return map[string]any{"Success": true, "selection": []string{}}, nil, nil
	}
	g := st.find(p)
	if g == nil {
		return nil, nil, toolErr("invalid_params", "no GameObject at %q", p)
	}
	st.selection = []*gameObject{g}
	return map[string]any{"Success": true, "selection": []string{g.path()}}, nil, nil
}
