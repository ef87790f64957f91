package packaging

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/service"
)

const repoRoot = "../.."

// startupKind says whether a file's text is a systemd unit, a desktop entry
// or a LaunchAgent, by whole lines (so a Go test looking for "ExecStart=…"
// inside a string is not one, but a raw-string copy of a unit is).
func startupKind(text string) string {
	lines, prefixes, keys := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		lines[l] = true
		if i := strings.IndexByte(l, '='); i > 0 {
			prefixes[l[:i+1]] = true
		}
		if k, ok := strings.CutPrefix(strings.TrimSpace(l), "<key>"); ok {
			k, _, _ = strings.Cut(k, "</key>")
			keys[k] = true
		}
	}
	switch {
	case (lines["[Service]"] && prefixes["ExecStart="]) || (lines["[Install]"] && prefixes["WantedBy="]):
		return "systemd unit"
	case lines["[Desktop Entry]"]:
		return "desktop entry"
	case keys["Label"] && (keys["ProgramArguments"] || keys["Program"]):
		return "LaunchAgent"
	}
	return ""
}

// Each start-up file has one source in the repository: the unit and the
// desktop entry are the service package's templates (the packages render
// them through service.SystemdUnit and service.DesktopEntry), the
// packagers' LaunchAgent is installer/macos/<service.LaunchAgentLabel>.plist.
// A second copy anywhere (installer/linux/unitymcp.service was one, and had
// drifted from what `unitymcp service install` writes) fails here.
func TestOneSourceOfStartupFiles(t *testing.T) {
	want := map[string]string{
		"service/unitymcp.service.tmpl":                          "systemd unit",
		"service/unitymcp.desktop.tmpl":                          "desktop entry",
		"installer/macos/" + service.LaunchAgentLabel + ".plist": "LaunchAgent",
	}
	got := map[string]string{}
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case d.Name() == ".git", d.Name() == "node_modules", rel == "dist":
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes.IndexByte(b[:min(len(b), 8000)], 0) >= 0 {
			return nil // a binary (a built unitymcp embeds the templates)
		}
		if k := startupKind(string(b)); k != "" {
			got[rel] = k
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		var extra, missing []string
		for p, k := range got {
			if want[p] != k {
				extra = append(extra, fmt.Sprintf("%s (%s)", p, k))
			}
		}
		for p, k := range want {
			if got[p] != k {
				missing = append(missing, fmt.Sprintf("%s (%s)", p, k))
			}
		}
		sort.Strings(extra)
		sort.Strings(missing)
		t.Errorf("start-up files: a second copy of one: %v; the one source missing: %v", extra, missing)
	}
}

// plistValue decodes the plist element start opened: dict, array, string,
// true, false (what a LaunchAgent uses).
func plistValue(dec *xml.Decoder, start xml.StartElement) (any, error) {
	switch start.Name.Local {
	case "true", "false":
		return start.Name.Local == "true", dec.Skip()
	case "string":
		var s string
		err := dec.DecodeElement(&s, &start)
		return s, err
	case "dict", "array":
		m, list, key := map[string]any{}, []any{}, ""
		for {
			tok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			switch tok := tok.(type) {
			case xml.EndElement:
				if start.Name.Local == "dict" {
					return m, nil
				}
				return list, nil
			case xml.StartElement:
				if tok.Name.Local == "key" {
					if err := dec.DecodeElement(&key, &tok); err != nil {
						return nil, err
					}
					continue
				}
				v, err := plistValue(dec, tok)
				if err != nil {
					return nil, err
				}
				m[key] = v
				list = append(list, v)
			}
		}
	}
	return nil, fmt.Errorf("plist element <%s> not handled", start.Name.Local)
}

func readPlist(t *testing.T, p string) map[string]any {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			t.Fatalf("%s: no <dict>", p)
		}
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "dict" {
			v, err := plistValue(dec, se)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			return v.(map[string]any)
		}
	}
}

// The packagers' LaunchAgent says what `unitymcp service install` writes:
// the label service.LaunchAgentLabel (also its file name), the app's binary
// with service.Args, RunAtLoad; build-app.sh puts the binary where the
// agent looks and starts it with the same arguments; the macOS README names
// the installed agent's file.
func TestLaunchAgentPlist(t *testing.T) {
	dir := filepath.Join(repoRoot, "installer", "macos")
	paths, _ := filepath.Glob(filepath.Join(dir, "*.plist"))
	var agents []string
	for _, p := range paths {
		if _, ok := readPlist(t, p)["Label"]; ok {
			agents = append(agents, filepath.Base(p))
		}
	}
	if want := []string{service.LaunchAgentLabel + ".plist"}; !reflect.DeepEqual(agents, want) {
		t.Fatalf("LaunchAgents in installer/macos: %v, want %v", agents, want)
	}
	agent := readPlist(t, filepath.Join(dir, agents[0]))
	if agent["Label"] != service.LaunchAgentLabel {
		t.Errorf("Label %v, want service.LaunchAgentLabel %q", agent["Label"], service.LaunchAgentLabel)
	}
	wantArgs := []any{MacAppBinary}
	for _, a := range service.Args {
		wantArgs = append(wantArgs, a)
	}
	if !reflect.DeepEqual(agent["ProgramArguments"], wantArgs) {
		t.Errorf("ProgramArguments %v, want %v", agent["ProgramArguments"], wantArgs)
	}
	if agent["RunAtLoad"] != true {
		t.Errorf("RunAtLoad %v, want true (as `unitymcp service install` sets it)", agent["RunAtLoad"])
	}

	script, err := os.ReadFile(filepath.Join(dir, "build-app.sh"))
	if err != nil {
		t.Fatal(err)
	}
	app := path.Dir(path.Dir(path.Dir(MacAppBinary))) // /Applications/unitymcp.app
	inApp := strings.TrimPrefix(MacAppBinary, app)    // /Contents/MacOS/unitymcp
	for _, want := range []string{
		"app=dist/macos/" + path.Base(app) + "\n",
		`"$app` + inApp + `"`,
		`"$(dirname "$0")/` + path.Base(MacAppBinary) + `" ` + strings.Join(service.Args, " ") + `\n`,
	} {
		if !strings.Contains(string(script), want) {
			t.Errorf("build-app.sh lacks %q", want)
		}
	}
	readme, _ := os.ReadFile(filepath.Join(dir, "README.md"))
	for _, want := range []string{"~/Library/LaunchAgents/" + service.LaunchAgentLabel + ".plist", "`" + service.LaunchAgentLabel + ".plist` here"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("installer/macos/README.md lacks %q", want)
		}
	}
}

// The Windows README says what `unitymcp service install` writes: the Run
// key's value and the GUI build it starts.
func TestWindowsReadme(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot, "installer", "windows", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := `HKCU\` + service.RunKey + `\` + service.Name + ` = "…\` + service.WindowsGUIExe + `" ` + strings.Join(service.Args, " ")
	if !strings.Contains(string(readme), want) {
		t.Errorf("installer/windows/README.md lacks %q", want)
	}
	if !strings.Contains(string(readme), "`"+service.WindowsGUIExe+"`") {
		t.Errorf("installer/windows/README.md does not name %s", service.WindowsGUIExe)
	}
}
