package tools

import (
	"context"
	"slices"
	"strings"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
)

// tool_groups (catalog/toolgroups.go): what a session lists is the groups
// its URL named, changed by its own tool_groups calls (the listing itself
// is the engine's: Engine.ListGroups, Engine.SetListGroups).

func runToolGroups(ctx context.Context, c *engine.Call) (any, error) {
	e := c.Engine()
	enable, terr := groupArg(c.Args, "enable")
	if terr != nil {
		return nil, terr
	}
	disable, terr := groupArg(c.Args, "disable")
	if terr != nil {
		return nil, terr
	}
	urlGroups := engine.URLGroups(ctx)
	before := e.ListGroups(c.Session, urlGroups)
	after := changeGroups(before, enable, disable)
	changed := !slices.Equal(before, after)
	if changed {
		if !engine.Pinnable(c.Session) {
			return nil, api.Errorf(api.CodeInvalidParams, "tool_groups changes an MCP session's tool list, and this call has none (%s); connect with ?group=%s instead", c.Session, strings.Join(after, ","))
		}
		e.SetListGroups(c.Session, after)
	}
	return groupsAnswer(c.Snapshot().Tools(), after, changed), nil
}

// groupArg reads one of tool_groups' lists, each name checked.
func groupArg(args map[string]any, key string) ([]string, *api.ToolError) {
	raw, _ := args[key].([]any)
	names := make([]string, 0, len(raw))
	for _, v := range raw {
		s, _ := v.(string)
		names = append(names, s)
	}
	groups, terr := catalog.ParseGroups(strings.Join(names, ","))
	if terr != nil {
		terr.Message = "tool_groups " + key + ": " + terr.Message
	}
	return groups, terr
}

// changeGroups is the list after enabling and disabling. No group is the
// default set, so it is spelled out before anything is taken off; "all"
// is spelled out as its groups when one of them is taken off.
func changeGroups(cur, enable, disable []string) []string {
	out := slices.Clone(cur)
	if len(out) == 0 {
		out = []string{catalog.ListDefault}
	}
	for _, g := range enable {
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
		if g == catalog.ListAll {
			out = []string{catalog.ListAll}
		}
	}
	if len(disable) > 0 && slices.Contains(out, catalog.ListAll) && !slices.Contains(disable, catalog.ListAll) {
		out = append([]string{catalog.ListDefault}, api.Groups...)
	}
	out = slices.DeleteFunc(out, func(g string) bool { return slices.Contains(disable, g) })
	if slices.Equal(out, []string{catalog.ListDefault}) {
		return nil
	}
	if len(out) == 0 {
		return []string{}
	}
	return out
}

// groupsAnswer describes every group: its tools and whether the session
// lists them now.
func groupsAnswer(tools []*catalog.Tool, groups []string, changed bool) map[string]any {
	byGroup := map[string][]string{}
	listed := map[string]int{}
	for _, t := range tools {
		byGroup[t.Group] = append(byGroup[t.Group], t.Name)
		if catalog.Listed(t, groups) || t.Name == "tool_groups" {
			listed[t.Group]++
		}
	}
	var out []map[string]any
	for _, g := range api.Groups {
		if len(byGroup[g]) == 0 {
			continue
		}
		state := "listed"
		switch n := listed[g]; {
		case n == 0:
			state = "not listed"
		case n < len(byGroup[g]):
			state = "partly listed"
		}
		out = append(out, map[string]any{"group": g, "state": state, "tools": byGroup[g]})
	}
	name := groups
	if name == nil {
		name = []string{catalog.ListDefault}
	}
	return map[string]any{"listing": name, "changed": changed, "groups": out}
}
