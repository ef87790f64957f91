package packaging

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// The release: what users download and the package managers' manifests
// generated from it (scoop.go, winget.go, homebrew.go), so a manifest can
// only name a file the release has, with the hash it has.

// DownloadBase is where a tagged release's files are downloaded from:
// DownloadBase/v<version>/<file>.
const DownloadBase = "https://github.com/unitymcp/unitymcp/releases/download"

// Homepage, Description and License say what unitymcp is in every manifest.
const (
	Homepage    = "https://github.com/unitymcp/unitymcp"
	Description = "Lets AI coding agents drive the Unity Editor over MCP: a per-user daemon with a tray, and the Unity package it talks to"
	License     = "MIT"
)

// Asset is one archive of a release.
type Asset struct {
	Name   string // file name
	OS     string // windows, linux, darwin
	Arch   string // amd64, arm64
	NoTray bool   // a macOS build without cgo, so without the tray
	SHA256 string // lower-case hex
}

// Release is a version's archives and where they are downloaded from.
type Release struct {
	Version string
	BaseURL string // DownloadBase/v<version> for a tagged release
	Assets  []Asset
}

// URL is where an asset is downloaded from.
func (r Release) URL(a Asset) string { return r.BaseURL + "/" + a.Name }

// Archive is the archive of goos/arch: for macOS the build with the tray
// (made on a Mac, with cgo) over the one without.
func (r Release) Archive(goos, arch string) (Asset, bool) {
	var found Asset
	ok := false
	for _, a := range r.Assets {
		if a.OS == goos && a.Arch == arch && (!ok || found.NoTray && !a.NoTray) {
			found, ok = a, true
		}
	}
	return found, ok
}

// archiveName is the file name of an archive: unitymcp_<version>_<os>_<arch>
// [_notray].zip (Windows) or .tar.gz.
func archiveName(version, goos, arch string, noTray bool) string {
	ext := ".tar.gz"
	if goos == "windows" {
		ext = ".zip"
	}
	suffix := ""
	if noTray {
		suffix = "_notray"
	}
	return fmt.Sprintf("unitymcp_%s_%s_%s%s%s", strings.TrimPrefix(version, "v"), goos, arch, suffix, ext)
}

var archiveRE = regexp.MustCompile(`^unitymcp_(.+)_(windows|linux|darwin)_(amd64|arm64)(_notray)?\.(zip|tar\.gz)$`)

// ReadRelease reads the archives of version in dir (what installer/dist
// built there, and what a macOS job added) with their SHA-256, to be
// downloaded from baseURL ("" for DownloadBase/v<version>). It refuses a
// release without a Windows, a Linux or a macOS archive for amd64 and
// arm64: every manifest names all of them.
func ReadRelease(dir, version, baseURL string) (Release, error) {
	version = strings.TrimPrefix(version, "v")
	if baseURL == "" {
		baseURL = DownloadBase + "/v" + version
	}
	r := Release{Version: version, BaseURL: strings.TrimSuffix(baseURL, "/")}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return r, err
	}
	for _, e := range entries {
		m := archiveRE.FindStringSubmatch(e.Name())
		if m == nil || m[1] != version || (m[2] == "windows") != (m[5] == "zip") {
			continue
		}
		sum, err := fileSHA256(filepath.Join(dir, e.Name()))
		if err != nil {
			return r, err
		}
		r.Assets = append(r.Assets, Asset{Name: e.Name(), OS: m[2], Arch: m[3], NoTray: m[4] != "", SHA256: sum})
	}
	sort.Slice(r.Assets, func(i, j int) bool { return r.Assets[i].Name < r.Assets[j].Name })
	for _, goos := range []string{"windows", "linux", "darwin"} {
		for _, arch := range []string{"amd64", "arm64"} {
			if _, ok := r.Archive(goos, arch); !ok {
				return r, fmt.Errorf("%s has no %s archive of version %s (%s): build it first (go run ./installer/dist)", dir, goos+"/"+arch, version, archiveName(version, goos, arch, false))
			}
		}
	}
	return r, nil
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// TarGz packs a Linux or macOS binary as unitymcp with the README and the
// Unity package (for `unitymcp install unity --source local`; the Homebrew
// formula installs it into share/unitymcp) into out; noTray marks a macOS
// build without cgo. It returns the archive's path.
func TarGz(r Repo, binary, version, goos, arch string, noTray bool, out string) (string, error) {
	dst := filepath.Join(out, archiveName(version, goos, arch, noTray))
	f, err := os.Create(dst)
	if err != nil {
		return "", err
	}
	defer f.Close()
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	add := func(src, name string, mode int64) error {
		b, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(&tar.Header{Name: filepath.ToSlash(name), Mode: mode, Size: int64(len(b)), Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err = tw.Write(b)
		return err
	}
	if err := add(binary, "unitymcp", 0o755); err != nil {
		return "", err
	}
	if err := add(r.path("README.md"), "README.md", 0o644); err != nil {
		return "", err
	}
	err = filepath.WalkDir(r.path("unity-package"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(string(r), p)
		return add(p, rel, 0o644)
	})
	if err != nil {
		return "", err
	}
	if err := tw.Close(); err != nil {
		return "", err
	}
	if err := gz.Close(); err != nil {
		return "", err
	}
	return dst, f.Close()
}

// WriteManifests writes the package managers' manifests of r into out — the
// Scoop manifest unitymcp.json, the Homebrew formula unitymcp.rb and the
// three winget files — and returns their paths. They are release files
// too: `scoop install` takes unitymcp.json's URL, and the release workflow
// copies the formula to the tap and the winget files to winget-pkgs.
func WriteManifests(r Release, out string) ([]string, error) {
	files, err := WingetManifests(r)
	if err != nil {
		return nil, err
	}
	if files["unitymcp.json"], err = ScoopManifest(r); err != nil {
		return nil, err
	}
	if files["unitymcp.rb"], err = HomebrewFormula(r); err != nil {
		return nil, err
	}
	var paths []string
	for name, b := range files {
		p := filepath.Join(out, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths, nil
}
