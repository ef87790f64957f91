package main

import (
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// anything marks a package that may import any package of the project.
const anything = "*"

// arrows is the layer table of docs/architecture.md as rules: what each
// package may import of the project ("x/" allows every package under x).
// TestImportArrows checks that this, the table and the module name the
// same packages, so a new package gets its row in both.
func arrows() map[string][]string {
	r := map[string][]string{}
	rule := func(allowed []string, pkgs ...string) {
		for _, p := range pkgs {
			r[p] = allowed
		}
	}
	rule([]string{anything}, "cmd/unitymcp", "cmd/unitymcp/cli", "cmd/editorsim", "engine/e2e", "engine/e2e/wine")
	rule(nil, "cmd/unitystubcheck")
	rule([]string{"cmd/unitymcp-bench/", "engine/cpuprofile"}, "cmd/unitymcp-bench", "cmd/unitymcp-bench/floor", "cmd/unitymcp-bench/uloopunity")
	rule([]string{"engine/client", "engine/api", "engine/notifier", "installer", "service", "platform", "tray/icons"}, "tray", "tray/icons")
	rule([]string{"engine/client", "engine/api", "engine/state", "engine/project", "service", "platform"}, "installer")
	rule([]string{"engine/api", "service", "installer/"}, "installer/dist", "installer/packaging", "installer/unitymeta")
	rule([]string{"platform"}, "service")
	rule([]string{"platform/"}, "platform", "platform/desktoptest")
	rule(nil, "engine/api")
	rule([]string{"engine/api", "engine/state", "platform"}, "engine/client", "engine/client/clienttest")
	rule([]string{"engine", "engine/", "platform"}, "engine/daemon")
	rule([]string{"engine", "engine/api", "engine/bridge", "engine/catalog", "engine/console", "engine/definitions", "engine/jsonenc", "engine/project", "engine/state"}, "engine/server")
	rule([]string{"engine/api", "engine/bridge", "engine/catalog", "engine/console", "engine/definitions", "engine/isuzu", "engine/params", "engine/project", "engine/state", "engine/unityinstall", "platform"}, "engine")
	rule([]string{"engine/api", "engine/catalog", "engine/definitions", "engine/params"}, "engine/isuzu")
	rule([]string{"engine", "engine/api", "engine/definitions", "engine/params", "engine/reflectpath"}, "engine/definitions/run")
	libraries := []string{"engine/definitions", "engine/params", "engine/jsonenc", "engine/suggest", "engine/reflectpath", "engine/project", "engine/confine", "engine/state", "engine/shim", "engine/notifier", "engine/unityinstall", "engine/memtrim", "engine/cpuprofile", "engine/clock", "engine/clock/clocktest"}
	rule(append([]string{"engine", "engine/api", "engine/bridge", "engine/catalog", "platform"}, libraries...), "engine/tools")
	rule([]string{"engine/api", "engine/bridge"}, "engine/console")
	rule([]string{"engine/api", "engine/confine", "engine/definitions", "engine/params", "engine/suggest"}, "engine/catalog")
	rule([]string{"engine/api", "engine/project", "engine/jsonenc", "engine/clock"}, "engine/bridge", "engine/bridge/bridgetest")
	rule(append([]string{"engine/api", "platform"}, libraries...), libraries...)
	rule([]string{"engine/api", "engine/bridge", "engine/client", "engine/state", "engine/project", "engine/reflectpath", "engine/confine"}, "engine/editorsim")
	rule([]string{"engine", "engine/api", "engine/console", "engine/editorsim", "engine/state"}, "engine/enginetest")
	return r
}

// tablePackages are the packages the first column of docs/architecture.md's
// layer table names.
func tablePackages(t *testing.T) []string {
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
	in := false
	name := regexp.MustCompile("`([a-z][a-z0-9/_-]*)`")
	for _, line := range strings.Split(string(doc), "\n") {
		switch {
		case strings.HasPrefix(line, "| package | holds |"):
			in = true
		case in && strings.HasPrefix(line, "|---"):
		case in && strings.HasPrefix(line, "| "):
			first := strings.SplitN(line[2:], " | ", 2)[0]
			for _, m := range name.FindAllStringSubmatch(first, -1) {
				pkgs = append(pkgs, m[1])
			}
		case in:
			return pkgs
		}
	}
	return pkgs
}

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
	rules := arrows()
	var listed []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		listed = append(listed, pkg)
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
		rule, ok := rules[pkg]
		if !ok || slices.Contains(rule, anything) {
			continue
		}
		for _, imp := range imports {
			if !slices.ContainsFunc(rule, func(r string) bool {
				return imp == r || strings.HasSuffix(r, "/") && strings.HasPrefix(imp, r)
			}) {
				t.Errorf("%s may not import %s (allowed: %v)", pkg, imp, rule)
			}
		}
	}
	// The module, the rules and the table name the same packages.
	var ruled []string
	for p := range rules {
		ruled = append(ruled, p)
	}
	table := tablePackages(t)
	for _, s := range [][]string{listed, ruled, table} {
		sort.Strings(s)
	}
	if missing := without(listed, ruled); len(missing) > 0 {
		t.Errorf("packages with no rule in arrows(): %v", missing)
	}
	if missing := without(listed, table); len(missing) > 0 {
		t.Errorf("packages not in docs/architecture.md's layer table: %v", missing)
	}
	if stale := without(append(ruled, table...), listed); len(stale) > 0 {
		t.Errorf("ruled or tabled packages that do not exist (renamed?): %v", stale)
	}
}

// without is what of a is not in b.
func without(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}
