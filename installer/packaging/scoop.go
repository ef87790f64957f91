package packaging

import (
	"encoding/json"
	"strings"

	"github.com/unitymcp/unitymcp/service"
)

// ScoopManifest is the Scoop app manifest of a release (unitymcp.json, a
// release file, so `scoop install <its URL>` works without a bucket): the
// Windows zips per architecture with their hashes, unitymcp.exe on PATH
// through Scoop's shim, a Start-menu shortcut for the tray build, and
// checkver/autoupdate so a bucket can follow new releases. Keys and forms
// follow Scoop's app manifest documentation (ScoopInstaller/Scoop wiki,
// "App Manifests").
func ScoopManifest(r Release) ([]byte, error) {
	type arch struct {
		URL  string `json:"url"`
		Hash string `json:"hash"`
	}
	archs := map[string]arch{}
	auto := map[string]map[string]string{}
	for scoopArch, goarch := range map[string]string{"64bit": "amd64", "arm64": "arm64"} {
		a, ok := r.Archive("windows", goarch)
		if !ok {
			continue
		}
		archs[scoopArch] = arch{URL: r.URL(a), Hash: a.SHA256}
		// The same file of a later version: the version in the name and
		// the tag replaced by Scoop's $version.
		auto[scoopArch] = map[string]string{"url": strings.ReplaceAll(r.URL(a), r.Version, "$version")}
	}
	m := struct {
		Version      string            `json:"version"`
		Description  string            `json:"description"`
		Homepage     string            `json:"homepage"`
		License      string            `json:"license"`
		Architecture map[string]arch   `json:"architecture"`
		ExtractDir   string            `json:"extract_dir"`
		Bin          string            `json:"bin"`
		Shortcuts    [][]string        `json:"shortcuts"`
		Notes        []string          `json:"notes"`
		Checkver     map[string]string `json:"checkver"`
		Autoupdate   map[string]any    `json:"autoupdate"`
	}{
		Version: r.Version, Description: Description, Homepage: Homepage, License: License,
		Architecture: archs, ExtractDir: "unitymcp", Bin: "unitymcp.exe",
		Shortcuts: [][]string{{service.WindowsGUIExe, "unitymcp", "serve"}},
		Notes: []string{
			"Start unitymcp at login (the daemon and its tray): unitymcp service install",
			"Add it to a Unity project: unitymcp install unity --project <folder>  (--source local uses the package installed with it)",
			"Connect an agent: unitymcp install client <name>  (unitymcp install client --help lists them)",
		},
		Checkver:   map[string]string{"github": Homepage},
		Autoupdate: map[string]any{"architecture": auto, "hash": map[string]string{"url": "$baseurl/SHA256SUMS"}},
	}
	b, err := json.MarshalIndent(m, "", "    ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
