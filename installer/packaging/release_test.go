package packaging

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/unitymcp/unitymcp/service"
)

// fakeRelease builds every archive of version 1.2.3 in a folder, the
// binaries being small stand-in files, and reads it as a release; the
// tests share the archives (read only) and get a folder of their own.
func fakeRelease(t *testing.T) (Release, string) {
	t.Helper()
	fakeOnce.Do(func() { fakeDir, fakeErr = buildFakeRelease() })
	if fakeErr != nil {
		t.Fatal(fakeErr)
	}
	out := t.TempDir()
	entries, _ := os.ReadDir(fakeDir)
	for _, e := range entries {
		if err := os.Link(filepath.Join(fakeDir, e.Name()), filepath.Join(out, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	r, err := ReadRelease(out, "v1.2.3", "")
	if err != nil {
		t.Fatal(err)
	}
	return r, out
}

var (
	fakeOnce sync.Once
	fakeDir  string
	fakeErr  error
)

func buildFakeRelease() (string, error) {
	out, err := os.MkdirTemp("", "unitymcp-release-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(out, "bin")
	os.WriteFile(bin, []byte("stand-in binary"), 0o755)
	defer os.Remove(bin)
	for _, arch := range []string{"amd64", "arm64"} {
		if _, err := WindowsZip(Repo(repoRoot), bin, bin, "1.2.3", arch, out); err != nil {
			return "", err
		}
		for _, goos := range []string{"linux", "darwin"} {
			if _, err := TarGz(Repo(repoRoot), bin, "1.2.3", goos, arch, goos == "darwin", out); err != nil {
				return "", err
			}
		}
	}
	// The Mac's build with the tray wins over the one without.
	if _, err := TarGz(Repo(repoRoot), bin, "1.2.3", "darwin", "arm64", false, out); err != nil {
		return "", err
	}
	return out, os.WriteFile(filepath.Join(out, "unitymcp_1.2.2_windows_amd64.zip"), []byte("another version"), 0o644)
}

func sha256Of(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// zipNames and tarNames list an archive's files.
func zipNames(t *testing.T, path string) map[string]bool {
	t.Helper()
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	names := map[string]bool{}
	for _, f := range z.File {
		names[f.Name] = true
	}
	return names
}

func tarNames(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	names := map[string]bool{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names
		}
		if err != nil {
			t.Fatal(err)
		}
		names[h.Name] = true
	}
}

func TestReadRelease(t *testing.T) {
	r, out := fakeRelease(t)
	if r.Version != "1.2.3" || r.BaseURL != DownloadBase+"/v1.2.3" || len(r.Assets) != 7 {
		t.Fatalf("release %+v", r)
	}
	for _, a := range r.Assets {
		if a.SHA256 != sha256Of(t, filepath.Join(out, a.Name)) {
			t.Errorf("%s: hash %s is not the file's", a.Name, a.SHA256)
		}
	}
	if a, _ := r.Archive("darwin", "arm64"); a.NoTray || a.Name != "unitymcp_1.2.3_darwin_arm64.tar.gz" {
		t.Errorf("macOS arm64: %+v, want the build with the tray", a)
	}
	if a, _ := r.Archive("darwin", "amd64"); !a.NoTray {
		t.Errorf("macOS amd64: %+v, want the only one there is (no tray)", a)
	}
	os.Remove(filepath.Join(out, "unitymcp_1.2.3_linux_arm64.tar.gz"))
	if _, err := ReadRelease(out, "1.2.3", ""); err == nil || !strings.Contains(err.Error(), "linux/arm64") {
		t.Errorf("a release without linux/arm64: %v", err)
	}
	names := tarNames(t, filepath.Join(out, "unitymcp_1.2.3_linux_amd64.tar.gz"))
	for _, want := range []string{"unitymcp", "README.md", "unity-package/package.json", "unity-package/Editor/Core/BridgeClient.cs"} {
		if !names[want] {
			t.Errorf("the tar.gz lacks %s", want)
		}
	}
}

// The Scoop manifest: Scoop's required keys, each architecture's URL and
// hash those of the release's zip, and what extract_dir, bin and the
// shortcut name in it there; autoupdate gives the same URL back.
func TestScoopManifest(t *testing.T) {
	r, out := fakeRelease(t)
	b, err := ScoopManifest(r)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Version, Description, Homepage, License string
		ExtractDir                              string `json:"extract_dir"`
		Bin                                     string
		Architecture                            map[string]struct{ URL, Hash string }
		Shortcuts                               [][]string
		Checkver                                map[string]string
		Autoupdate                              struct {
			Architecture map[string]struct{ URL string }
			Hash         struct{ URL string }
		}
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	var raw map[string]any
	json.Unmarshal(b, &raw)
	for _, k := range []string{"version", "description", "homepage", "license", "architecture", "extract_dir", "bin", "checkver", "autoupdate"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("no %q", k)
		}
	}
	if m.Version != "1.2.3" || !strings.HasPrefix(m.Homepage, "https://") {
		t.Errorf("version %q homepage %q", m.Version, m.Homepage)
	}
	for scoopArch, goarch := range map[string]string{"64bit": "amd64", "arm64": "arm64"} {
		a := m.Architecture[scoopArch]
		file := "unitymcp_1.2.3_windows_" + goarch + ".zip"
		if a.URL != DownloadBase+"/v1.2.3/"+file || a.Hash != sha256Of(t, filepath.Join(out, file)) {
			t.Errorf("%s: %+v", scoopArch, a)
		}
		names := zipNames(t, filepath.Join(out, file))
		for _, f := range []string{m.Bin, m.Shortcuts[0][0], "unity-package/package.json"} {
			if !names[m.ExtractDir+"/"+f] {
				t.Errorf("%s has no %s/%s", file, m.ExtractDir, f)
			}
		}
		if got := strings.ReplaceAll(m.Autoupdate.Architecture[scoopArch].URL, "$version", "1.2.3"); got != a.URL {
			t.Errorf("autoupdate URL for 1.2.3 is %s, want %s", got, a.URL)
		}
	}
	if m.Shortcuts[0][0] != service.WindowsGUIExe || m.Checkver["github"] != Homepage || !strings.HasSuffix(m.Autoupdate.Hash.URL, "/SHA256SUMS") {
		t.Errorf("shortcuts %v checkver %v hash %v", m.Shortcuts, m.Checkver, m.Autoupdate.Hash)
	}
}

// The winget manifest's facts (TestManifestsAgainstSchemas checks it
// against winget's schema): the three files of one package version, the
// locale the version file names, and the installers' URLs and hashes those
// of the release, whose zip holds the nested portable file.
func TestWingetManifests(t *testing.T) {
	r, out := fakeRelease(t)
	files, err := WingetManifests(r)
	if err != nil {
		t.Fatal(err)
	}
	parse := func(name string) map[string]any {
		b, ok := files[name]
		if !ok {
			t.Fatalf("no %s among %d files", name, len(files))
		}
		var m map[string]any
		if err := yaml.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s is not YAML: %v\n%s", name, err, b)
		}
		if m["PackageIdentifier"] != WingetID || m["PackageVersion"] != "1.2.3" || m["ManifestVersion"] != wingetManifestVersion {
			t.Errorf("%s: PackageIdentifier %v PackageVersion %v (a string, the release's) ManifestVersion %v",
				name, m["PackageIdentifier"], m["PackageVersion"], m["ManifestVersion"])
		}
		return m
	}
	ver := parse(WingetID + ".yaml")
	inst := parse(WingetID + ".installer.yaml")
	loc := parse(WingetID + ".locale.en-US.yaml")
	if ver["ManifestType"] != "version" || inst["ManifestType"] != "installer" || loc["ManifestType"] != "defaultLocale" {
		t.Errorf("ManifestType %v %v %v", ver["ManifestType"], inst["ManifestType"], loc["ManifestType"])
	}
	if ver["DefaultLocale"] != loc["PackageLocale"] {
		t.Errorf("DefaultLocale %v, PackageLocale %v", ver["DefaultLocale"], loc["PackageLocale"])
	}
	if inst["InstallerType"] != "zip" || inst["NestedInstallerType"] != "portable" || inst["Scope"] != "user" {
		t.Errorf("installer type %v/%v scope %v", inst["InstallerType"], inst["NestedInstallerType"], inst["Scope"])
	}
	nested, _ := inst["NestedInstallerFiles"].([]any)
	if len(nested) != 1 {
		t.Fatalf("NestedInstallerFiles %v", inst["NestedInstallerFiles"])
	}
	nf := nested[0].(map[string]any)
	rel, _ := nf["RelativeFilePath"].(string)
	if alias, _ := nf["PortableCommandAlias"].(string); alias != "unitymcp" {
		t.Errorf("PortableCommandAlias %q", alias)
	}
	installers, _ := inst["Installers"].([]any)
	if len(installers) != 2 {
		t.Fatalf("Installers %v", inst["Installers"])
	}
	archOf := map[string]string{"x64": "amd64", "arm64": "arm64"}
	for _, i := range installers {
		in := i.(map[string]any)
		goarch, ok := archOf[in["Architecture"].(string)]
		if !ok {
			t.Errorf("Architecture %v", in["Architecture"])
			continue
		}
		file := "unitymcp_1.2.3_windows_" + goarch + ".zip"
		url, _ := in["InstallerUrl"].(string)
		sum, _ := in["InstallerSha256"].(string)
		if url != DownloadBase+"/v1.2.3/"+file || !regexp.MustCompile(`^[A-Fa-f0-9]{64}$`).MatchString(sum) || !strings.EqualFold(sum, sha256Of(t, filepath.Join(out, file))) {
			t.Errorf("installer %v: url %s sha256 %s", in["Architecture"], url, sum)
		}
		if !zipNames(t, filepath.Join(out, file))[strings.ReplaceAll(rel, `\`, "/")] {
			t.Errorf("%s has no %s", file, rel)
		}
	}
}

// The Homebrew formula: Ruby reads it (ruby -c), every OS and architecture
// has the URL and hash of its archive, and what install names is in them.
func TestHomebrewFormula(t *testing.T) {
	r, out := fakeRelease(t)
	b, err := HomebrewFormula(r)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, a := range []string{"unitymcp_1.2.3_darwin_arm64.tar.gz", "unitymcp_1.2.3_darwin_amd64_notray.tar.gz", "unitymcp_1.2.3_linux_arm64.tar.gz", "unitymcp_1.2.3_linux_amd64.tar.gz"} {
		pair := `url "` + DownloadBase + "/v1.2.3/" + a + "\"\n      sha256 \"" + sha256Of(t, filepath.Join(out, a)) + `"`
		if !strings.Contains(text, pair) {
			t.Errorf("no url and sha256 of %s:\n%s", a, text)
		}
		names := tarNames(t, filepath.Join(out, a))
		if !names["unitymcp"] || !names["unity-package/package.json"] {
			t.Errorf("%s lacks what the formula installs (unitymcp, unity-package)", a)
		}
	}
	if m := regexp.MustCompile(`(?m)^  desc "([^"]*)"$`).FindStringSubmatch(text); m == nil || len(m[1]) > 80 || strings.HasSuffix(m[1], ".") || strings.HasPrefix(strings.ToLower(m[1]), "unitymcp") {
		t.Errorf("desc %v: Homebrew wants under 80 characters, no final period, not the name first", m)
	}
	for _, want := range []string{"class Unitymcp < Formula", `version "1.2.3"`, `bin.install "unitymcp"`, `pkgshare.install "unity-package"`, "test do"} {
		if !strings.Contains(text, want) {
			t.Errorf("formula lacks %q", want)
		}
	}
	ruby, err := exec.LookPath("ruby")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("ruby is needed to check the formula's syntax")
		}
		t.Skip("ruby not installed: the formula's syntax is not checked")
	}
	f := filepath.Join(t.TempDir(), "unitymcp.rb")
	os.WriteFile(f, b, 0o644)
	if out, err := exec.Command(ruby, "-c", f).CombinedOutput(); err != nil {
		t.Errorf("ruby -c: %v\n%s", err, out)
	}
}

// Homebrew's layout, with a real Linux build: the formula's install puts
// the binary and the Unity package into the keg, brew links bin and share
// into its prefix, and `install unity --source local` run through the
// link finds the package the formula installed.
func TestHomebrewLayoutFindsThePackage(t *testing.T) {
	needTool(t, "tar")
	bin := buildBinary(t, "linux")
	out := t.TempDir()
	tgz, err := TarGz(Repo(repoRoot), bin, "1.2.3", "linux", "amd64", false, out)
	if err != nil {
		t.Fatal(err)
	}
	brew := t.TempDir()
	src := filepath.Join(t.TempDir(), "src")
	os.MkdirAll(src, 0o755)
	if b, err := exec.Command("tar", "-xzf", tgz, "-C", src).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v %s", err, b)
	}
	keg := filepath.Join(brew, "Cellar", "unitymcp", "1.2.3")
	os.MkdirAll(filepath.Join(keg, "bin"), 0o755)
	os.MkdirAll(filepath.Join(keg, "share", "unitymcp"), 0o755)
	os.Rename(filepath.Join(src, "unitymcp"), filepath.Join(keg, "bin", "unitymcp"))                                          // bin.install
	os.Rename(filepath.Join(src, "unity-package"), filepath.Join(keg, "share", "unitymcp", "unity-package"))                  // pkgshare.install
	os.MkdirAll(filepath.Join(brew, "bin"), 0o755)                                                                            // brew link:
	os.Symlink(filepath.Join("..", "Cellar", "unitymcp", "1.2.3", "bin", "unitymcp"), filepath.Join(brew, "bin", "unitymcp")) // bin/unitymcp
	checkLocalSource(t, filepath.Join(brew, "bin", "unitymcp"), filepath.Join(keg, "share", "unitymcp", "unity-package"), "a Homebrew install")
}

// A `go install` from a checkout (the README's install for Go users) puts
// the binary far from the checkout, in GOBIN: `install unity --source
// local`, run from no checkout, finds the unity-package of the checkout the
// binary was built from.
func TestGoInstallFindsThePackage(t *testing.T) {
	if testing.Short() {
		t.Skip("go install: not with -short")
	}
	gobin := t.TempDir()
	cmd := exec.Command("go", "install", "./cmd/unitymcp")
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "GOBIN="+gobin, "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install: %v\n%s", err, b)
	}
	pkg, _ := filepath.Abs(filepath.Join(repoRoot, "unity-package"))
	checkLocalSource(t, filepath.Join(gobin, "unitymcp"), pkg, "go install")
}

