package isuzu

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/unitymcp/unitymcp/engine/params"
)

// isuzu_params_anim.go: isuzu's shapes of the animation tools
// (AnimatorEditTools.cs, AnimatorInspectTools.cs, AnimatorAuditTools.cs).
// isuzu reaches a controller through a GameObject too (object_path); ours
// names it by path, its asset path or GUID, which is refused with how to
// find it.

// controllerByObject refuses isuzu's object_path on a tool that edits or reads a
// controller.
var controllerByObject = map[string]refusal{"object_path": {why: "the animator tools here name the controller by path (its asset path or GUID); inspect_read {object_path, component_type: \"Animator\", property_path: \"m_Controller\"} answers the one an object's Animator uses"}}

// controllerParams is isuzu's way to name a controller, with more of isuzu's
// parameters after it.
func controllerParams(more ...params.Param) []params.Param {
	return append([]params.Param{params.P("path", "string", ""), params.P("object_path", "string", "")}, more...)
}

func refusalsWith(base map[string]refusal, more map[string]refusal) map[string]refusal {
	out := map[string]refusal{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range more {
		out[k] = v
	}
	return out
}

const noNodePositions = "no tool here places nodes in the Animator window"

var animatorShapes = map[string]isuzuShape{
	"animator_inspect":      {params: controllerParams(params.P("layer", "string", "")), refuse: controllerByObject},
	"animator_audit":        {params: controllerParams(), refuse: controllerByObject},
	"animator_remove_layer": {params: controllerParams(params.P("layer", "string", "").Must()), refuse: controllerByObject},
	"animator_add_layer": {
		params: controllerParams(
			params.P("name", "string", "").Must(),
			params.P("weight", "number", "").Def(1.0),
			params.P("blending", "string", "").Def("Override"),
			params.P("mask", "string", ""),
			params.P("index", "integer", "")),
		refuse: refusalsWith(controllerByObject, map[string]refusal{"mask": {why: "no tool here sets an avatar mask; add the layer without one"}}),
	},
	// isuzu's machine names the sub-state machine; ours takes its path in
	// front of the name ("Machine/State").
	"animator_add_state": {
		params: controllerParams(
			params.P("layer", "string", "").Must(),
			params.P("name", "string", "").Must(),
			params.P("motion", "string", ""),
			params.P("write_defaults", "boolean", "").Def(true),
			params.P("position", params.TypeAny, ""),
			params.P("machine", "string", ""),
			params.P("make_default", "boolean", "").Def(false)),
		refuse: refusalsWith(controllerByObject, map[string]refusal{
			"write_defaults": {why: "animator_add_state gives a new state the Write Defaults most of its layer's states have; set it afterwards with animator_set_state {set: {write_defaults}}"},
			"position":       {why: noNodePositions},
		}),
		custom: []string{"name", "machine"},
		args: func(a map[string]any, gave func(string) bool, out map[string]any) error {
			name, _ := a["name"].(string)
			machine, _ := a["machine"].(string)
			machine = strings.Trim(strings.TrimSpace(machine), "/")
			if machine != "" && strings.Contains(name, "/") {
				return fmt.Errorf("name %q holds \"/\", which here puts a state in a sub-state machine; give the sub-state machine in machine and a name without \"/\"", name)
			}
			if machine != "" {
				name = machine + "/" + name
			}
			out["name"] = name
			return nil
		},
	},
	"animator_remove_state": {params: controllerParams(params.P("layer", "string", "").Must(), params.P("state", "string", "").Must()), refuse: controllerByObject},
	// isuzu's fields are flat; ours go in one set object.
	"animator_set_state": {
		params: controllerParams(
			params.P("layer", "string", "").Must(),
			params.P("state", "string", "").Must(),
			params.P("motion", "string", ""),
			params.P("speed", "number", ""),
			params.P("write_defaults", "boolean", ""),
			params.P("tag", "string", ""),
			params.P("position", params.TypeAny, ""),
			params.P("make_default", "boolean", "").Def(false)),
		refuse: refusalsWith(controllerByObject, map[string]refusal{"position": {why: noNodePositions}}),
		custom: []string{"motion", "speed", "write_defaults", "tag", "make_default"},
		makes:  []string{"set"},
		args: func(a map[string]any, gave func(string) bool, out map[string]any) error {
			set := map[string]any{}
			for _, k := range []string{"motion", "speed", "write_defaults", "tag"} {
				if gave(k) {
					set[k] = a[k]
				}
			}
			if a["make_default"] == true {
				set["make_default"] = true // false changes nothing, in either tool
			}
			if len(set) == 0 {
				return fmt.Errorf("nothing to change: give motion, speed, write_defaults, tag or make_default")
			}
			out["set"] = set
			return nil
		},
	},
	"animator_set_write_defaults": {params: controllerParams(params.P("write_defaults", "boolean", "").Def(true), params.P("layer", "string", "")), refuse: controllerByObject},
	// isuzu's exit time and blend are parameters; ours keeps Unity's
	// 0.25 s fixed blend and takes the exit time as a condition.
	"animator_add_transition": {
		params: controllerParams(
			params.P("layer", "string", "").Must(),
			params.P("from_state", "string", ""),
			params.P("to_state", "string", "").Must(),
			params.P("conditions", "array", ""),
			params.P("has_exit_time", "boolean", "").Def(false),
			params.P("exit_time", "number", "").Def(0.75),
			params.P("duration", "number", "").Def(0.25),
			params.P("has_fixed_duration", "boolean", "").Def(true)),
		refuse: refusalsWith(controllerByObject, map[string]refusal{
			"duration":           {why: "animator_add_transition keeps Unity's blend of 0.25 s", ok: []any{0.25}},
			"has_fixed_duration": {why: "animator_add_transition keeps Unity's blend of 0.25 s, in seconds", ok: []any{true}},
		}),
		custom: []string{"conditions", "has_exit_time", "exit_time"},
		makes:  []string{"conditions"},
		args:   transitionArgs,
	},
	"animator_remove_transition": {
		params: controllerParams(params.P("layer", "string", "").Must(), params.P("from_state", "string", ""), params.P("index", "integer", "").Def(0)),
		refuse: controllerByObject,
	},
	"animator_add_parameter": {
		params: controllerParams(params.P("name", "string", "").Must(), params.P("type", "string", "").Def("Float"), params.P("default_value", params.TypeAny, "")),
		refuse: controllerByObject,
	},
	"animator_remove_parameter": {params: controllerParams(params.P("name", "string", "").Must()), refuse: controllerByObject},
	"animation_clip_write_curves": {
		params: []params.Param{
			params.P("path", "string", "").Must(),
			params.P("curves", "array", "").Must(),
			params.P("frame_rate", "number", "").Def(60.0),
			params.P("replace", "boolean", "").Def(false),
		},
		refuse: map[string]refusal{"frame_rate": {why: "animation_clip_write_curves keeps the clip's frame rate, which animation_clip_create sets (frame_rate, default 60)"}},
	},
}

// transitionArgs: has_exit_time with exit_time becomes the condition
// "ExitTime <exit_time>" (isuzu's transition has an exit time only with
// has_exit_time; so does ours). A transition with neither a condition nor
// an exit time fires in isuzu as soon as its source is entered; ours waits
// for the end of the source's clip (and refuses one from Any State), so it
// is refused rather than made differently.
func transitionArgs(a map[string]any, gave func(string) bool, out map[string]any) error {
	conds, _ := a["conditions"].([]any)
	conds = append([]any{}, conds...)
	exit, _ := a["exit_time"].(float64)
	if a["has_exit_time"] != true {
		if gave("exit_time") && exit != 0.75 {
			return fmt.Errorf("exit_time %v without has_exit_time sets nothing isuzu's transition uses; add has_exit_time: true, or drop exit_time", exit)
		}
		if len(conds) == 0 {
			return fmt.Errorf("a transition with neither a condition nor an exit time fires in isuzu-shiranui/UnityMCP as soon as its source is entered, which animator_add_transition does not make (without conditions it waits for the end of the source's clip); give conditions, or has_exit_time: true")
		}
		out["conditions"] = conds
		return nil
	}
	for _, c := range conds {
		if s, ok := c.(string); ok && len(strings.Fields(s)) > 0 && strings.EqualFold(strings.Fields(s)[0], "ExitTime") {
			return fmt.Errorf("conditions hold %q and has_exit_time gives another exit time; give one", s)
		}
	}
	out["conditions"] = append(conds, "ExitTime "+strconv.FormatFloat(exit, 'g', -1, 64))
	return nil
}
