package editorsim

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

func itoa(n int) string { return strconv.Itoa(n) }

func simFindGameObjects(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	pattern, mode, tag := a.str("NamePattern"), a.str("SearchMode"), a.str("Tag")
	inactive, withProps := a.boolean("IncludeInactive"), a.boolean("IncludeInheritedProperties")
	maxResults := int(a.num("MaxResults"))
	var required []string
	if rc, ok := a["RequiredComponents"].([]any); ok {
		for _, c := range rc {
			if cs, ok := c.(string); ok {
				required = append(required, cs)
			}
		}
	}
	var re *regexp.Regexp
	if mode == "Regex" {
		var err error
		if re, err = regexp.Compile(pattern); err != nil {
			return nil, nil, toolErr("invalid_params", "NamePattern is not a valid regular expression: %v", err)
		}
	}
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	selected := map[*gameObject]bool{}
	for _, g := range st.selection {
		selected[g] = true
	}
	var found []*gameObject
	st.walk(func(g *gameObject) {
		if !inactive && !g.activeInHierarchy() {
			return
		}
		switch mode {
		case "Exact":
			if pattern != "" && g.Name != pattern {
				return
			}
		case "Path":
			if strings.Trim(pattern, "/") != g.path() {
				return
			}
		case "Regex":
			if !re.MatchString(g.Name) {
				return
			}
		case "Contains":
			if !strings.Contains(strings.ToLower(g.Name), strings.ToLower(pattern)) {
				return
			}
		case "Selected":
			if !selected[g] {
				return
			}
		}
		if tag != "" && g.Tag != tag {
			return
		}
		if a.has("Layer") && float64(g.Layer) != a.num("Layer") {
			return
		}
		for _, rc := range required {
			if g.component(rc) == nil {
				return
			}
		}
		found = append(found, g)
	})
	total := len(found)
	if maxResults >= 0 && len(found) > maxResults {
		found = found[:maxResults]
	}
	results := make([]map[string]any, 0, len(found))
	for _, g := range found {
		comps := make([]map[string]any, 0, len(g.Components))
		for _, c := range g.Components {
			cm := map[string]any{"type": c.Type, "fullTypeName": c.FullType}
			if withProps {
				props := make([]map[string]any, 0, len(c.Props))
				keys := sortedKeys(c.Props)
				for _, k := range keys {
					props = append(props, map[string]any{"name": k, "value": c.Props[k]})
				}
				cm["properties"] = props
			}
			comps = append(comps, cm)
		}
		results = append(results, map[string]any{"name": g.Name, "path": g.path(), "isActive": g.Active,
			"tag": g.Tag, "layer": g.Layer, "components": comps})
	}
	msg := fmt.Sprintf("Found %d GameObject(s) (editor simulator)", total)
	filePath := ""
	// As the Unity package does: results over findResultsInlineLimit JSON characters go to
	// a file and resultsFilePath names it.
	if b, _ := json.Marshal(results); len(b) > findResultsInlineLimit {
		p, err := s.writeOutput("FindGameObjectsResults", "find", map[string]any{"results": results, "totalFound": total})
		if err != nil {
			return nil, nil, err
		}
		filePath, msg = p, msg+fmt.Sprintf("; %d characters of results saved to resultsFilePath (read 'results' there)", len(b))
		results = []map[string]any{}
	}
	return map[string]any{"results": results, "totalFound": total, "errorMessage": "", "resultsFilePath": filePath,
		"message": msg, "processingErrors": []any{}}, nil, nil
}

// findResultsInlineLimit mirrors SceneTools.FindResultsInlineLimit of the Unity package.
const findResultsInlineLimit = 50000

