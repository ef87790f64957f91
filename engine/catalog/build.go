package catalog

import "github.com/unitymcp/unitymcp/engine/api"

func compileTool() *Tool {
	return asTask(newTool("compile", "build",
		"Executes compilation after AssetDatabase.Refresh(). Returns whether it succeeded and the errors and warnings (message, file, line).",
		api.Annotations{IdempotentHint: true},
		P("ForceRecompile", "boolean", "Whether to perform forced recompilation").Def(false),
		P("WaitForDomainReload", "boolean", "Whether to wait for domain reload completion before returning").Def(false),
	))
}

func runTestsTool() *Tool {
	return asTask(newTool("run-tests", "build",
		"Executes Unity Test Runner and retrieves test results: counts, and the failed tests (name, message, first stack line) in FailedTests. Never leaves a dialog for a human: with unsaved scene changes it refuses (naming the scenes) unless SaveBeforeRun is true; PlayMode runs are refused while scripts have compile errors; a run the Test Framework reports as failed, or that stops without a result, is answered with why.",
		api.Annotations{IdempotentHint: true},
		P("FilterType", "string", `Type of test filter - "all"(0), "exact"(1), "regex"(2), "assembly"(3)`).OneOf("all", "exact", "regex", "assembly").Def("all"),
		P("FilterValue", "string", "Filter value (specify when FilterType is other than all)\n"+
			"- exact: Individual test method name (exact match) (e.g.: Game.Tests.PlayerTests.Jump_IncreasesHeight)\n"+
			"- regex: Class name or namespace (regex pattern) (e.g.: Game.Tests.PlayerTests, Game.Tests)\n"+
			"- assembly: Assembly name (e.g.: Game.Tests)").Def(""),
		P("TestMode", "string", `Test mode - "EditMode"(0), "PlayMode"(1)`+"\n- PlayMode Warning: During PlayMode test execution, domain reload is temporarily disabled").OneOf("EditMode", "PlayMode").Def("EditMode"),
		P("SaveBeforeRun", "boolean", "Save the loaded scenes' unsaved changes (and modified assets) before running tests. Without it a run with unsaved scene changes is refused, as the Test Framework would stop to ask about them. An Untitled scene is never saved (that takes a Save As dialog): save it under Assets/ first").Def(false),
	))
}

// asTask lets a client call t as an MCP task (tools/call with params.task):
// test runs and a compile that waits for its domain reload can outlast a
// client's request timeout, so the client polls tasks/get instead.
func asTask(t *Tool) *Tool {
	t.TaskSupport = api.TaskSupportOptional
	return t
}
