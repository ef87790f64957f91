package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestImportArrows keeps the layers' arrows pointing one way
// (docs/architecture.md): what each package may import of the project.
func TestImportArrows(t *testing.T) {
	const mod = "github.com/unitymcp/unitymcp/"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, mod+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	has := func(list []string, prefix string) bool {
		for _, p := range list {
			if p == prefix || strings.HasPrefix(p, prefix+"/") {
				return true
			}
		}
		return false
	}
	// allowed[pkg] lists the project packages pkg may import ("x/" allows
	// every package under x); packages not listed may import anything the
	// two rules in the loop do not forbid.
	allowed := map[string][]string{
		"tray":             {"engine/client", "engine/api", "engine/notifier", "installer", "service", "platform", "tray/icons"},
		"installer":        {"engine/client", "engine/api", "engine/state", "engine/project", "service", "platform", "installer/"},
		"service":          {"platform"},
		"platform":         {"platform/"},
		"engine/api":       {},
		"engine/jsonenc":   {},
		"engine/bridge":    {"engine/api", "engine/project", "engine/jsonenc"},
		"engine/client":    {"engine/api", "engine/state", "platform"},
		"engine/editorsim": {"engine/api", "engine/bridge", "engine/client", "engine/state", "engine/project", "engine/reflectpath", "engine/confine"},
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		var imports []string
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, mod) {
				imports = append(imports, strings.TrimPrefix(imp, mod))
			}
		}
		if strings.HasPrefix(pkg, "engine") && (has(imports, "tray") || has(imports, "installer") || has(imports, "service") || has(imports, "cmd")) {
			t.Errorf("%s imports the app layer (tray, installer, service or cmd): %v", pkg, imports)
		}
		if !strings.HasPrefix(pkg, "cmd") && has(imports, "cmd") {
			t.Errorf("%s imports cmd: %v", pkg, imports)
		}
		rule, ok := allowed[pkg]
		if !ok {
			continue
		}
		seen++
		for _, imp := range imports {
			if !slices.ContainsFunc(rule, func(r string) bool {
				return imp == r || strings.HasSuffix(r, "/") && strings.HasPrefix(imp, r)
			}) {
				t.Errorf("%s may not import %s (allowed: %v)", pkg, imp, rule)
			}
		}
	}
	if seen < len(allowed) {
		t.Errorf("checked %d of the %d ruled packages: a package was renamed? update the rules", seen, len(allowed))
	}
}
