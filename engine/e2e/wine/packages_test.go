package wine

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/unitymcp/unitymcp/installer/packaging"
)

// windowsRelease packs the Windows build of this run as a release's zip,
// served over loopback as the release's download folder.
func windowsRelease(t *testing.T, e *winEnv) packaging.Release {
	t.Helper()
	out := t.TempDir()
	z, err := packaging.WindowsZip(packaging.Repo("../../.."), e.exe("unitymcp.exe"), e.exe("unitymcp-tray.exe"), "1.2.3", "amd64", out)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(z)
	sum := sha256.Sum256(b)
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	t.Cleanup(srv.Close)
	return packaging.Release{Version: "1.2.3", BaseURL: srv.URL,
		Assets: []packaging.Asset{{Name: filepath.Base(z), OS: "windows", Arch: "amd64", SHA256: hex.EncodeToString(sum[:])}}}
}

// download fetches url and checks it has the sha256 a manifest gives.
func download(t *testing.T, url, want string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	sum := sha256.Sum256(b)
	if resp.StatusCode != 200 || !strings.EqualFold(hex.EncodeToString(sum[:]), want) {
		t.Fatalf("%s: status %d, sha256 %x, the manifest says %s", url, resp.StatusCode, sum, want)
	}
	return b
}

// unzip extracts the files under prefix/ of a zip into dir.
func unzip(t *testing.T, data []byte, prefix, dir string) {
	t.Helper()
	z, err := zip.NewReader(strings.NewReader(string(data)), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range z.File {
		rel, ok := strings.CutPrefix(f.Name, prefix)
		if !ok || strings.HasSuffix(f.Name, "/") {
			continue
		}
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(dst), 0o755)
		r, _ := f.Open()
		b, _ := io.ReadAll(r)
		r.Close()
		if err := os.WriteFile(dst, b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// installUnityLocal runs `install unity --source local` through the
// command a package manager put on PATH and returns the package reference
// the manifest got.
func installUnityLocal(t *testing.T, e *winEnv, prog string, args ...string) string {
	t.Helper()
	proj := newProject(t, t.TempDir(), "Game")
	env := []string{"UNITYMCP_HOME=" + winPath(t.TempDir())}
	e.ok(t, opts{Env: env, Dir: t.TempDir()}, prog, append(args, "install", "unity", "--source", "local", "--project", winPath(proj))...)
	var m struct{ Dependencies map[string]string }
	b, _ := os.ReadFile(filepath.Join(proj, "Packages", "manifest.json"))
	json.Unmarshal(b, &m)
	return m.Dependencies["io.github.unitymcp.bridge"]
}

// The release zip installed the way Scoop installs it, following the
// generated manifest: downloaded and checked against its hash, extract_dir
// extracted into scoop\apps\unitymcp\<version> with `current` linked to
// it, and a shim for bin in scoop\shims. Through the shim the binary runs,
// and `install unity --source local` finds the Unity package installed
// with it.
func TestScoopInstallOnWindows(t *testing.T) {
	e := need(t)
	r := windowsRelease(t, e)
	b, err := packaging.ScoopManifest(r)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Version      string
		Architecture map[string]struct{ URL, Hash string }
		ExtractDir   string `json:"extract_dir"`
		Bin          string
		Shortcuts    [][]string
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	a := m.Architecture["64bit"]
	zipped := download(t, a.URL, a.Hash)
	scoop := filepath.Join(e.profile(), "scoop")
	t.Cleanup(func() { os.RemoveAll(scoop) })
	app := filepath.Join(scoop, "apps", "unitymcp", m.Version)
	unzip(t, zipped, m.ExtractDir+"/", app)
	current := filepath.Join(scoop, "apps", "unitymcp", "current")
	if err := os.Symlink(m.Version, current); err != nil { // Scoop: a junction
		t.Fatal(err)
	}
	shims := filepath.Join(scoop, "shims")
	os.MkdirAll(shims, 0o755)
	shim := filepath.Join(shims, strings.TrimSuffix(m.Bin, ".exe")+".cmd")
	target := `C:\users\` + e.user + `\scoop\apps\unitymcp\current\` + m.Bin
	os.WriteFile(shim, []byte("@\""+target+"\" %*\r\n"), 0o644)
	for _, s := range m.Shortcuts {
		if _, err := os.Stat(filepath.Join(app, s[0])); err != nil {
			t.Errorf("the shortcut's target %s is not in the app: %v", s[0], err)
		}
	}
	if out := e.ok(t, opts{}, "cmd", "/c", winPath(shim), "version"); !strings.HasPrefix(out, "unitymcp ") {
		t.Errorf("unitymcp version through the shim: %q", out)
	}
	ref := installUnityLocal(t, e, "cmd", "/c", winPath(shim))
	if want := "file:C:/users/" + e.user + "/scoop/apps/unitymcp/current/unity-package"; !strings.EqualFold(ref, want) {
		t.Errorf("install unity --source local after a Scoop install: %q, want %q", ref, want)
	}
}

// The release zip installed the way winget installs a portable nested
// installer, following the generated manifest: extracted per user under
// %LOCALAPPDATA%\Microsoft\WinGet\Packages, and the command alias a link
// in WinGet\Links (on PATH) to RelativeFilePath. Through the link,
// `install unity --source local` finds the Unity package beside the file
// the link points to.
func TestWingetInstallOnWindows(t *testing.T) {
	e := need(t)
	r := windowsRelease(t, e)
	files, err := packaging.WingetManifests(r)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		NestedInstallerFiles []struct {
			RelativeFilePath     string `yaml:"RelativeFilePath"`
			PortableCommandAlias string `yaml:"PortableCommandAlias"`
		} `yaml:"NestedInstallerFiles"`
		Installers []struct {
			Architecture    string `yaml:"Architecture"`
			InstallerURL    string `yaml:"InstallerUrl"`
			InstallerSha256 string `yaml:"InstallerSha256"`
		} `yaml:"Installers"`
	}
	if err := yaml.Unmarshal(files[packaging.WingetID+".installer.yaml"], &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Installers) != 1 || m.Installers[0].Architecture != "x64" || len(m.NestedInstallerFiles) != 1 {
		t.Fatalf("installer manifest: %+v", m)
	}
	zipped := download(t, m.Installers[0].InstallerURL, m.Installers[0].InstallerSha256)
	winget := filepath.Join(e.localAppData(), "Microsoft", "WinGet")
	t.Cleanup(func() { os.RemoveAll(winget) })
	pkg := filepath.Join(winget, "Packages", packaging.WingetID+"_Microsoft.Winget.Source_8wekyb3d8bbwe")
	unzip(t, zipped, "", pkg)
	nested := m.NestedInstallerFiles[0]
	links := filepath.Join(winget, "Links")
	os.MkdirAll(links, 0o755)
	link := filepath.Join(links, nested.PortableCommandAlias+".exe")
	if err := os.Symlink(filepath.Join(pkg, filepath.FromSlash(strings.ReplaceAll(nested.RelativeFilePath, `\`, "/"))), link); err != nil {
		t.Fatal(err)
	}
	if out := e.ok(t, opts{}, link, "version"); !strings.HasPrefix(out, "unitymcp ") {
		t.Errorf("unitymcp version through the alias: %q", out)
	}
	ref := installUnityLocal(t, e, link)
	want := "file:" + strings.ReplaceAll(`C:\users\`+e.user+`\AppData\Local\Microsoft\WinGet\Packages\`+packaging.WingetID+`_Microsoft.Winget.Source_8wekyb3d8bbwe\unitymcp\unity-package`, `\`, "/")
	if !strings.EqualFold(ref, want) && !strings.EqualFold(ref, "file:"+strings.ReplaceAll(winPath(filepath.Join(pkg, "unitymcp", "unity-package")), `\`, "/")) {
		t.Errorf("install unity --source local after a winget install: %q, want %q", ref, want)
	}
}
