// Package catalog holds the tool catalog: the built-in tools (one file per
// group: their names, schemas and hints as data, snapshot-tested), the
// conversion of editor-declared tools and definition files into catalog
// tools, and the immutable Snapshot the engine serves calls from. It runs
// nothing: the engine owns the handlers of the Native tools and the editor
// runs the rest.
package catalog

import (
	"fmt"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/params"
	"github.com/unitymcp/unitymcp/engine/suggest"
)

// Builtins returns the built-in tools in catalog order: the uLoopMCP surface
// of seed 002, then the tools definition files build on. This is the one
// list of them; each call returns new values.
func Builtins() []*Tool {
	tools := []*Tool{
		compileTool(),
		getLogsTool(),
		runTestsTool(),
		clearConsoleTool(),
		findGameObjectsTool(),
		getHierarchyTool(),
		executeDynamicCodeTool(),
		focusWindowTool(),
		screenshotTool(),
		controlPlayModeTool(),
		simulateMouseUITool(),
		simulateMouseInputTool(),
		simulateKeyboardTool(),
		// The tools definitions build on (isuzu-shiranui/UnityMCP's names).
		reflectReadTool(),
		executeCodeTool(),
		inputPointerTool(),
		inputKeyTool(),
		inputRecordTool(),
		inputReplayTool(),
		renderCompareTool(),
		definitionsListTool(),
		// Choosing an editor when several are connected.
		listEditorsTool(),
		selectEditorTool(),
		openEditorTool(),
		// The editor's menus.
		getMenuItemsTool(),
		executeMenuItemTool(),
		// Authoring (issue 28; isuzu's names). Listed to every client like
		// every built-in: they are what users open a Unity MCP for, so they
		// belong in the list an agent sees first, not behind a group it must
		// ask for (?group= narrows any listing). Their descriptions are kept
		// short for that reason: each is paid by every agent on every
		// tools/list.
		sceneBrowseHierarchyTool(),
		sceneListTool(),
		sceneOpenTool(),
		sceneCreateTool(),
		sceneSaveTool(),
		prefabCreateTool(),
		prefabInstantiateTool(),
		prefabApplyTool(),
		prefabOverridesTool(),
		prefabRevertTool(),
		prefabCreateVariantTool(),
		prefabUnpackTool(),
		prefabEditTool(),
		assetFindTool(),
		assetInfoTool(),
		assetCreateFolderTool(),
		assetMoveTool(),
		assetDeleteTool(),
		assetReimportTool(),
		playModeStatusTool(),
		playModeStepTool(),
		gameobjectCreateTool(),
		gameobjectDeleteTool(),
		gameobjectDuplicateTool(),
		gameobjectReparentTool(),
		gameobjectSetTransformTool(),
		gameobjectSetActiveTool(),
		gameobjectAddComponentTool(),
		gameobjectRemoveComponentTool(),
		inspectListTool(),
		inspectReadTool(),
		inspectWriteTool(),
		undoTool(),
		redoTool(),
		batchTool(),
		toolGroupsTool(),
		// Materials and rendering (issue 29).
		materialReadTool(),
		materialCreateTool(),
		materialSetTool(),
		shaderErrorsTool(),
		shaderInfoTool(),
		renderPipelineInfoTool(),
		renderCameraInfoTool(),
		sceneSettingsTool(),
		renderStatsTool(),
		// Animation (issue 29).
		animatorCreateTool(),
		animatorInspectTool(),
		animatorAuditTool(),
		animatorAddLayerTool(),
		animatorRemoveLayerTool(),
		animatorAddStateTool(),
		animatorRemoveStateTool(),
		animatorSetStateTool(),
		animatorSetWriteDefaultsTool(),
		animatorAddTransitionTool(),
		animatorRemoveTransitionTool(),
		animatorAddParameterTool(),
		animatorRemoveParameterTool(),
		animatorSetParameterTool(),
		animationClipCreateTool(),
		animationClipWriteCurvesTool(),
		// Project, search and build (issue 29).
		searchQueryTool(),
		reflectFindTypeTool(),
		projectPackagesTool(),
		projectAssembliesTool(),
		projectSettingsTool(),
		buildSettingsTool(),
		buildSwitchTargetTool(),
		buildPlayerTool(),
		assetExportPackageTool(),
		assetBrokenReferencesTool(),
		// Diagnostics (issue 29).
		consoleGetCountTool(),
		compileStatusTool(),
		editorLogTailTool(),
		editorStateTool(),
		editorDialogListTool(),
		editorDialogPressTool(),
	}
	for _, t := range tools {
		t.Source = api.SourceBuiltin
		t.Schema = params.Schema(t.Params)
		t.AlwaysLoad = alwaysLoadNames[t.Name]
	}
	return tools
}

// ParseGroups splits "a,b" and checks every name: a group of api.Groups,
// "default" or "all" (listing.go).
func ParseGroups(s string) ([]string, *api.ToolError) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []string
	for _, g := range strings.Split(s, ",") {
		g = strings.TrimSpace(strings.ToLower(g))
		if g == "" {
			continue
		}
		if !knownGroup(g) {
			hint := ""
			if s := suggest.Closest(g, groupNames()); s != "" {
				hint = fmt.Sprintf(" Did you mean %q?", s)
			}
			return nil, api.Errorf(api.CodeInvalidParams, "unknown tool group %q.%s Groups are: %s", g, hint, strings.Join(groupNames(), ", "))
		}
		out = append(out, g)
	}
	return out, nil
}

// Filter keeps the tools in any of groups, all of them when groups is
// empty: the REST listing a person reads (`unitymcp tools`). A session's
// MCP listing is Listing's, whose empty default is smaller.
func Filter(tools []*Tool, groups []string) []*Tool {
	if len(groups) == 0 {
		return tools
	}
	return Listing(tools, groups)
}
