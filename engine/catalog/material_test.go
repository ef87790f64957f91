package catalog

import (
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/params"
)

// The materials and rendering tools fit the per-tool listing budget, and
// their cross-argument rules refuse what the editor could not act on.
func TestMaterialTools(t *testing.T) {
	t.Parallel()
	byName := map[string]*Tool{}
	for _, tl := range Builtins() {
		byName[tl.Name] = tl
	}
	names := []string{"material_read", "material_create", "material_set", "shader_errors", "shader_info",
		"render_pipeline_info", "render_camera_info", "scene_settings", "render_stats"}
	for _, name := range names {
		tl := byName[name]
		if tl == nil {
			t.Fatalf("%s is not a built-in", name)
		}
		if n := listingBytes(tl); n > 700 {
			t.Errorf("%s: its tools/list entry is %d bytes, over the 700 a tool may cost", name, n)
		}
	}
	for _, tc := range []struct {
		tool, args, refused string // refused: "" when the call is valid
	}{
		{"material_read", `{"path":"Assets/M.mat"}`, ""},
		{"material_read", `{"paths":["Assets/M.mat","/Rock"]}`, ""},
		{"material_read", `{}`, "give path or paths"},
		{"material_read", `{"path":"a","paths":["b"]}`, "not both"},
		{"material_set", `{"path":"Assets/M.mat","properties":{"_Color":[1,0,0,1]}}`, ""},
		{"material_set", `{"path":"Assets/M.mat","render_queue":-1}`, ""},
		{"material_set", `{"path":"Assets/M.mat"}`, "nothing to set"},
		{"shader_info", `{"name":"Standard"}`, ""},
		{"shader_info", `{}`, "give path or name"},
		{"shader_info", `{"path":"Assets/S.shader","name":"Standard"}`, "not both"},
	} {
		tl := byName[tc.tool]
		args, err := params.Decode([]byte(tc.args))
		if err == nil {
			_, err = params.Check(tl.Name, tl.Params, args)
		}
		if err != nil {
			t.Errorf("%s %s: %v", tc.tool, tc.args, err)
			continue
		}
		terr := tl.Check(args)
		switch {
		case tc.refused == "" && terr != nil:
			t.Errorf("%s %s refused: %s", tc.tool, tc.args, terr.Message)
		case tc.refused != "" && (terr == nil || !strings.Contains(terr.Message, tc.refused)):
			t.Errorf("%s %s: got %v, want a refusal saying %q", tc.tool, tc.args, terr, tc.refused)
		}
	}
}
