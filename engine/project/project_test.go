package project

import (
	"os"
	"path/filepath"
	"testing"
)

func TestHashKnownValue(t *testing.T) {
	t.Parallel()
	// sha256("/home/u/Game/Assets") computed independently with sha256sum.
	got := Hash("/home/u/Game/Assets")
	if len(got) != 16 || !IsHash(got) {
		t.Fatalf("Hash gave %q, want 16 lowercase hex digits", got)
	}
	if got != "f4b9cebf23e162e0" {
		t.Fatalf("Hash = %q, want %q", got, "f4b9cebf23e162e0")
	}
}

func TestDataPathForms(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	want := filepath.ToSlash(dir) + "/Assets"
	for _, in := range []string{dir, dir + "/", filepath.Join(dir, "Assets"), filepath.Join(dir, "Assets") + "/", filepath.Join(dir, "x", "..")} {
		got, err := DataPath(in)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("DataPath(%q) = %q, want %q", in, got, want)
		}
	}
	if _, err := DataPath(""); err == nil {
		t.Error("DataPath(\"\") gave no error")
	}
	if Root(want) != filepath.ToSlash(dir) {
		t.Errorf("Root(%q) = %q", want, Root(want))
	}
}

func TestFindRoot(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, d := range []string{"Assets/Scripts/Deep", "ProjectSettings"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	got, ok := FindRoot(filepath.Join(dir, "Assets/Scripts/Deep"))
	if !ok || got != dir {
		t.Fatalf("FindRoot = %q, %v; want %q", got, ok, dir)
	}
	if _, ok := FindRoot(t.TempDir()); ok {
		t.Fatal("FindRoot found a project in an empty folder")
	}
}
