package suggest

import "testing"

func TestClosest(t *testing.T) {
	t.Parallel()
	cands := []string{"get-logs", "LogType", "description", "reads", "probe", "diagnostics", "changes", "full"}
	cases := map[string]string{
		"get_logs":   "get-logs", // - versus _ and case are free
		"GET-LOGS":   "get-logs",
		"get-log":    "get-logs",
		"LogTyp":     "LogType",
		"logtype":    "LogType",
		"descripton": "description",
		"reeds":      "reads",
		"prob":       "probe",
		"diagnostic": "diagnostics",
		"change":     "changes",
		"diff":       "", // four edits from full: not a near miss
		"float":      "",
		"x":          "",
		"probe":      "", // exact: nothing to suggest
	}
	for in, want := range cases {
		if got := Closest(in, cands); got != want {
			t.Errorf("Closest(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Hint("reeds", cands); got != ` (did you mean "reads"?)` {
		t.Errorf("Hint: %q", got)
	}
	if got := Hint("zzz", cands); got != "" {
		t.Errorf("Hint with no near miss: %q", got)
	}
}
