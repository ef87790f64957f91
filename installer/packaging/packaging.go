// Package packaging builds the distributable packages: .deb and .rpm with
// nfpm (as a library), the Windows zip, the macOS app layout, and checksums.
// installer/dist is the command that drives it.
package packaging

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/goreleaser/nfpm/v2"
	_ "github.com/goreleaser/nfpm/v2/deb" // registers the deb packager
	"github.com/goreleaser/nfpm/v2/files"
	_ "github.com/goreleaser/nfpm/v2/rpm" // registers the rpm packager

	"github.com/unitymcp/unitymcp/service"
)

// LinuxBinary is where the .deb and .rpm install unitymcp; the unit and the
// desktop entries they ship start it.
const LinuxBinary = "/usr/bin/unitymcp"

// MacAppBinary is where the macOS app's binary lies once unitymcp.app is in
// /Applications (installer/macos/build-app.sh builds the app); the
// packagers' LaunchAgent, installer/macos/unitymcp.plist, starts it.
const MacAppBinary = "/Applications/unitymcp.app/Contents/MacOS/unitymcp"

// Repo is the repository root (for the files packages carry).
type Repo string

func (r Repo) path(p ...string) string { return filepath.Join(append([]string{string(r)}, p...)...) }

// LinuxPackage builds a .deb or .rpm ("deb", "rpm") for arch from the
// binary and writes it into out; it returns the file's path. The systemd
// user unit and the desktop entry are the service package's own
// (service.SystemdUnit, service.DesktopEntry): the very text
// `unitymcp service install` writes, for LinuxBinary.
func LinuxPackage(r Repo, format, arch, version, binary, out string) (string, error) {
	gen, err := os.MkdirTemp("", "unitymcp-package-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(gen)
	unit, desktop := filepath.Join(gen, service.Name+".service"), filepath.Join(gen, service.Name+".desktop")
	if err := os.WriteFile(unit, []byte(service.SystemdUnit(LinuxBinary)), 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(desktop, []byte(service.DesktopEntry(LinuxBinary)), 0o644); err != nil {
		return "", err
	}
	c := files.Contents{
		{Source: binary, Destination: LinuxBinary, FileInfo: &files.ContentFileInfo{Mode: 0o755}},
		{Source: unit, Destination: "/usr/lib/systemd/user/" + service.Name + ".service", FileInfo: &files.ContentFileInfo{Mode: 0o644}},
		{Source: desktop, Destination: "/etc/xdg/autostart/" + service.Name + ".desktop", Type: files.TypeConfigNoReplace, FileInfo: &files.ContentFileInfo{Mode: 0o644}},
		{Source: desktop, Destination: "/usr/share/applications/" + service.Name + ".desktop", FileInfo: &files.ContentFileInfo{Mode: 0o644}},
		{Source: r.path("tray", "icons", "connected.png"), Destination: "/usr/share/icons/hicolor/64x64/apps/unitymcp.png", FileInfo: &files.ContentFileInfo{Mode: 0o644}},
		{Source: r.path("README.md"), Destination: "/usr/share/doc/unitymcp/README.md", FileInfo: &files.ContentFileInfo{Mode: 0o644}},
		{Source: r.path("unity-package"), Destination: "/usr/share/unitymcp/unity-package", Type: files.TypeTree},
	}
	info := &nfpm.Info{
		Name: "unitymcp", Arch: arch, Platform: "linux", Version: strings.TrimPrefix(version, "v"), VersionSchema: "none",
		Section: "devel", Priority: "optional", Maintainer: "unitymcp contributors <unitymcp@users.noreply.github.com>",
		Description: "Lets AI coding agents drive the Unity Editor through MCP: a per-user daemon with a tray,\nnative notifications and reload-proof calls, and the Unity package it talks to.",
		Vendor:      "unitymcp", Homepage: "https://github.com/unitymcp/unitymcp", License: "MIT",
		Overridables: nfpm.Overridables{Contents: c, Recommends: []string{"xdg-utils", "libnotify-bin"}},
	}
	info = nfpm.WithDefaults(info)
	if err := nfpm.PrepareForPackager(info, format); err != nil {
		return "", fmt.Errorf("%s: %w", format, err)
	}
	pk, err := nfpm.Get(format)
	if err != nil {
		return "", err
	}
	name := pk.ConventionalFileName(info)
	dst := filepath.Join(out, name)
	f, err := os.Create(dst)
	if err != nil {
		return "", err
	}
	if err := pk.Package(info, f); err != nil {
		f.Close()
		return "", fmt.Errorf("%s: %w", format, err)
	}
	return dst, f.Close()
}

// WindowsZip packs the console and GUI builds with the README and the Unity
// package.
func WindowsZip(r Repo, console, gui, version, arch, out string) (string, error) {
	dst := filepath.Join(out, fmt.Sprintf("unitymcp_%s_windows_%s.zip", strings.TrimPrefix(version, "v"), arch))
	f, err := os.Create(dst)
	if err != nil {
		return "", err
	}
	defer f.Close()
	z := zip.NewWriter(f)
	add := func(src, name string) error {
		in, err := os.Open(src)
		if err != nil {
			return err
		}
		defer in.Close()
		w, err := z.Create("unitymcp/" + filepath.ToSlash(name))
		if err != nil {
			return err
		}
		_, err = io.Copy(w, in)
		return err
	}
	for _, f := range [][2]string{{console, "unitymcp.exe"}, {gui, service.WindowsGUIExe}, {r.path("README.md"), "README.md"},
		{r.path("installer", "windows", "README.md"), "WINDOWS.md"}} {
		if err := add(f[0], f[1]); err != nil {
			return "", err
		}
	}
	err = filepath.WalkDir(r.path("unity-package"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(string(r), p)
		return add(p, rel)
	})
	if err != nil {
		return "", err
	}
	return dst, z.Close()
}

// Checksums writes SHA256SUMS for the files and returns its lines.
func Checksums(out string, paths []string) ([]string, error) {
	sort.Strings(paths)
	var lines []string
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		h := sha256.New()
		io.Copy(h, f)
		f.Close()
		lines = append(lines, hex.EncodeToString(h.Sum(nil))+"  "+filepath.Base(p))
	}
	return lines, os.WriteFile(filepath.Join(out, "SHA256SUMS"), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}