// writeOutput saves doc as {project}/.uloop/outputs/{sub}/{prefix}_<time>.json.
func (s *Sim) writeOutput(sub, prefix string, doc any) (string, error) {
	dir := filepath.Join(s.cfg.ProjectDir, ".uloop", "outputs", sub)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", toolErr("editor_error", "creating %s: %v", dir, err)
	}
	now := time.Now()
	p := filepath.Join(dir, prefix+"_"+now.Format("2006-01-02_15-04-05")+"_"+itoa(now.Nanosecond()/1e6)+".json")
	b, _ := json.MarshalIndent(doc, "", "  ")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		return "", toolErr("editor_error", "writing %s: %v", p, err)
	}
	return p, nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func simGetHierarchy(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	inactive, withComps, withPaths := a.boolean("IncludeInactive"), a.boolean("IncludeComponents"), a.boolean("IncludePaths")
	maxDepth := int(a.num("MaxDepth"))
	st := s.st
	st.mu.Lock()
	roots := st.roots
	switch {
	case a.boolean("UseSelection"):
		roots = st.selection
		if len(roots) == 0 {
			st.mu.Unlock()
			return nil, nil, toolErr("invalid_params", "UseSelection is true but nothing is selected; select GameObjects first or pass RootPath")
		}
	case a.str("RootPath") != "":
		g := st.find(a.str("RootPath"))
		if g == nil {
			st.mu.Unlock()
			return nil, nil, toolErr("invalid_params", "no GameObject at RootPath %q", a.str("RootPath"))
		}
		roots = []*gameObject{g}
	}
	lut := []string{}
	lutIndex := map[string]int{}
	nodes, deepest := 0, 0
	useLut := a.str("UseComponentsLut") == "true"
	var build func(gs []*gameObject, depth int) []map[string]any
	build = func(gs []*gameObject, depth int) []map[string]any {
		out := []map[string]any{}
		for _, g := range gs {
			if !inactive && !g.Active {
				continue
			}
			nodes++
			deepest = max(deepest, depth)
			n := map[string]any{"name": g.Name, "instanceId": g.ID, "isActive": g.Active, "tag": g.Tag, "layer": g.Layer}
			if withPaths {
				n["path"] = g.path()
			}
			if withComps {
				if useLut {
					idx := []int{}
					for _, c := range g.Components {
						i, ok := lutIndex[c.Type]
						if !ok {
							i = len(lut)
							lutIndex[c.Type] = i
							lut = append(lut, c.Type)
						}
						idx = append(idx, i)
					}
					n["components"] = idx
				} else {
					names := []string{}
					for _, c := range g.Components {
						names = append(names, c.Type)
					}
					n["components"] = names
				}
			}
			if maxDepth < 0 || depth < maxDepth {
				n["children"] = build(g.Children, depth+1)
			} else {
				n["children"] = []any{}
			}
			out = append(out, n)
		}
		return out
	}
	tree := build(roots, 0)
	st.mu.Unlock()
	doc := map[string]any{"hierarchy": tree,
		"context": map[string]any{"sceneName": "SampleScene", "nodeCount": nodes, "maxDepth": deepest}}
	if useLut {
		doc["componentsLut"] = lut
	}
	p, err := s.writeOutput("HierarchyResults", "hierarchy", doc)
	if err != nil {
		return nil, nil, err
	}
	return hierarchyAnswer(doc, filepath.ToSlash(p), tree, nodes, useLut), nil, nil
}

// inlineHierarchyBytes is the package's InlineHierarchyChars: a hierarchy
// whose JSON is at most this long is in the answer too.
const inlineHierarchyBytes = 32 * 1024

// hierarchyAnswer is the package's SceneTools.HierarchyAnswer: uLoop's
// message and hierarchyFilePath, the file's context, and the hierarchy
// itself when small, else its root objects and the size of each.
func hierarchyAnswer(doc map[string]any, path string, tree []map[string]any, nodes int, useLut bool) map[string]any {
	b, _ := json.MarshalIndent(doc, "", "  ")
	ctx := doc["context"].(map[string]any)
	res := map[string]any{"hierarchyFilePath": path, "context": ctx}
	var what string
	if len(b) <= inlineHierarchyBytes {
		res["hierarchy"] = tree
		if useLut {
			res["componentsLut"] = doc["componentsLut"]
		}
		what = "it is in 'hierarchy' below and in the JSON file at hierarchyFilePath"
	} else {
		roots := []map[string]any{}
		for _, r := range tree {
			if len(roots) == 50 {
				break
			}
			roots = append(roots, map[string]any{"name": r["name"], "nodeCount": countNodes(r)})
		}
		res["roots"] = roots
		lut := ""
		if useLut {
			lut = ", 'componentsLut' the component names that 'components' index"
		}
		what = fmt.Sprintf("it is too large to inline (%d KB): read the JSON file at hierarchyFilePath ('hierarchy' holds the nested GameObjects%s); 'roots' lists the root objects and their sizes", len(b)/1024, lut)
	}
	res["message"] = fmt.Sprintf("Hierarchy of %d GameObject(s) of %s: %s (editor simulator)", nodes, ctx["sceneName"], what)
	return res
}

func countNodes(n map[string]any) int {
	c := 1
	kids, _ := n["children"].([]map[string]any)
	for _, k := range kids {
		c += countNodes(k)
	}
	return c
}
