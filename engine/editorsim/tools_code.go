package editorsim

import (
	"context"
	"fmt"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// The simulator cannot run C#. With CompileOnly it "compiles" the way it
// compiles scripts: each "#error MSG" line of the code is an error.
func simExecuteDynamicCode(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	code := a.str("Code")
	if !a.boolean("CompileOnly") {
		return nil, nil, toolErr("not_supported", "the editor simulator cannot run C# code; run this against a real Unity Editor, or pass CompileOnly: true to check the code's shape")
	}
	diags := []map[string]any{}
	for i, line := range strings.Split(code, "\n") {
		t := strings.TrimSpace(line)
		if m, ok := strings.CutPrefix(t, "#error"); ok {
			col := strings.Index(line, "#error") + 1
			diags = append(diags, map[string]any{"Message": "#error: '" + strings.TrimSpace(m) + "'", "Line": i + 1, "Column": col,
				"ErrorCode": "CS1029", "Hint": "remove the #error directive", "Suggestions": []string{},
				"Context": line + "\n" + strings.Repeat(" ", col-1) + "^", "PointerColumn": col})
		}
	}
	res := map[string]any{"Success": len(diags) == 0, "Result": "", "Logs": []string{}, "CompilationErrors": diags,
		"ErrorMessage": "", "SecurityLevel": "Restricted", "UpdatedCode": code, "Diagnostics": diags, "DiagnosticsSummary": ""}
	if len(diags) > 0 {
		res["ErrorMessage"] = "Compilation failed (editor simulator)"
		res["DiagnosticsSummary"] = fmt.Sprintf("%d unique error(s), %d total; first: line %d: %s", len(diags), len(diags), diags[0]["Line"], diags[0]["Message"])
	} else {
		res["Result"] = "Compiled successfully (CompileOnly; editor simulator)"
	}
	return res, nil, nil
}
