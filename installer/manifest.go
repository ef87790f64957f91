package installer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/unitymcp/unitymcp/platform"
)

// PackageName is the Unity package's name (unity-package/package.json).
const PackageName = "io.github.unitymcp.bridge"

// GitURL is the package from this repository's git.
const GitURL = "https://github.com/unitymcp/unitymcp.git?path=/unity-package"

// UnityResult says what changed in Packages/manifest.json.
type UnityResult struct {
	Manifest string `json:"manifest"`
	Package  string `json:"package"`
	Ref      string `json:"ref"`
	Before   string `json:"before,omitempty"`
	Changed  bool   `json:"changed"`
	Backup   string `json:"backup,omitempty"`
}

// CheckUnityProject says why dir is not a Unity project (nil when it is).
func CheckUnityProject(dir string) error {
	for _, p := range []string{"Assets", filepath.Join("ProjectSettings", "ProjectVersion.txt")} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			return fmt.Errorf("%s is not a Unity project: %s is missing (give the folder that holds Assets/ and ProjectSettings/)", dir, p)
		}
	}
	return nil
}

// MinUnity is the oldest Unity the package supports (package.json "unity").
const MinUnity = "2022.3"

// UnityVersion reads the project's editor version from
// ProjectSettings/ProjectVersion.txt ("2022.3.50f1").
func UnityVersion(project string) (string, error) {
	p := filepath.Join(project, "ProjectSettings", "ProjectVersion.txt")
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "m_EditorVersion:"); ok {
			return strings.TrimSpace(v), nil
		}
	}
	return "", fmt.Errorf("%s has no m_EditorVersion line", p)
}

// CheckUnityVersion says why the project's Unity is too old for the
// package (nil when it is supported).
func CheckUnityVersion(project string) error {
	v, err := UnityVersion(project)
	if err != nil {
		return fmt.Errorf("cannot tell the project's Unity version: %w", err)
	}
	if !versionAtLeast(v, MinUnity) {
		return fmt.Errorf("%s uses Unity %s; the unitymcp package needs Unity %s or later: upgrade the project in the Unity Hub first", project, v, MinUnity)
	}
	return nil
}

// versionAtLeast compares the major and minor numbers of Unity versions
// ("2022.3.50f1" ≥ "2022.3").
func versionAtLeast(v, want string) bool {
	a, b := majorMinor(v), majorMinor(want)
	if a[0] != b[0] {
		return a[0] > b[0]
	}
	return a[1] >= b[1]
}

func majorMinor(s string) [2]int {
	var out [2]int
	parts := strings.SplitN(s, ".", 3)
	for i := 0; i < 2 && i < len(parts); i++ {
		for _, r := range parts[i] {
			if r < '0' || r > '9' {
				break
			}
			out[i] = out[i]*10 + int(r-'0')
		}
	}
	return out
}

// PackageRef turns --source into the manifest's reference: "git" (default)
// → this repository's git URL (pinned to the release tag for releases),
// "local" → the unity-package folder next to this binary or in its
// checkout, any other value → that folder.
func PackageRef(source, version, exe string) (string, error) {
	switch source {
	case "", "git":
		if version != "" && !strings.Contains(version, "dev") {
			return GitURL + "#v" + version, nil
		}
		return GitURL, nil
	case "local":
		dir, err := findPackageDir(exe)
		if err != nil {
			return "", err
		}
		return "file:" + filepath.ToSlash(dir), nil
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(abs, "package.json")); err != nil {
		return "", fmt.Errorf("--source %s: no package.json there; give the unity-package folder", source)
	}
	return "file:" + filepath.ToSlash(abs), nil
}

