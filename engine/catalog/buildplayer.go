package catalog

import (
	"path"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// The build tools (issue 29; isuzu's names and parameters). build.go holds
// compile and run-tests. Switching the target reimports the project and
// reloads the scripts, and a player build blocks the Editor for minutes:
// both run as MCP tasks (the hub holds the call across the reload, and the
// client polls instead of timing out). Neither write can be undone, so the
// scene list write and the switch need confirm and offer dry_run. A build
// goes without confirm only into the project's own Builds/ folder (where
// nothing else lives: a player placed in .git/hooks or a startup folder
// would run on the user's next git pull or login) and only where nothing is
// yet (the editor checks that, and refuses what Unity would refuse).

// buildScenesWrite reports whether a build_settings call writes the scene list.
func buildScenesWrite(args map[string]any) bool {
	_, ok := args["scenes"]
	return ok
}

func buildSettingsTool() *Tool {
	return projectTool("build_settings",
		"The active target and the build's scenes (path, enabled, index; a Unity 6 Build Profile's when it overrides). scenes replaces them (confirm; dry_run).",
		api.Annotations{DestructiveHint: true, IdempotentHint: true}, buildScenesWrite,
		[]Param{
			P("scenes", "array", `New list, in order: paths, or {"path", "enabled"}.`),
			P("confirm", "boolean", "To write scenes.").Def(false),
			P("dry_run", "boolean", "Check and answer; change nothing.").Def(false),
		})
}

func buildSwitchTargetTool() *Tool {
	return asTask(projectTool("build_switch_target",
		"Switch the active build target; reimports assets and reloads scripts (minutes): confirm, and call as a task.",
		api.Annotations{DestructiveHint: true, IdempotentHint: true}, nil,
		[]Param{
			P("platform", "string", "BuildTarget, e.g. StandaloneWindows64, Android, iOS, WebGL.").Must(),
			P("confirm", "boolean", "Required to switch.").Def(false),
			P("dry_run", "boolean", "Say whether it would switch.").Def(false),
		}))
}

// buildOutsideBuilds reports whether a build_player call's output is
// anywhere but a fresh place under the project's Builds/ folder as far as
// the arguments tell: a relative path, cleaned, under Builds/, with no
// segment starting with a dot. Those calls need confirm; the editor also
// asks for it when the output exists.
func buildOutsideBuilds(args map[string]any) bool {
	p, _ := args["output_path"].(string)
	p = strings.ReplaceAll(strings.TrimSpace(p), `\`, "/")
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, ":") {
		return true
	}
	for _, seg := range strings.Split(p, "/") {
		if strings.HasPrefix(seg, ".") {
			return true
		}
	}
	c := path.Clean(p)
	return !strings.HasPrefix(c, "Builds/")
}

func buildPlayerTool() *Tool {
	return asTask(projectTool("build_player",
		"Build the active target's player: result, errors, size, time.",
		api.Annotations{DestructiveHint: true}, buildOutsideBuilds,
		[]Param{
			P("output_path", "string", `"Builds/Game.exe"`).Must(),
			P("scenes", "array", "Default: enabled.").Of("string"),
			P("development", "boolean", "Debuggable."),
			P("confirm", "boolean", "Outside Builds/ or over a build."),
			P("dry_run", "boolean", "What it would do."),
		}))
}
