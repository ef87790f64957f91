package editorsim

import (
	"context"
	"fmt"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// The simulator cannot run C#, nor compile it, nor apply the package's
// security levels (unity-package/Editor/Core/SecurityChecker.cs). With
// CompileOnly it checks only what it can read without a compiler — "#error
// MSG" lines, brackets that do not balance, an operator with nothing after
// it — and says so in every answer: a pass here is no verdict on the code
// nor on what the security level would allow.
func simExecuteDynamicCode(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	code := a.str("Code")
	if !a.boolean("CompileOnly") {
		return nil, nil, toolErr("not_supported", "the editor simulator cannot run C# code: run this against a real Unity Editor (or the package's headless editor, unity-package/Tests~/headless-editor.sh). CompileOnly here only looks for #error lines and unbalanced brackets; it neither compiles the code nor applies the security level")
	}
	diags := codeShape(code)
	res := map[string]any{"Success": len(diags) == 0, "Result": "", "Logs": []string{}, "CompilationErrors": diags,
		"ErrorMessage": "", "SecurityLevel": "Restricted", "UpdatedCode": code, "Diagnostics": diags, "DiagnosticsSummary": ""}
	if len(diags) > 0 {
		res["ErrorMessage"] = "Compilation failed (editor simulator)"
		res["DiagnosticsSummary"] = fmt.Sprintf("%d unique error(s), %d total; first: line %d: %s", len(diags), len(diags), diags[0]["Line"], diags[0]["Message"])
	} else {
		res["Result"] = "No #error line and balanced brackets (editor simulator: the code was not compiled and the security level was not applied; a real Editor does both)"
	}
	res["SecurityLevel"] = "not applied (editor simulator)"
	return res, nil, nil
}

// codeShape finds what the simulator can see wrong without a compiler:
// "#error MSG" lines, brackets that do not balance (outside strings and
// comments), and an operator directly before ";".
func codeShape(code string) []map[string]any {
	diags := []map[string]any{}
	diag := func(line, col int, text, msg, errCode, hint string) {
		diags = append(diags, map[string]any{"Message": msg, "Line": line, "Column": col, "ErrorCode": errCode, "Hint": hint,
			"Suggestions": []string{}, "Context": text + "\n" + strings.Repeat(" ", max(col-1, 0)) + "^", "PointerColumn": col})
	}
	type open struct {
		ch        byte
		line, col int
		text      string
	}
	var stack []open
	closing := map[byte]byte{')': '(', ']': '[', '}': '{'}
	lines := strings.Split(code, "\n")
	inBlock := false
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if m, ok := strings.CutPrefix(t, "#error"); ok && !inBlock {
			col := strings.Index(line, "#error") + 1
			diag(i+1, col, line, "#error: '"+strings.TrimSpace(m)+"'", "CS1029", "remove the #error directive")
			continue
		}
		inStr := byte(0)
		last, prev := byte(0), byte(0) // the last two code characters before j, spaces skipped
		for j := 0; j < len(line); j++ {
			c := line[j]
			switch {
			case inBlock:
				if c == '*' && j+1 < len(line) && line[j+1] == '/' {
					inBlock = false
					j++
				}
				continue
			case inStr != 0:
				if c == '\\' {
					j++
				} else if c == inStr {
					inStr = 0
				}
				continue
			case c == '/' && j+1 < len(line) && line[j+1] == '/':
				j = len(line)
				continue
			case c == '/' && j+1 < len(line) && line[j+1] == '*':
				inBlock = true
				j++
				continue
			case c == '"' || c == '\'':
				inStr = c
			case c == '(' || c == '[' || c == '{':
				stack = append(stack, open{c, i + 1, j + 1, line})
			case c == ')' || c == ']' || c == '}':
				if len(stack) == 0 || stack[len(stack)-1].ch != closing[c] {
					diag(i+1, j+1, line, fmt.Sprintf("Unexpected symbol `%c'", c), "CS1525", "this bracket closes nothing that is open")
				} else {
					stack = stack[:len(stack)-1]
				}
			case c == ';' && strings.IndexByte("+-*/%&|^<>=!", last) >= 0 && !((last == '+' || last == '-') && prev == last):
				// "1 +;" — but "i++;" and "i--;" are whole.
				diag(i+1, j+1, line, "Invalid expression term `;'", "CS1525", "an operator has nothing after it")
			}
			if c != ' ' && c != '\t' {
				last, prev = c, last
			}
		}
	}
	for _, o := range stack {
		diag(o.line, o.col, o.text, fmt.Sprintf("`%c' is never closed", o.ch), "CS1513", "close the bracket")
	}
	return diags
}
