package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const pkg = "../../unity-package"

// Every stubbed type and member, under every supported version's defines,
// is declared exactly so in that version's reference source.
func TestStubsMatchEveryVersion(t *testing.T) {
	bad, err := checkAll(pkg)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// The check catches the lies it exists for: a stub missing Unity 6.5's
// obsolete-as-error, a member a version lacks, a wrong parameter type, a
// static-ness or accessibility that differs.
func TestCheckCatchesLies(t *testing.T) {
	targets, err := ReadTargets(apiDir(pkg))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]Target{}
	for _, v := range targets {
		byName[v.Name] = v
	}
	cases := []struct {
		name, file, old, new, version, want string
	}{
		{"obsolete error dropped", "World.cs",
			`[Obsolete("GetInstanceID is deprecated. Use GetEntityId instead. This will be removed in a future version.", true)]`, ``,
			"6000.5", "UnityEngine.Object::GetInstanceID public method () int\nbut Unity 6000.5 declares"},
		{"member a version lacks", "UnityEditor.cs",
			"#if UNITY_6000_3_OR_NEWER\n        public static UnityEngine.Object EntityIdToObject", "#if UNITY_2022_3_OR_NEWER\n        public static UnityEngine.Object EntityIdToObject",
			"2022.3", "UnityEditor.EditorUtility::EntityIdToObject is not in the Unity 2022.3 manifest"},
		{"parameter type", "UnityEditor.cs",
			"public static void SetString(string key, string value) { }", "public static void SetString(string key, object value) { }",
			"6000.0", "public static method (string,object) void"},
		{"static-ness", "UnityEditor.cs",
			"public static bool isCompiling", "public bool isCompiling",
			"6000.7", "UnityEditor.EditorApplication::isCompiling public property bool get\nbut"},
		{"accessibility", "UnityEditor.cs",
			"private PlayerSettings() { }", "",
			"2022.3", "UnityEditor.PlayerSettings::.ctor public ctor ()\nbut Unity 2022.3 declares\n\tUnityEditor.PlayerSettings::.ctor private ctor ()"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files, _ := filepath.Glob(filepath.Join(stubsDir(pkg), "*.cs"))
			found := false
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if filepath.Base(f) == c.file {
					if !bytes.Contains(b, []byte(c.old)) {
						t.Fatalf("%s no longer contains %q; update the test", c.file, c.old)
					}
					b = bytes.Replace(b, []byte(c.old), []byte(c.new), 1)
					found = true
				}
				if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if !found {
				t.Fatalf("no stub file %s", c.file)
			}
			v := byName[c.version]
			stubs, err := StubDecls(dir, v)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ReadManifest(filepath.Join(apiDir(pkg), v.Name+".api"), v.Source)
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(Check(stubs, m, "Unity "+v.Name), "\n")
			if !strings.Contains(got, c.want) {
				t.Errorf("the check did not report %q; it said:\n%s", c.want, got)
			}
		})
	}
}

// The committed manifests are what the reference source says today. Needs a
// clone of Unity-Technologies/UnityCsReference (UNITY_CS_REFERENCE=its git
// directory); CI has none, so it checks the committed manifests only.
func TestManifestsCurrent(t *testing.T) {
	ref := os.Getenv("UNITY_CS_REFERENCE")
	if ref == "" {
		t.Skip("set UNITY_CS_REFERENCE to a UnityCsReference clone to regenerate and compare the manifests")
	}
	clones := refs{Reference: ref}
	tmp := t.TempDir()
	// The stubs, the versions and packages lists, and the sources whose
	// reflects comments name keys.
	for _, dir := range []string{"Tests~", "Editor"} {
		if err := os.CopyFS(filepath.Join(tmp, dir), os.DirFS(filepath.Join(pkg, dir))); err != nil {
			t.Fatal(err)
		}
	}
	var log bytes.Buffer
	if err := extractAll(tmp, clones, &log); err != nil {
		t.Fatal(err)
	}
	targets, _ := ReadTargets(apiDir(pkg))
	for _, v := range targets {
		if v.Source != Reference {
			continue
		}
		want, _ := os.ReadFile(filepath.Join(apiDir(pkg), v.Name+".api"))
		got, _ := os.ReadFile(filepath.Join(apiDir(tmp), v.Name+".api"))
		if !bytes.Equal(want, got) {
			t.Errorf("Tests~/Api/%s.api is stale; run go run ./cmd/unitystubcheck extract -ref %s", v.Name, "$UNITY_CS_REFERENCE")
		}
	}
}

// A reflected member is checked like a stubbed one: a declaration that
// differs in any version is reported with what Unity declares.
func TestReflectedMembersChecked(t *testing.T) {
	m := &Manifest{Source: Reference, ByKey: map[string][]string{
		"UnityEditor.GUIView::GrabPixels": {"UnityEditor.GUIView::GrabPixels internal method (RenderTexture,Rect) void"},
	}, Absent: map[string]bool{"UnityEditor.GUIView::Gone": true}}
	rs := []Reflected{
		{Source: Reference, File: "a.cs", Line: 1, Key: "UnityEditor.GUIView::GrabPixels", Want: "UnityEditor.GUIView::GrabPixels internal method (RenderTexture,Rect) void"},
		{Source: Reference, File: "a.cs", Line: 2, Key: "UnityEditor.GUIView::GrabPixels", Want: "UnityEditor.GUIView::GrabPixels public method (RenderTexture,Rect) void"},
		{Source: Reference, File: "a.cs", Line: 3, Key: "UnityEditor.GUIView::Gone", Want: "UnityEditor.GUIView::Gone internal field int"},
		{Source: Reference, Since: "6000.7", File: "a.cs", Line: 4, Key: "UnityEditor.GUIView::Gone", Want: "UnityEditor.GUIView::Gone internal field int"},
	}
	m.Version = "6000.5"
	bad := CheckReflected(rs, m, "Unity 6000.5")
	if len(bad) != 2 || !strings.HasPrefix(bad[0], "a.cs:2: reflects") || !strings.Contains(bad[1], "a.cs:3: reflects UnityEditor.GUIView::Gone, which Unity 6000.5 does not declare") {
		t.Fatalf("got %q", bad)
	}
	found, err := ReflectedDecls(pkg)
	if err != nil {
		t.Fatal(err)
	}
	var grab bool
	for _, r := range found {
		grab = grab || r.Key == "UnityEditor.GUIView::GrabPixels"
	}
	if !grab {
		t.Errorf("the screenshot's GrabPixels reflection is not among the package's reflects comments: %v", found)
	}
}