// findPackageDir looks for unity-package beside the binary (packages install
// it under share/unitymcp), in the checkout the binary was built from (`go
// install ./cmd/unitymcp` puts the binary in GOPATH/bin, far from it), in a
// checkout above the binary, or above the working directory.
func findPackageDir(exe string) (string, error) {
	dir := filepath.Dir(exe)
	// Beside the binary: share/unitymcp (.deb, .rpm, Homebrew's pkgshare),
	// the same folder (the Windows zip: Scoop, winget) or the app bundle's
	// Resources (unitymcp.app); also beside the file a link runs (winget's
	// command alias and Homebrew's bin are links into the package).
	var candidates []string
	for _, d := range []string{dir, resolvedDir(exe)} {
		if d != "" {
			candidates = append(candidates, filepath.Join(d, "..", "share", "unitymcp", "unity-package"), filepath.Join(d, "unity-package"),
				filepath.Join(d, "..", "Resources", "unity-package"))
		}
	}
	if src := buildCheckout(); src != "" {
		candidates = append(candidates, filepath.Join(src, "unity-package"))
	}
	for d := dir; ; d = filepath.Dir(d) {
		candidates = append(candidates, filepath.Join(d, "unity-package"))
		if filepath.Dir(d) == d {
			break
		}
	}
	if wd, err := os.Getwd(); err == nil {
		for d := wd; ; d = filepath.Dir(d) {
			candidates = append(candidates, filepath.Join(d, "unity-package"))
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	for _, c := range candidates {
		if b, err := os.ReadFile(filepath.Join(c, "package.json")); err == nil && strings.Contains(string(b), PackageName) {
			return filepath.Abs(c)
		}
	}
	return "", errors.New("--source local: no unity-package folder found beside unitymcp, in the checkout it was built from, or above the working directory; give its path with --source PATH (the unity-package folder of a unitymcp checkout)")
}

// resolvedDir is the folder of the file exe links to ("" when exe is no
// link).
func resolvedDir(exe string) string {
	real, err := platform.RealPath(exe)
	if err != nil || real == exe {
		return ""
	}
	return filepath.Dir(real)
}

// buildCheckout is the folder of the module this binary was built from, as
// the compiler recorded this file's path ("" for a -trimpath build, whose
// recorded paths are module paths, not folders).
func buildCheckout() string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	return filepath.Dir(filepath.Dir(file)) // <checkout>/installer/manifest.go
}

func manifestPath(project string) string { return filepath.Join(project, "Packages", "manifest.json") }

// InstallUnity adds the package to the project's manifest, keeping every
// other entry, the key order and the indentation; the manifest's backup goes
// to the state directory stateDir.
func InstallUnity(project, ref, stateDir string) (UnityResult, error) {
	if err := CheckUnityProject(project); err != nil {
		return UnityResult{}, err
	}
	if err := CheckUnityVersion(project); err != nil {
		return UnityResult{}, err
	}
	res := UnityResult{Manifest: manifestPath(project), Package: PackageName, Ref: ref}
	p, err := linkedFile(res.Manifest, project)
	if err != nil {
		return res, err
	}
	doc, err := os.ReadFile(p)
	before := doc
	if errors.Is(err, fs.ErrNotExist) {
		// Unity writes the manifest the first time it opens a project; one
		// without it gets the manifest of Unity's empty project (uGUI and
		// every built-in module), not just our package, which would leave
		// the project without its modules.
		doc = defaultManifest(project)
	} else if err != nil {
		return res, err
	}
	res.Before = strings.Trim(string(getMember(doc, []string{"dependencies"}, PackageName)), `"`)
	out, changed, err := setMember(doc, []string{"dependencies"}, PackageName, ref)
	if err != nil {
		return res, fmt.Errorf("%s: %w", p, err)
	}
	cr := ClientResult{}
	err = commit(&cr, store{stateDir}, p, before, out, changed, 0o644)
	res.Changed, res.Backup = changed, cr.Backup
	return res, err
}

// UninstallUnity removes the package from the manifest (backup in stateDir).
func UninstallUnity(project, stateDir string) (UnityResult, error) {
	if err := CheckUnityProject(project); err != nil {
		return UnityResult{}, err
	}
	res := UnityResult{Manifest: manifestPath(project), Package: PackageName}
	p, err := linkedFile(res.Manifest, project)
	if err != nil {
		return res, err
	}
	doc, err := os.ReadFile(p)
	if err != nil {
		return res, err
	}
	res.Before = strings.Trim(string(getMember(doc, []string{"dependencies"}, PackageName)), `"`)
	out, changed, err := removeMember(doc, []string{"dependencies"}, PackageName)
	if err != nil {
		return res, err
	}
	cr := ClientResult{}
	err = commit(&cr, store{stateDir}, p, doc, out, changed, 0o644)
	res.Changed, res.Backup = changed, cr.Backup
	return res, err
}

// InstalledRef is the package's reference in the manifest ("" if absent).
func InstalledRef(project string) string {
	doc, err := os.ReadFile(manifestPath(project))
	if err != nil {
		return ""
	}
	return strings.Trim(string(getMember(doc, []string{"dependencies"}, PackageName)), `"`)
}

// builtinModules are the com.unity.modules.* of Unity's empty project.
var builtinModules = []string{"ai", "androidjni", "animation", "assetbundle", "audio", "cloth", "director",
	"imageconversion", "imgui", "jsonserialize", "particlesystem", "physics", "physics2d", "screencapture",
	"terrain", "terrainphysics", "tilemap", "ui", "uielements", "umbra", "unityanalytics", "unitywebrequest",
	"unitywebrequestassetbundle", "unitywebrequestaudio", "unitywebrequesttexture", "unitywebrequestwww",
	"vehicles", "video", "vr", "wind", "xr"}

// defaultManifest is Packages/manifest.json as Unity writes it for an empty
// project of the project's Unity version (uGUI 2.0.0 from Unity 6, 1.0.0
// before).
func defaultManifest(project string) []byte {
	ugui := "1.0.0"
	if v, err := UnityVersion(project); err == nil && versionAtLeast(v, "6000.0") {
		ugui = "2.0.0"
	}
	var b strings.Builder
	b.WriteString("{\n  \"dependencies\": {\n    \"com.unity.ugui\": \"" + ugui + "\"")
	for _, m := range builtinModules {
		b.WriteString(",\n    \"com.unity.modules." + m + "\": \"1.0.0\"")
	}
	b.WriteString("\n  }\n}\n")
	return []byte(b.String())
}
