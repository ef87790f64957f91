package editorsim

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
)

// diag is a compiler message, as the compile.finished event and the
// compile tool's answer carry it.
type diag = api.Diagnostic

// scanScripts compiles the simulated way: every "#error MSG" line of
// Assets/**/*.cs is an error, every "#warning MSG" a warning.
func scanScripts(dir string) (errs, warns []diag) {
	errs, warns = []diag{}, []diag{}
	root := filepath.Join(dir, "Assets")
	var files []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".cs") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	for _, p := range files {
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if m, ok := strings.CutPrefix(line, "#error"); ok {
				errs = append(errs, diag{Message: "#error: '" + strings.TrimSpace(m) + "'", File: rel, Line: n})
			} else if m, ok := strings.CutPrefix(line, "#warning"); ok {
				warns = append(warns, diag{Message: "#warning: '" + strings.TrimSpace(m) + "'", File: rel, Line: n})
			}
		}
		f.Close()
	}
	return errs, warns
}

// scriptsFingerprint hashes every script's path and content.
func scriptsFingerprint(dir string) string {
	h := sha256.New()
	filepath.WalkDir(filepath.Join(dir, "Assets"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".cs") {
			b, _ := os.ReadFile(p)
			fmt.Fprintf(h, "%s\x00%d\x00", p, len(b))
			h.Write(b)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))
}

func simCompile(ctx context.Context, s *Sim, call bridge.CallParams) (any, func(), error) {
	a := args(call)
	force, wait := a.boolean("ForceRecompile"), a.boolean("WaitForDomainReload")
	st := s.st
	s.emit(api.EventCompileStarted, map[string]any{})
	errs, warns := scanScripts(s.cfg.ProjectDir)
	st.mu.Lock()
	for _, e := range errs {
		st.log("Error", fmt.Sprintf("%s(%d,1): error CS1029: %s", e.File, e.Line, e.Message), "")
	}
	for _, w := range warns {
		st.log("Warning", fmt.Sprintf("%s(%d,1): warning CS1030: %s", w.File, w.Line, w.Message), "")
	}
	fp := scriptsFingerprint(s.cfg.ProjectDir)
	// A compile after a failed one compiles what changed since that one
	// (the fix), even when the scripts are back as they were at the last
	// success: Unity reloads for it, and says the compile is fixed.
	changed := fp != st.lastCompiled || st.compileFailed
	success := len(errs) == 0
	st.compileFailed = !success
	if success {
		st.lastCompiled = fp
	}
	st.mu.Unlock()
	s.emit(api.EventCompileFinished, api.CompileFinished{Success: success, ErrorCount: len(errs), WarningCount: len(warns), Errors: errs, Warnings: warns})
	res := map[string]any{
		"Success": success, "ErrorCount": len(errs), "WarningCount": len(warns), "Errors": errs, "Warnings": warns,
		"Message": "", "ProjectRoot": "",
	}
	reload := success && (changed || force)
	switch {
	case !success:
		res["Message"] = fmt.Sprintf("Compilation failed with %d error(s) (editor simulator)", len(errs))
	case !reload:
		res["Message"] = "Compilation finished; no script changed, so no domain reload (editor simulator)"
	case wait:
		res["Message"] = "Compilation finished and the domain reload completed (editor simulator)"
		res["ProjectRoot"] = filepath.ToSlash(s.cfg.ProjectDir)
		b, _ := jsonMarshal(res)
		return nil, nil, &deferred{delivery: bridge.Delivery{CallID: call.CallID, Result: b}}
	case force:
		for _, k := range []string{"Success", "ErrorCount", "WarningCount", "Errors", "Warnings"} {
			res[k] = nil
		}
		res["Message"] = "Forced recompilation requested; results are available after the domain reload (call compile again, or use WaitForDomainReload) (editor simulator)"
	default:
		res["Message"] = "Compilation finished; a domain reload follows (editor simulator)"
	}
	if reload {
		return res, func() { s.reload(nil) }, nil
	}
	return res, nil, nil
}
