package engine

import (
	"github.com/unitymcp/unitymcp/engine/params"
	"slices"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// Tools returns the catalog for a project hash: the built-ins, the tools
// that project's editor declared, then its definitions (project folder,
// then shared). For "" (a session not pinned to a project) it returns the
// built-ins, the shared definitions and every known project's tools, the
// first of a name winning; such calls are routed to a project at call time.
func (e *Engine) Tools(hash string) []*Tool {
	l := newToolList(e.staticTools(hash))
	l.add(e.definitionTools(hash))
	if hash == "" {
		for _, ed := range e.Hub.Editors() {
			l.add(e.definitionTools(ed.ProjectHash))
		}
	}
	return l.tools
}

// toolList collects tools, the first of a name winning.
type toolList struct {
	tools []*Tool
	seen  map[string]bool
}

func newToolList(first []*Tool) *toolList {
	l := &toolList{seen: make(map[string]bool, len(first))}
	l.add(first)
	return l
}

func (l *toolList) add(ts []*Tool) {
	for _, t := range ts {
		if !l.seen[t.Name] {
			l.seen[t.Name] = true
			l.tools = append(l.tools, t)
		}
	}
}

// staticTools is the catalog without definitions.
func (e *Engine) staticTools(hash string) []*Tool {
	e.mu.RLock()
	defer e.mu.RUnlock()
	l := newToolList(e.builtins)
	if hash != "" {
		l.add(e.declared[hash])
		return l.tools
	}
	hashes := make([]string, 0, len(e.declared))
	for h := range e.declared {
		hashes = append(hashes, h)
	}
	sort.Strings(hashes)
	for _, h := range hashes {
		l.add(e.declared[h])
	}
	return l.tools
}

// lookupStatic finds a built-in or editor tool (what definitions may call
// besides each other). It is on every call's path, so it searches in place
// instead of building the catalog: built-ins first, then the project's
// editor tools (for "", every project's, in hash order, as staticTools).
func (e *Engine) lookupStatic(hash, name string) *Tool {
	if t := e.builtinByName[name]; t != nil {
		return t
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	if hash != "" {
		return findTool(e.declared[hash], name)
	}
	var found *Tool
	foundIn := ""
	for h, ts := range e.declared {
		if found != nil && h > foundIn {
			continue
		}
		if t := findTool(ts, name); t != nil {
			found, foundIn = t, h
		}
	}
	return found
}

func findTool(ts []*Tool, name string) *Tool {
	for _, t := range ts {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Lookup finds a tool by name in a project's catalog.
func (e *Engine) Lookup(hash, name string) *Tool {
	if t := e.lookupStatic(hash, name); t != nil {
		return t
	}
	return findTool(e.Tools(hash), name)
}

// FilterGroups keeps the tools in any of groups (all when groups is empty).
func FilterGroups(tools []*Tool, groups []string) []*Tool {
	if len(groups) == 0 {
		return tools
	}
	var out []*Tool
	for _, t := range tools {
		if slices.Contains(groups, t.Group) {
			out = append(out, t)
		}
	}
	return out
}

// ParseGroups splits "a,b" and checks every name.
func ParseGroups(s string) ([]string, *ToolError) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []string
	for _, g := range strings.Split(s, ",") {
		g = strings.TrimSpace(strings.ToLower(g))
		if g == "" {
			continue
		}
		if !slices.Contains(Groups, g) {
			return nil, Errorf(CodeInvalidParams, "unknown tool group %q; groups are: %s", g, strings.Join(Groups, ", "))
		}
		out = append(out, g)
	}
	return out, nil
}

// setDeclared replaces the tools a project's editor declared.
func (e *Engine) setDeclared(hash string, decl []bridge.DeclaredTool) {
	tools := make([]*Tool, 0, len(decl))
	for _, d := range decl {
		if d.Name == "" || e.builtinByName[d.Name] != nil {
			if d.Name != "" {
				e.log.Warn("editor declared a tool with a built-in name; the built-in wins", "tool", d.Name, "project", hash)
			}
			continue
		}
		ps, err := params.Parse(d.InputSchema)
		if err != nil {
			e.log.Warn("editor declared a tool with a bad schema; skipped", "tool", d.Name, "err", err)
			continue
		}
		schema := d.InputSchema
		if len(schema) == 0 {
			schema = params.Schema(nil)
		}
		group := d.Group
		if !slices.Contains(Groups, group) {
			group = ""
		}
		tools = append(tools, &Tool{Name: d.Name, Description: d.Description, Group: group,
			Schema: schema, Params: ps, Source: "editor",
			ReadOnly: d.Annotations.ReadOnlyHint, Destructive: d.Annotations.DestructiveHint, Idempotent: d.Annotations.IdempotentHint})
	}
	e.mu.Lock()
	e.declared[hash] = tools
	e.mu.Unlock()
}
