// Command dist builds the release into dist/: for Linux (.deb, .rpm and a
// tar.gz), Windows (a zip with the console and the GUI build) and macOS (a
// tar.gz; without cgo the tray is left out, and the file says _notray),
// each on amd64 and arm64; then the package managers' manifests generated
// from those files (packaging.WriteManifests: Scoop's unitymcp.json, the
// Homebrew formula unitymcp.rb, the three winget files) and SHA256SUMS of
// everything. .github/workflows/release.yml runs it for a tag vX.Y.Z.
//
//	go run ./installer/dist [-out dist] [-targets linux,windows,darwin] [-cgo]
//	                        [-sign codesign.pfx [-timestamp URL]] [-version V]
//	go run ./installer/dist -manifests [-out dist] [-version V]
//
// The version comes from git (a tag vX.Y.Z gives X.Y.Z; any other commit
// the development version with what git describes). A release version
// must be the Unity package's (unity-package/package.json): `unitymcp
// install unity` pins the package at the tag of the binary's version, so
// the two are one release. -manifests only writes the manifests and
// SHA256SUMS over what dist/ holds (the release workflow's last step, after
// a Mac added the macOS archives with the tray: -targets darwin -cgo).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/installer/packaging"
	"github.com/unitymcp/unitymcp/service"
)

type config struct {
	out, sign, timestamp, version string
	targets                       []string
	cgo, manifestsOnly            bool
}

func main() {
	var c config
	var targets string
	flag.StringVar(&c.out, "out", "dist", "output folder")
	flag.StringVar(&targets, "targets", "linux,windows,darwin", "operating systems to build for")
	flag.BoolVar(&c.cgo, "cgo", false, "build with cgo (on a Mac: the macOS tray)")
	flag.StringVar(&c.sign, "sign", "", "PKCS#12 file to Authenticode-sign the Windows binaries with osslsigncode (password in PFX_PASSWORD)")
	flag.StringVar(&c.timestamp, "timestamp", "", "RFC 3161 timestamp server for -sign, so signatures outlive the certificate")
	flag.StringVar(&c.version, "version", "", "version to build (default: from git)")
	flag.BoolVar(&c.manifestsOnly, "manifests", false, "only write the manifests and SHA256SUMS over the files in -out")
	flag.Parse()
	c.targets = strings.Split(targets, ",")
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
}

// version is the version of this checkout, from `git describe --tags
// --always --dirty`.
func version() string {
	b, err := exec.Command("git", "describe", "--tags", "--always", "--dirty").Output()
	if err != nil {
		return api.Version
	}
	return versionOf(strings.TrimSpace(string(b)))
}

