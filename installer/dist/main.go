// Command dist builds every release artifact this machine can build into
// dist/: binaries for Linux, Windows and macOS (without cgo: no macOS tray;
// installer/macos/build-app.sh makes the .app on a Mac), .deb and .rpm, the
// Windows zips, and SHA256SUMS. The version comes from git.
//
//	go run ./installer/dist [-out dist] [-sign codesign.pfx]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/installer/packaging"
	"github.com/unitymcp/unitymcp/service"
)

func main() {
	out := flag.String("out", "dist", "output folder")
	sign := flag.String("sign", "", "PKCS#12 file to Authenticode-sign Windows binaries with osslsigncode (password in PFX_PASSWORD)")
	flag.Parse()
	if err := run(*out, *sign); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
}

func version() string {
	b, err := exec.Command("git", "describe", "--tags", "--always", "--dirty").Output()
	v := strings.TrimSpace(string(b))
	if err != nil || v == "" {
		return "0.1.0-dev"
	}
	if v[0] < '0' || v[0] > '9' {
		if v[0] == 'v' {
			return v[1:]
		}
		return "0.0.0-" + v // no tag yet: the commit
	}
	return v
}

func build(out, goos, goarch, name string, ldflags ...string) (string, error) {
	dst := filepath.Join(out, goos+"_"+goarch, name)
	args := []string{"build", "-trimpath", "-o", dst, "-ldflags", strings.Join(append([]string{"-s", "-w", "-X", "github.com/unitymcp/unitymcp/engine/api.Version=" + version()}, ldflags...), " "), "./cmd/unitymcp"}
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+goos, "GOARCH="+goarch)
	cmd.Stderr = os.Stderr
	fmt.Println("build", goos, goarch, name)
	return dst, cmd.Run()
}

func run(out, sign string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	repo := packaging.Repo(".")
	v := version()
	var artifacts []string
	for _, arch := range []string{"amd64", "arm64"} {
		bin, err := build(out, "linux", arch, "unitymcp")
		if err != nil {
			return err
		}
		for _, format := range []string{"deb", "rpm"} {
			p, err := packaging.LinuxPackage(repo, format, arch, v, bin, out)
			if err != nil {
				return err
			}
			artifacts = append(artifacts, p)
		}
		console, err := build(out, "windows", arch, "unitymcp.exe")
		if err != nil {
			return err
		}
		gui, err := build(out, "windows", arch, service.WindowsGUIExe, "-H=windowsgui")
		if err != nil {
			return err
		}
		if sign != "" {
			for _, exe := range []string{console, gui} {
				signed := exe + ".signed"
				cmd := exec.Command("osslsigncode", "sign", "-pkcs12", sign, "-pass", os.Getenv("PFX_PASSWORD"), "-n", "unitymcp",
					"-i", "https://github.com/unitymcp/unitymcp", "-in", exe, "-out", signed)
				cmd.Stderr = os.Stderr
				if err := cmd.Run(); err != nil {
					return fmt.Errorf("signing %s: %w", exe, err)
				}
				os.Rename(signed, exe)
			}
		}
		z, err := packaging.WindowsZip(repo, console, gui, v, arch, out)
		if err != nil {
			return err
		}
		artifacts = append(artifacts, z)
		mac, err := build(out, "darwin", arch, "unitymcp")
		if err != nil {
			return err
		}
		named := filepath.Join(out, fmt.Sprintf("unitymcp_%s_darwin_%s_notray", v, arch))
		if err := os.Rename(mac, named); err != nil {
			return err
		}
		artifacts = append(artifacts, named)
	}
	lines, err := packaging.Checksums(out, artifacts)
	if err != nil {
		return err
	}
	fmt.Println("\nversion", v, "— SHA256SUMS:")
	fmt.Println(strings.Join(lines, "\n"))
	return nil
}
