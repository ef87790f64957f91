package editorsim

import (
	"context"
	"regexp"
	"strings"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

func simGetLogs(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	typ, search := a.str("LogType"), a.str("SearchText")
	maxCount := int(a.num("MaxCount"))
	useRegex, inStack, withStack := a.boolean("UseRegex"), a.boolean("SearchInStackTrace"), a.boolean("IncludeStackTrace")
	var re *regexp.Regexp
	if useRegex && search != "" {
		var err error
		if re, err = regexp.Compile(search); err != nil {
			return nil, nil, toolErr("invalid_params", "SearchText is not a valid regular expression: %v", err)
		}
	}
	match := func(text string) bool {
		if search == "" {
			return true
		}
		if re != nil {
			return re.MatchString(text)
		}
		return strings.Contains(strings.ToLower(text), strings.ToLower(search))
	}
	s.st.mu.Lock()
	var hits []logEntry
	for _, l := range s.st.logs {
		if typ != "All" && l.Type != typ {
			continue
		}
		if match(l.Message) || (inStack && match(l.StackTrace)) {
			hits = append(hits, l)
		}
	}
	s.st.mu.Unlock()
	total := len(hits)
	if maxCount >= 0 && len(hits) > maxCount {
		hits = hits[len(hits)-maxCount:] // the most recent ones
	}
	logs := make([]map[string]any, 0, len(hits))
	for _, l := range hits {
		e := map[string]any{"Type": l.Type, "Message": l.Message, "StackTrace": ""}
		if withStack {
			e["StackTrace"] = l.StackTrace
		}
		logs = append(logs, e)
	}
	return map[string]any{"TotalCount": total, "DisplayedCount": len(logs), "LogType": typ, "MaxCount": maxCount,
		"SearchText": search, "IncludeStackTrace": withStack, "Logs": logs}, nil, nil
}

func simClearConsole(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	st := s.st
	st.mu.Lock()
	counts := map[string]int{"Error": 0, "Warning": 0, "Log": 0}
	for _, l := range st.logs {
		counts[l.Type]++
	}
	n := len(st.logs)
	st.logs = nil
	if args(call).boolean("AddConfirmationMessage") {
		st.log("Log", "Console cleared by unitymcp", "")
	}
	st.mu.Unlock()
	return map[string]any{"Success": true, "ClearedLogCount": n,
		"ClearedCounts": map[string]int{"ErrorCount": counts["Error"], "WarningCount": counts["Warning"], "LogCount": counts["Log"]},
		"Message":       "Cleared " + itoa(n) + " log(s) from the console (editor simulator)", "ErrorMessage": ""}, nil, nil
}