// releaseTag is a release's tag: vX.Y.Z.
var releaseTag = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+$`)

// versionOf is the version a build of the checkout git describes as
// describe says: at a release tag vX.Y.Z exactly (and clean), X.Y.Z;
// anywhere else — no tag yet, commits after a tag (v1.2.3-4-gabc), local
// changes (-dirty) — the development version `go install` builds say
// (api.Version) with describe's text as build metadata, so a package and a
// go-installed binary of the same checkout name the same version, and
// `install unity` of such a build never pins a tag that does not exist.
func versionOf(describe string) string {
	if describe == "" {
		return api.Version
	}
	if releaseTag.MatchString(describe) {
		return describe[1:]
	}
	return api.Version + "+" + strings.TrimPrefix(describe, "v")
}

// isRelease reports whether v is a release version (1.2.3), not a
// development one (1.2.3-dev, 1.2.3+commit, 1.2.3-4-gabc from git describe).
func isRelease(v string) bool { return !strings.ContainsAny(v, "-+") }

// checkPackageVersion refuses a release whose version is not the Unity
// package's: the git source of `install unity` pins the tag v<version>,
// whose unity-package/package.json must say the same version.
func checkPackageVersion(repo, v string) error {
	if !isRelease(v) {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(repo, "unity-package", "package.json"))
	if err != nil {
		return err
	}
	var p struct{ Version string }
	if err := json.Unmarshal(b, &p); err != nil {
		return fmt.Errorf("unity-package/package.json: %w", err)
	}
	if p.Version != v {
		return fmt.Errorf("the release is %s but unity-package/package.json says %s: set its version (and CHANGELOG.md) to %s, so `unitymcp install unity` pins the package of this release", v, p.Version, v)
	}
	return nil
}

func build(c config, v, goos, goarch, name string, ldflags ...string) (string, error) {
	dst := filepath.Join(c.out, goos+"_"+goarch, name)
	args := []string{"build", "-trimpath", "-o", dst, "-ldflags", strings.Join(append([]string{"-s", "-w", "-X", "github.com/unitymcp/unitymcp/engine/api.Version=" + v}, ldflags...), " "), "./cmd/unitymcp"}
	cmd := exec.Command("go", args...)
	cgo := "0"
	if c.cgo {
		cgo = "1"
	}
	cmd.Env = append(os.Environ(), "CGO_ENABLED="+cgo, "GOOS="+goos, "GOARCH="+goarch)
	cmd.Stderr = os.Stderr
	fmt.Println("build", goos, goarch, name)
	return dst, cmd.Run()
}

// sign Authenticode-signs a Windows binary in place.
func sign(c config, exe string) error {
	signed := exe + ".signed"
	args := []string{"sign", "-pkcs12", c.sign, "-pass", os.Getenv("PFX_PASSWORD"), "-n", "unitymcp", "-i", packaging.Homepage}
	if c.timestamp != "" {
		args = append(args, "-ts", c.timestamp)
	}
	cmd := exec.Command("osslsigncode", append(args, "-in", exe, "-out", signed)...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("signing %s: %w", exe, err)
	}
	return os.Rename(signed, exe)
}

func run(c config) error {
	v := c.version
	if v == "" {
		v = version()
	}
	v = strings.TrimPrefix(v, "v")
	if err := checkPackageVersion(".", v); err != nil {
		return err
	}
	if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	if !c.manifestsOnly {
		if err := buildAll(c, v); err != nil {
			return err
		}
		if len(c.targets) < 3 {
			fmt.Println("\nversion", v, "— built", strings.Join(c.targets, ", "), "only: run with -manifests once dist holds every archive")
			return nil
		}
	}
	r, err := packaging.ReadRelease(c.out, v, "")
	if err != nil {
		return err
	}
	if _, err := packaging.WriteManifests(r, c.out); err != nil {
		return err
	}
	files, err := releaseFiles(c.out)
	if err != nil {
		return err
	}
	lines, err := packaging.Checksums(c.out, files)
	if err != nil {
		return err
	}
	fmt.Println("\nversion", v, "— SHA256SUMS:")
	fmt.Println(strings.Join(lines, "\n"))
	return nil
}

// buildAll builds the archives of c.targets.
func buildAll(c config, v string) error {
	repo := packaging.Repo(".")
	for _, arch := range []string{"amd64", "arm64"} {
		if slices.Contains(c.targets, "linux") {
			bin, err := build(c, v, "linux", arch, "unitymcp")
			if err != nil {
				return err
			}
			for _, format := range []string{"deb", "rpm"} {
				if _, err := packaging.LinuxPackage(repo, format, arch, v, bin, c.out); err != nil {
					return err
				}
			}
			if _, err := packaging.TarGz(repo, bin, v, "linux", arch, false, c.out); err != nil {
				return err
			}
		}
		if slices.Contains(c.targets, "windows") {
			console, err := build(c, v, "windows", arch, "unitymcp.exe")
			if err != nil {
				return err
			}
			gui, err := build(c, v, "windows", arch, service.WindowsGUIExe, "-H=windowsgui")
			if err != nil {
				return err
			}
			if c.sign != "" {
				for _, exe := range []string{console, gui} {
					if err := sign(c, exe); err != nil {
						return err
					}
				}
			}
			if _, err := packaging.WindowsZip(repo, console, gui, v, arch, c.out); err != nil {
				return err
			}
		}
		if slices.Contains(c.targets, "darwin") {
			mac, err := build(c, v, "darwin", arch, "unitymcp")
			if err != nil {
				return err
			}
			if _, err := packaging.TarGz(repo, mac, v, "darwin", arch, !c.cgo, c.out); err != nil {
				return err
			}
		}
	}
	return nil
}

// releaseFiles are the files of the release in out: everything but
// SHA256SUMS and the build folders.
func releaseFiles(out string) ([]string, error) {
	entries, err := os.ReadDir(out)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		if e.Type().IsRegular() && e.Name() != "SHA256SUMS" {
			files = append(files, filepath.Join(out, e.Name()))
		}
	}
	return files, nil
}
