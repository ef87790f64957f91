package packaging

import (
	"fmt"
	"strconv"
	"strings"
)

// WingetID is unitymcp's package identifier in the Windows Package
// Manager's community repository (Publisher.Name).
const WingetID = "unitymcp.unitymcp"

// wingetManifestVersion is the manifest schema the files follow
// (microsoft/winget-cli, schemas/JSON/manifests/v1.10.0).
const wingetManifestVersion = "1.10.0"

// WingetManifests are the three files of a multi-file winget manifest of a
// release (version, installer, default locale), by file name, as they go
// under manifests/u/unitymcp/unitymcp/<version>/ in winget-pkgs. The
// installer is the Windows zip with a portable nested installer:
// `winget install unitymcp.unitymcp` extracts it per user and puts
// unitymcp.exe on PATH as the command alias "unitymcp", beside the Unity
// package it carries.
func WingetManifests(r Release) (map[string][]byte, error) {
	head := fmt.Sprintf("PackageIdentifier: %s\nPackageVersion: %s\n", WingetID, yamlString(r.Version))
	tail := "ManifestVersion: " + wingetManifestVersion + "\n"
	schema := func(kind string) string {
		return "# yaml-language-server: $schema=https://aka.ms/winget-manifest." + kind + "." + wingetManifestVersion + ".schema.json\n"
	}

	var inst strings.Builder
	inst.WriteString(schema("installer") + head)
	inst.WriteString("InstallerType: zip\nNestedInstallerType: portable\nNestedInstallerFiles:\n")
	inst.WriteString("- RelativeFilePath: " + yamlString(`unitymcp\unitymcp.exe`) + "\n  PortableCommandAlias: unitymcp\n")
	inst.WriteString("Scope: user\nUpgradeBehavior: install\nInstallers:\n")
	n := 0
	for _, arch := range []struct{ winget, goarch string }{{"x64", "amd64"}, {"arm64", "arm64"}} {
		a, ok := r.Archive("windows", arch.goarch)
		if !ok {
			continue
		}
		n++
		fmt.Fprintf(&inst, "- Architecture: %s\n  InstallerUrl: %s\n  InstallerSha256: %s\n", arch.winget, yamlString(r.URL(a)), strings.ToUpper(a.SHA256))
	}
	if n == 0 {
		return nil, fmt.Errorf("release %s has no Windows zip for winget", r.Version)
	}
	inst.WriteString("ManifestType: installer\n" + tail)

	var loc strings.Builder
	loc.WriteString(schema("defaultLocale") + head)
	loc.WriteString("PackageLocale: en-US\nPublisher: unitymcp\nPublisherUrl: " + yamlString(Homepage) + "\n")
	loc.WriteString("PackageName: unitymcp\nPackageUrl: " + yamlString(Homepage) + "\n")
	loc.WriteString("License: " + License + "\nLicenseUrl: " + yamlString(Homepage+"/blob/main/unity-package/LICENSE.md") + "\n")
	loc.WriteString("ShortDescription: " + yamlString(Description) + "\n")
	loc.WriteString("Moniker: unitymcp\nTags:\n- unity\n- mcp\n- ai\n- agent\n")
	loc.WriteString("ReleaseNotesUrl: " + yamlString(Homepage+"/releases/tag/v"+r.Version) + "\n")
	loc.WriteString("ManifestType: defaultLocale\n" + tail)

	ver := schema("version") + head + "DefaultLocale: en-US\nManifestType: version\n" + tail

	base := WingetID
	return map[string][]byte{
		base + ".yaml":              []byte(ver),
		base + ".installer.yaml":    []byte(inst.String()),
		base + ".locale.en-US.yaml": []byte(loc.String()),
	}, nil
}

// yamlString quotes s as a YAML double-quoted scalar (JSON's string syntax,
// which YAML reads the same way), so a backslash, a colon or a leading
// character YAML would take for syntax stays text.
func yamlString(s string) string { return strconv.Quote(s) }