// The README's first install commands are the ones the release serves:
// the Scoop manifest's name among the release files, the tap and the
// formula, the winget identifier.
func TestReadmeInstallCommands(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	r, out := fakeRelease(t)
	paths, err := WriteManifests(r, out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range paths {
		names = append(names, filepath.Base(p))
	}
	for _, want := range []string{
		"scoop install " + Homepage + "/releases/latest/download/unitymcp.json",
		"brew install " + HomebrewTap + "/unitymcp",
		"winget install " + WingetID,
	} {
		if !strings.Contains(readme, want) {
			t.Errorf("README's install section lacks %q", want)
		}
	}
	if !strings.Contains(strings.Join(names, " "), "unitymcp.json") || !strings.Contains(strings.Join(names, " "), "unitymcp.rb") {
		t.Errorf("the release's manifests %v lack the files the README names", names)
	}
	// The .deb the README installs is named as the release names it.
	bin := filepath.Join(t.TempDir(), "unitymcp")
	os.WriteFile(bin, []byte("stand-in"), 0o755)
	deb, err := LinuxPackage(Repo(repoRoot), "deb", "amd64", "1.2.3", bin, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if want := "sudo apt install ./" + strings.Replace(filepath.Base(deb), "1.2.3", "<version>", 1); !strings.Contains(readme, want) {
		t.Errorf("README's install section lacks %q (the release's .deb is %s)", want, filepath.Base(deb))
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if fakeDir != "" {
		os.RemoveAll(fakeDir)
	}
	os.Exit(code)
}
