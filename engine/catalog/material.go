package catalog

import (
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/definitions"
)

// The materials and rendering tools (issue 29; isuzu's names and
// parameters where isuzu has the tool). Each pays for its listing in every
// agent's context, so one `path` names what the tool acts on in the
// grammar the answers give back: a material asset ("Assets/…"), its GUID,
// a scene object by hierarchy path ("/Env/Rock", as
// scene_browse_hierarchy prints it) or an instance id — an answer's
// "path" field (asset bundles and object bundles alike) goes into the next
// call as it is. material_set takes `properties` and `keywords` objects
// where isuzu takes one property/value or keyword/enabled pair a call:
// several values in one call and one undo step, and a listing within the
// budget (a value of any JSON type alone costs about 150 bytes of schema).
// material_set and scene_settings's writes are one undo step each, so they
// run in a batch; material_create makes an asset file, which Undo does not
// take back.

// renderTool is a materials or rendering tool in the group its name puts
// it in (definitions.GroupOf: material_, shader_ and render_ are
// rendering, scene_ authoring).
func renderTool(name, description string, hints api.Annotations, ps []Param, checks ...func(string, map[string]any) *api.ToolError) *Tool {
	return withChecks(newTool(name, definitions.GroupOf(name), description, hints, ps...), checks)
}

func materialReadTool() *Tool {
	return renderTool("material_read",
		"Read materials: shader, render queue, keywords, property values (as material_set takes them). A GameObject answers its renderer's slots.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		[]Param{
			P("path", "string", `"Assets/M.mat", a GUID, or a GameObject ("/Env/Rock") or id.`),
			P("paths", "array", "Several, as path.").Of("string").Range(1, 20),
			P("property", "string", "Only properties whose name contains this."),
		},
		oneOf("path", "paths", true, ""))
}

func materialCreateTool() *Tool {
	return renderTool("material_create",
		"Create a material asset. Default shader: the active render pipeline's (Standard, URP or HDRP Lit). Not undoable.",
		api.Annotations{},
		[]Param{
			P("path", "string", `e.g. "Assets/Materials/Wood.mat".`).Must(),
			P("shader", "string", `Shader name, e.g. "Unlit/Color".`),
		})
}

func materialSetTool() *Tool {
	t := renderTool("material_set",
		"Set material properties, keywords, render queue, shader. One undo step.",
		api.Annotations{IdempotentHint: true},
		[]Param{
			P("path", "string", `.mat path, GUID or id.`).Must(),
			P("properties", "object", `{"_Color": [1,0,0,1], "_MainTex": "Assets/T.png"}`),
			P("keywords", "object", `{"_EMISSION": true}`),
			P("render_queue", "integer", "-1: shader's."),
			P("shader", "string", "Name."),
		},
		checkMaterialSet)
	t.Batch = true
	return t
}

// checkMaterialSet requires something to change.
func checkMaterialSet(tool string, args map[string]any) *api.ToolError {
	for _, k := range []string{"properties", "keywords", "render_queue", "shader"} {
		if _, ok := args[k]; ok {
			return nil
		}
	}
	return api.Errorf(api.CodeInvalidParams, "%s: nothing to set; give properties ({name: value}), keywords ({name: true/false}), render_queue or shader", tool)
}

func shaderErrorsTool() *Tool {
	return renderTool("shader_errors",
		"Shader compile errors (warnings on request) of one shader, or of every shader under Assets/.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		[]Param{
			P("path", "string", `Shader asset, e.g. "Assets/Shaders/Toon.shader"; omit for all.`),
			P("include_warnings", "boolean", "Warnings too.").Def(false),
			P("limit", "integer", "Most messages.").Def(50).Range(1, 500),
		})
}

func shaderInfoTool() *Tool {
	return renderTool("shader_info",
		"Describe a shader: properties (type, range, default), keywords, passes, render queue, errors.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		[]Param{
			P("path", "string", "Shader asset path. Or name."),
			P("name", "string", `e.g. "Universal Render Pipeline/Lit". Or path.`),
		},
		oneOf("path", "name", true, ""))
}

func renderPipelineInfoTool() *Tool {
	return renderTool("render_pipeline_info",
		"The render pipeline in force (Built-in, URP, HDRP), its assets, default shader, quality level, colour space, graphics API.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true}, nil)
}

func renderCameraInfoTool() *Tool {
	return renderTool("render_camera_info",
		"The cameras in the loaded scenes: projection, clipping, clear flags, target, viewport.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		[]Param{
			P("name", "string", "Only cameras of this name."),
			P("include_matrices", "boolean", "View and projection matrices, row-major.").Def(false),
		})
}

func sceneSettingsTool() *Tool {
	t := renderTool("scene_settings",
		"Read the active scene's RenderSettings (skybox, ambient, fog, sun, reflection); set changes the keys given, as one undo step.",
		api.Annotations{IdempotentHint: true},
		[]Param{
			P("set", "object", `Keys and values as the answer shows them, e.g. {"fog": true, "fog_color": [0.5,0.5,0.5,1]}.`),
		})
	t.Batch = true
	return t
}

func renderStatsTool() *Tool {
	return renderTool("render_stats",
		"Counts in the loaded scenes: renderers (all; drawn = enabled on an active object), distinct materials and empty slots of drawn renderers, lights, cameras, triangles and vertices of the meshes drawn renderers use (MeshFilter or skinned); the heaviest.",
		api.Annotations{ReadOnlyHint: true, IdempotentHint: true},
		[]Param{P("top", "integer", "How many heaviest renderers to name.").Def(5).Range(0, 50)})
}
