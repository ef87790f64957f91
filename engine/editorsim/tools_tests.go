package editorsim

import (
	"context"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
)

type fixtureTest struct {
	Name, Assembly, Mode, Failure string
	// Stack is the failure's stack trace, as NUnit reports it.
	Stack string
}

// maxFailuresListed is the package's TestFailures.MaxListed.
const maxFailuresListed = 20

// fixtures are the simulator's built-in tests.
var fixtures = []fixtureTest{
	{Name: "Game.Tests.MathTests.Add_Works", Assembly: "Game.Tests", Mode: "EditMode"},
	{Name: "Game.Tests.MathTests.Divide_ByZero_Throws", Assembly: "Game.Tests", Mode: "EditMode"},
	{Name: "Game.Tests.PlayerTests.Jump_IncreasesHeight", Assembly: "Game.Tests", Mode: "EditMode", Failure: "Expected 2 but was 1",
		Stack: "at Game.Tests.PlayerTests.Jump_IncreasesHeight () [0x00001] in Assets/Tests/PlayerTests.cs:12\n"},
	{Name: "Game.Tests.PlayModeSmoke.Loads", Assembly: "Game.PlayModeTests", Mode: "PlayMode"},
}

func simRunTests(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	mode, ftype, fval := a.str("TestMode"), a.str("FilterType"), a.str("FilterValue")
	var re *regexp.Regexp
	if ftype == "regex" {
		var err error
		if re, err = regexp.Compile(fval); err != nil {
			return nil, nil, toolErr("invalid_params", "FilterValue is not a valid regular expression: %v", err)
		}
	}
	if ftype != "all" && fval == "" {
		return nil, nil, toolErr("invalid_params", "FilterValue is required when FilterType is %q", ftype)
	}
	var run []fixtureTest
	for _, t := range fixtures {
		if t.Mode != mode {
			continue
		}
		ok := true
		switch ftype {
		case "exact":
			ok = t.Name == fval
		case "regex":
			ok = re.MatchString(t.Name)
		case "assembly":
			ok = t.Assembly == fval
		}
		if ok {
			run = append(run, t)
		}
	}
	passed, failed := 0, 0
	failures := []api.TestFailure{} // as the package sends it: [] when none
	failedTests := []map[string]string{}
	for _, t := range run {
		if t.Failure == "" {
			passed++
		} else {
			failed++
			failures = append(failures, api.TestFailure{Name: t.Name, Message: t.Failure})
			if len(failedTests) < maxFailuresListed {
				stack, _, _ := strings.Cut(strings.TrimSpace(t.Stack), "\n")
				failedTests = append(failedTests, map[string]string{"TestName": t.Name, "Message": t.Failure, "StackTrace": stack})
			}
		}
	}
	now := time.Now()
	// The package's answer (TestFailures.AddTo): the failed tests inline
	// beside uLoop's counts, the first maxFailuresListed of them.
	res := map[string]any{"Success": failed == 0, "CompletedAt": now.Format(time.RFC3339),
		"TestCount": len(run), "PassedCount": passed, "FailedCount": failed, "SkippedCount": 0, "XmlPath": "", "FailedTests": failedTests}
	if failed > len(failedTests) {
		res["FailedTestsNotListed"] = failed - len(failedTests)
	}
	if len(run) == 0 {
		res["Message"] = fmt.Sprintf("No %s tests matched the filter (editor simulator)", mode)
	} else {
		res["Message"] = fmt.Sprintf("%d test(s) run: %d passed, %d failed (editor simulator)", len(run), passed, failed)
	}
	if failed > 0 {
		p, err := writeNUnitXML(s.cfg.ProjectDir, now, run)
		if err != nil {
			return nil, nil, toolErr("editor_error", "writing the NUnit XML: %v", err)
		}
		res["XmlPath"] = p
	}
	s.emit(api.EventTestsFinished, api.TestsFinished{Mode: mode, Passed: passed, Failed: failed, Failures: failures})
	return res, nil, nil
}

type nunitRun struct {
	XMLName xml.Name    `xml:"test-run"`
	ID      string      `xml:"id,attr"`
	Total   int         `xml:"testcasecount,attr"`
	Result  string      `xml:"result,attr"`
	Passed  int         `xml:"passed,attr"`
	Failed  int         `xml:"failed,attr"`
	Skipped int         `xml:"skipped,attr"`
	Start   string      `xml:"start-time,attr"`
	Cases   []nunitCase `xml:"test-suite>test-case"`
}

type nunitCase struct {
	Name     string        `xml:"name,attr"`
	FullName string        `xml:"fullname,attr"`
	Result   string        `xml:"result,attr"`
	Failure  *nunitFailure `xml:"failure,omitempty"`
}

type nunitFailure struct {
	Message string `xml:"message"`
}

// writeNUnitXML writes NUnit 3 XML to .uloop/outputs/TestResults/.
func writeNUnitXML(dir string, at time.Time, run []fixtureTest) (string, error) {
	r := nunitRun{ID: "2", Total: len(run), Start: at.UTC().Format("2006-01-02 15:04:05Z"), Result: "Passed"}
	for _, t := range run {
		c := nunitCase{Name: t.Name[len(t.Name)-len(filepath.Ext(t.Name))+1:], FullName: t.Name, Result: "Passed"}
		if t.Failure != "" {
			c.Result = "Failed"
			c.Failure = &nunitFailure{Message: t.Failure}
			r.Failed++
			r.Result = "Failed"
		} else {
			r.Passed++
		}
		r.Cases = append(r.Cases, c)
	}
	out := filepath.Join(dir, ".uloop", "outputs", "TestResults")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	b, err := xml.MarshalIndent(r, "", "  ")
	if err != nil {
		return "", err
	}
	p := filepath.Join(out, "TestResults_"+at.Format("2006-01-02_15-04-05")+"_"+strconv.Itoa(at.Nanosecond()/1e6)+".xml")
	return filepath.ToSlash(p), os.WriteFile(p, append([]byte(xml.Header), b...), 0o644)
}
