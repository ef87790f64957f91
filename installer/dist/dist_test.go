package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/installer"
	"github.com/unitymcp/unitymcp/installer/packaging"
)

func TestCheckPackageVersion(t *testing.T) {
	repo := t.TempDir()
	os.MkdirAll(filepath.Join(repo, "unity-package"), 0o755)
	os.WriteFile(filepath.Join(repo, "unity-package", "package.json"), []byte(`{"name":"io.github.unitymcp.bridge","version":"1.2.3"}`), 0o644)
	for _, tc := range []struct {
		version string
		ok      bool
	}{{"1.2.3", true}, {"1.2.4", false}, {"1.2.4-dev", true}, {"0.1.0-dev+g1234abc", true}, {"1.2.3-4-gabcdef", true}} {
		err := checkPackageVersion(repo, tc.version)
		if (err == nil) != tc.ok {
			t.Errorf("version %s: %v, want ok=%v", tc.version, err, tc.ok)
		}
		if err != nil && (!strings.Contains(err.Error(), "1.2.3") || !strings.Contains(err.Error(), tc.version)) {
			t.Errorf("the error names neither version: %v", err)
		}
	}
}

// -manifests over a release's archives: the three package managers'
// manifests are written beside them, and SHA256SUMS covers every file
// with its hash (sha256sum -c reads it).
func TestManifestsAndChecksums(t *testing.T) {
	v := packageVersion(t)
	out := t.TempDir()
	bin := filepath.Join(t.TempDir(), "bin")
	os.WriteFile(bin, []byte("stand-in"), 0o755)
	repo := packaging.Repo("../..")
	for _, arch := range []string{"amd64", "arm64"} {
		if _, err := packaging.WindowsZip(repo, bin, bin, v, arch, out); err != nil {
			t.Fatal(err)
		}
		for _, goos := range []string{"linux", "darwin"} {
			if _, err := packaging.TarGz(repo, bin, v, goos, arch, false, out); err != nil {
				t.Fatal(err)
			}
		}
	}
	os.MkdirAll(filepath.Join(out, "linux_amd64"), 0o755) // a build folder: not a release file
	t.Chdir("../..")
	if err := run(config{out: out, version: "v" + v, manifestsOnly: true}); err != nil {
		t.Fatal(err)
	}
	sums, err := os.Open(filepath.Join(out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	defer sums.Close()
	listed := map[string]bool{}
	sc := bufio.NewScanner(sums)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		b, err := os.ReadFile(filepath.Join(out, name))
		h := sha256.Sum256(b)
		if !ok || err != nil || hex.EncodeToString(h[:]) != sum {
			t.Errorf("SHA256SUMS line %q does not match the file (%v)", sc.Text(), err)
		}
		listed[name] = true
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if e.Type().IsRegular() && e.Name() != "SHA256SUMS" && !listed[e.Name()] {
			t.Errorf("%s is not in SHA256SUMS", e.Name())
		}
	}
	for _, want := range []string{"unitymcp.json", "unitymcp.rb", packaging.WingetID + ".installer.yaml", "unitymcp_" + v + "_windows_amd64.zip"} {
		if !listed[want] {
			t.Errorf("SHA256SUMS lacks %s", want)
		}
	}
	if listed["linux_amd64"] {
		t.Error("a build folder is listed")
	}
}

func packageVersion(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../unity-package/package.json")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`"version":\s*"([^"]+)"`).FindSubmatch(b)
	if m == nil {
		t.Fatal("unity-package/package.json has no version")
	}
	return string(m[1])
}

// The release workflow runs for version tags; between its jobs dist builds
// every OS (macOS with cgo, on a Mac), the last job writes the manifests
// after both, verifies the checksums and publishes; the Windows binaries
// are signed exactly when the certificate secret is set.
func TestReleaseWorkflow(t *testing.T) {
	b, err := os.ReadFile("../../.github/workflows/release.yml")
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On struct {
			Push struct{ Tags []string }
		}
		Jobs map[string]struct {
			RunsOn string `yaml:"runs-on"`
			Needs  []string
			Steps  []struct {
				If, Run, Uses string
			}
		}
	}
	if err := yaml.Unmarshal(b, &wf); err != nil {
		t.Fatalf("release.yml is not YAML: %v", err)
	}
	tagOK := false
	for _, p := range wf.On.Push.Tags {
		// GitHub's filter pattern: [0-9]+ is one or more digits.
		re := "^" + strings.NewReplacer(".", `\.`, "[0-9]+", "[0-9]+").Replace(p) + "$"
		if regexp.MustCompile(re).MatchString("v1.2.3") && !regexp.MustCompile(re).MatchString("v1.2.3-rc1") {
			tagOK = true
		}
	}
	if !tagOK {
		t.Errorf("the workflow does not run for v1.2.3 only: %v", wf.On.Push.Tags)
	}
	built := map[string]bool{}
	var manifests, signGated, verify string
	for name, job := range wf.Jobs {
		for _, s := range job.Steps {
			switch {
			case strings.Contains(s.Run, "go run ./installer/dist") && strings.Contains(s.Run, "-manifests"):
				manifests = name
				if strings.Contains(s.Run, "sha256sum -c SHA256SUMS") {
					verify = name
				}
			case strings.Contains(s.Run, "go run ./installer/dist"):
				m := regexp.MustCompile(`-targets (\S+)`).FindStringSubmatch(s.Run)
				if m == nil {
					t.Errorf("job %s builds without -targets", name)
					continue
				}
				for _, goos := range strings.Split(m[1], ",") {
					built[goos] = true
					if goos == "darwin" && (!strings.Contains(s.Run, "-cgo") || !strings.HasPrefix(job.RunsOn, "macos")) {
						t.Errorf("macOS is built in job %s without cgo on a Mac (no tray)", name)
					}
				}
			case strings.Contains(s.Run, "-sign"):
				if strings.Contains(s.If, "WINDOWS_CERT_PFX") {
					signGated = name
				}
			}
		}
	}
	for _, goos := range []string{"linux", "windows", "darwin"} {
		if !built[goos] {
			t.Errorf("no job builds %s", goos)
		}
	}
	if manifests == "" || verify == "" || len(wf.Jobs[manifests].Needs) != len(wf.Jobs)-1 {
		t.Errorf("the manifests job %q (checksums verified in %q) must run after every build job: needs %v", manifests, verify, wf.Jobs[manifests].Needs)
	}
	if signGated == "" {
		t.Error("signing is not gated on the WINDOWS_CERT_PFX secret")
	}
	publishes := false
	for _, s := range wf.Jobs[manifests].Steps {
		publishes = publishes || strings.Contains(s.Run, "gh release create") && slices.Contains(strings.Fields(s.Run), "dist/SHA256SUMS")
	}
	if !publishes {
		t.Error("the manifests job does not publish the release with SHA256SUMS")
	}
	// `brew install unitymcp/tap/unitymcp` reads Formula/unitymcp.rb of
	// github.com/unitymcp/homebrew-tap: the formula is pushed there.
	owner, tap, _ := strings.Cut(packaging.HomebrewTap, "/")
	pushed := false
	for _, s := range wf.Jobs[manifests].Steps {
		pushed = pushed || strings.Contains(s.Run, "github.com/"+owner+"/homebrew-"+tap) && strings.Contains(s.Run, "cp dist/unitymcp.rb tap/Formula/unitymcp.rb")
	}
	if !pushed {
		t.Errorf("no step pushes the formula to %s's Formula/unitymcp.rb", packaging.HomebrewTap)
	}
}

// The version of a build from what git describes, and the Unity package
// reference `install unity` writes with it: only a build at a release tag
// pins the package's git URL, and at that very tag.
func TestVersionOfCheckout(t *testing.T) {
	for describe, wantPin := range map[string]string{
		"v1.2.3":               "#v1.2.3",
		"v1.2.3-4-gabcdef0":    "", // commits after the tag: no such tag
		"v1.2.3-dirty":         "", // the tag with local changes
		"v1.2.3-rc1":           "",
		"abcdef0":              "", // no tag yet
		"abcdef0-dirty":        "",
		"vNext":                "",
		"":                     "",
		"v10.20.30-1-g1234567": "",
	} {
		v := versionOf(describe)
		ref, err := installer.PackageRef("git", v, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimPrefix(ref, installer.GitURL); got != wantPin {
			t.Errorf("git describe %q: version %q pins %q, want %q", describe, v, got, wantPin)
		}
		if wantPin == "" && (!strings.HasPrefix(v, api.Version) || isRelease(v)) {
			t.Errorf("git describe %q: version %q, want the development version %s with build metadata", describe, v, api.Version)
		}
		if wantPin == "" && describe != "" && !strings.Contains(v, strings.TrimPrefix(describe, "v")) {
			t.Errorf("git describe %q: version %q does not say which commit", describe, v)
		}
	}
}
