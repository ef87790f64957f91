package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needTools skips without the programs, and fails under CI=true (.ci/run
// installs them).
func needTools(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			msg := "signing the Windows binaries needs " + n + " (Debian packages osslsigncode openssl): " + err.Error()
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
}

// mustRun runs a program that must succeed.
func mustRun(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// -sign as the release workflow uses it, with a certificate made here: the
// Windows binary is Authenticode-signed in place, osslsigncode verifies the
// signature against that certificate and reads the publisher's name and
// URL back; a wrong password fails naming the binary and leaves it as it
// was.
func TestSignWindowsBinary(t *testing.T) {
	needTools(t, "osslsigncode", "openssl")
	dir := t.TempDir()
	key, cert, pfx := filepath.Join(dir, "key.pem"), filepath.Join(dir, "cert.pem"), filepath.Join(dir, "codesign.pfx")
	mustRun(t, dir, nil, "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=unitymcp test signer",
		"-addext", "extendedKeyUsage=codeSigning", "-keyout", key, "-out", cert)
	mustRun(t, dir, nil, "openssl", "pkcs12", "-export", "-inkey", key, "-in", cert, "-out", pfx, "-passout", "pass:s3cret")

	// A small Windows program stands in for unitymcp.exe: what is signed is
	// the PE file, whatever it holds.
	src := filepath.Join(dir, "prog")
	os.MkdirAll(src, 0o755)
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module prog\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(src, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o644)
	exe := filepath.Join(dir, "unitymcp.exe")
	mustRun(t, src, []string{"GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0", "GOFLAGS=-mod=mod"}, "go", "build", "-o", exe, ".")
	unsigned, _ := os.ReadFile(exe)

	t.Setenv("PFX_PASSWORD", "wrong")
	err := sign(config{sign: pfx}, exe)
	if err == nil || !strings.Contains(err.Error(), exe) {
		t.Errorf("signing with a wrong password: %v, want an error naming %s", err, exe)
	}
	if b, _ := os.ReadFile(exe); string(b) != string(unsigned) {
		t.Error("a failed signing changed the binary")
	}

	t.Setenv("PFX_PASSWORD", "s3cret")
	if err := sign(config{sign: pfx}, exe); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(exe + ".signed"); !os.IsNotExist(err) {
		t.Errorf("the signing's temporary file is left: %v", err)
	}
	out := mustRun(t, dir, nil, "osslsigncode", "verify", "-in", exe, "-CAfile", cert)
	for _, want := range []string{"Subject: /CN=unitymcp test signer", "Signature verification: ok"} {
		if !strings.Contains(out, want) {
			t.Errorf("osslsigncode verify lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "Text description: unitymcp\n") || !strings.Contains(out, "URL description: https://github.com/unitymcp/unitymcp\n") {
		t.Errorf("the signature does not name the program and its URL:\n%s", out)
	}
}
