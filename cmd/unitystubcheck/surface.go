package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Version is one supported Unity version (a line of Tests~/Api/versions).
type Version struct {
	Name, Branch string
	Defines      map[string]bool
}

// ReadVersions reads Tests~/Api/versions.
func ReadVersions(path string) ([]Version, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Version
	for n, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("%s:%d: want \"version branch DEFINE...\", got %q", path, n+1, line)
		}
		v := Version{Name: f[0], Branch: f[1], Defines: map[string]bool{}}
		for _, d := range f[2:] {
			v.Defines[d] = true
		}
		out = append(out, v)
	}
	return out, nil
}

// Target is one source the stubs are checked against: Unity's reference
// source at a version's branch, or a package's source at a release, read
// under a Unity version's defines. Its manifest is Tests~/Api/<Name>.api.
type Target struct {
	Source  string // Reference, or a package name (com.unity.ugui)
	Name    string // the manifest's name: the Unity version, or package@version
	Ref     string // the git revision in the source's clone
	Prefix  string // only files under this folder of the clone ("" for all)
	Unity   string // the Unity version whose defines apply
	Defines map[string]bool
}

// Version is the Unity version, or the package's release, the target describes.
func (t Target) Version() string {
	if _, v, ok := strings.Cut(t.Name, "@"); ok {
		return v
	}
	return t.Name
}

// ReadTargets lists every target: one per Unity version (Tests~/Api/versions)
// and one per line of Tests~/Api/packages ("package version git-ref unity-version [folder]").
func ReadTargets(api string) ([]Target, error) {
	versions, err := ReadVersions(filepath.Join(api, "versions"))
	if err != nil {
		return nil, err
	}
	byName := map[string]Version{}
	var out []Target
	for _, v := range versions {
		byName[v.Name] = v
		out = append(out, Target{Source: Reference, Name: v.Name, Ref: v.Branch, Unity: v.Name, Defines: v.Defines})
	}
	path := filepath.Join(api, "packages")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	for n, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) < 4 {
			return nil, fmt.Errorf("%s:%d: want \"package version git-ref unity-version [folder]\", got %q", path, n+1, line)
		}
		v, ok := byName[f[3]]
		if !ok {
			return nil, fmt.Errorf("%s:%d: %s is not a Unity version of %s", path, n+1, f[3], filepath.Join(api, "versions"))
		}
		t := Target{Source: f[0], Name: f[0] + "@" + f[1], Ref: f[2], Unity: v.Name, Defines: v.Defines}
		if len(f) > 4 {
			t.Prefix = strings.TrimSuffix(f[4], "/") + "/"
		}
		out = append(out, t)
	}
	return out, nil
}

// StubSource is what a stub file is checked against: the first line of the
// file naming "Checked against: X"; UnityCsReference when it names none.
func StubSource(src string) string {
	for _, line := range strings.SplitN(src, "\n", 8) {
		if _, after, ok := strings.Cut(line, "Checked against: "); ok {
			f := strings.Fields(after)
			if len(f) > 0 {
				return strings.TrimRight(f[0], ".")
			}
		}
	}
	return Reference
}

// Reference names Unity's C# reference source.
const Reference = "UnityCsReference"

// StubDecls parses the stub files checked against the target's source under
// its defines and returns their visible declarations (what an adapter can use).
func StubDecls(dir string, t Target) ([]Decl, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.cs"))
	if err != nil {
		return nil, err
	}
	x := NewIndex()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		if StubSource(string(b)) != t.Source {
			continue
		}
		if err := x.Add(filepath.Base(f), string(b), t.Defines); err != nil {
			return nil, err
		}
	}
	all := x.Decls()
	// A member of a type an adapter cannot see (the behavioural fake's internal helper
	// types, private nested types) is not part of the surface either, whatever its own
	// modifier says.
	typeAccess := map[string]string{}
	for _, d := range all {
		if d.Name == "" && (typeAccess[d.Type] == "" || visible(d.Access)) {
			typeAccess[d.Type] = d.Access
		}
	}
	var decls []Decl
	for _, d := range all {
		if visible(d.Access) && enclosingVisible(d.Type, typeAccess) {
			decls = append(decls, d)
		}
	}
	sortDecls(decls)
	return decls, nil
}

// enclosingVisible reports whether the type and every type it is nested in are
// visible; name prefixes that are namespaces, not types, do not count.
func enclosingVisible(typ string, typeAccess map[string]string) bool {
	for t := typ; t != ""; {
		if acc, ok := typeAccess[t]; ok && !visible(acc) {
			return false
		}
		i := strings.LastIndexByte(t, '.')
		if i < 0 {
			break
		}
		t = t[:i]
	}
	return true
}

func sortDecls(ds []Decl) {
	sort.Slice(ds, func(i, j int) bool {
		if ds[i].Key() != ds[j].Key() {
			return ds[i].Key() < ds[j].Key()
		}
		return ds[i].String() < ds[j].String()
	})
}

// Manifest is a version's reference declarations for the keys the stubs
// name: every overload, every accessibility; a key Unity lacks is absent.
type Manifest struct {
	Source  string
	Version string // the Unity or package version it describes
	Header  []string
	ByKey   map[string][]string // canonical lines
	Absent  map[string]bool
}

const absentWord = " absent"

// Extract builds the manifest for the stub keys (and the reflected members')
// from the reference index.
func Extract(t Target, stubs []Decl, reflected []Reflected, ref *Index, header []string) *Manifest {
	m := &Manifest{Source: t.Source, Header: header, ByKey: map[string][]string{}, Absent: map[string]bool{}}
	want := map[string]bool{}
	for _, r := range reflected {
		if r.Source == t.Source {
			want[r.Key] = true
		}
	}
	for _, d := range stubs {
		want[d.Key()] = true
		if d.Kind == "class" && d.Name == "" && !d.Static {
			// A stub may hide the implicit constructor; the manifest says what Unity has.
			want[d.Type+"::.ctor"] = true
		}
	}
	for _, d := range ref.Decls() {
		if want[d.Key()] {
			if !slices.Contains(m.ByKey[d.Key()], d.String()) {
				m.ByKey[d.Key()] = append(m.ByKey[d.Key()], d.String())
			}
		}
	}
	for k := range want {
		if len(m.ByKey[k]) == 0 {
			m.Absent[k] = true
		}
	}
	return m
}

// Write stores the manifest, sorted, one canonical line per declaration.
func (m *Manifest) Write(path string) error {
	var lines []string
	for _, ls := range m.ByKey {
		lines = append(lines, ls...)
	}
	for k := range m.Absent {
		lines = append(lines, k+absentWord)
	}
	sort.Strings(lines)
	var b strings.Builder
	for _, h := range m.Header {
		b.WriteString("# " + h + "\n")
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// ReadManifest loads a manifest written by Write.
func ReadManifest(path, source string) (*Manifest, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := &Manifest{Source: source, ByKey: map[string][]string{}, Absent: map[string]bool{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# "):
			m.Header = append(m.Header, line[2:])
		case strings.HasSuffix(line, absentWord) && !strings.Contains(strings.TrimSuffix(line, absentWord), " "):
			m.Absent[strings.TrimSuffix(line, absentWord)] = true
		case line != "":
			key, _, _ := strings.Cut(line, " ")
			m.ByKey[key] = append(m.ByKey[key], line)
		}
	}
	return m, sc.Err()
}

// Check compares the stub declarations with a version's manifest and returns
// one message per stub declaration Unity does not have exactly as stubbed.
func Check(stubs []Decl, m *Manifest, version string) []string {
	var bad []string
	for _, d := range stubs {
		k := d.Key()
		where := fmt.Sprintf("%s:%d", d.File, d.Line)
		refs, known := m.ByKey[k]
		switch {
		case m.Absent[k]:
			bad = append(bad, fmt.Sprintf("%s: %s does not exist in %s; guard it with the version's define or remove it", where, k, version))
			continue
		case !known:
			bad = append(bad, fmt.Sprintf("%s: %s is not in the %s manifest; regenerate the manifests (go run ./cmd/unitystubcheck extract -ref DIR)", where, k, version))
			continue
		}
		if !slices.Contains(refs, d.String()) {
			bad = append(bad, fmt.Sprintf("%s: the stub says\n\t%s\nbut %s declares\n\t%s", where, d.String(), version, strings.Join(refs, "\n\t")))
		}
	}
	return bad
}

// Reflected is an internal member the adapters reach by reflection, named in
// a comment next to the reflection:
//
//	// unityapi:reflects UnityEditor.GUIView::GrabPixels internal method (RenderTexture,Rect) void
//
// The rest of the comment is the declaration's canonical line, which every
// supported version must declare exactly so. A member that appeared in a
// later version (the code handles its absence before) says from which:
//
//	// unityapi:reflects since 6000.3 UnityEditor.EditorApplication::applicationScriptingPath internal static property string get
//	// unityapi:reflects[com.unity.test-framework] since 1.4.6 UnityEditor.TestTools.TestRunner.Api.TestRunnerApi::SaveResultToFile …
type Reflected struct {
	Source string // Reference, or the package named as unityapi:reflects[com.unity.x]
	// Since is the first version that must declare it ("since 6000.3" after the marker;
	// the code handles its absence before), or "" for every version.
	Since string
	File  string
	Line  int
	Key   string
	Want  string
}

const reflectsMarker = "unityapi:reflects"

// ReflectedDecls finds the reflects comments in the package's C# sources.
func ReflectedDecls(pkg string) ([]Reflected, error) {
	var out []Reflected
	err := filepath.WalkDir(filepath.Join(pkg, "Editor"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".cs") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for n, line := range strings.Split(string(b), "\n") {
			_, want, ok := strings.Cut(line, "// "+reflectsMarker)
			if !ok {
				continue
			}
			source := Reference
			if strings.HasPrefix(want, "[") {
				end := strings.IndexByte(want, ']')
				if end < 0 {
					return fmt.Errorf("%s:%d: unterminated [package] after %s", path, n+1, reflectsMarker)
				}
				source, want = want[1:end], want[end+1:]
			}
			want = strings.TrimSpace(want)
			since := ""
			if rest, ok := strings.CutPrefix(want, "since "); ok {
				since, want, _ = strings.Cut(strings.TrimSpace(rest), " ")
				want = strings.TrimSpace(want)
			}
			key, _, _ := strings.Cut(want, " ")
			rel, _ := filepath.Rel(pkg, path)
			out = append(out, Reflected{Source: source, Since: since, File: filepath.ToSlash(rel), Line: n + 1, Key: key, Want: want})
		}
		return nil
	})
	return out, err
}

// CheckReflected reports each reflected member a version does not declare as named.
func CheckReflected(rs []Reflected, m *Manifest, version string) []string {
	var bad []string
	for _, r := range rs {
		if r.Source != m.Source || r.Since != "" && versionLess(m.Version, r.Since) {
			continue
		}
		where := fmt.Sprintf("%s:%d", r.File, r.Line)
		refs, known := m.ByKey[r.Key]
		switch {
		case m.Absent[r.Key]:
			bad = append(bad, fmt.Sprintf("%s: reflects %s, which %s does not declare; handle its absence there or stop using it", where, r.Key, version))
		case !known:
			bad = append(bad, fmt.Sprintf("%s: %s is not in the %s manifest; regenerate the manifests (go run ./cmd/unitystubcheck extract -ref DIR)", where, r.Key, version))
		case !slices.Contains(refs, r.Want):
			bad = append(bad, fmt.Sprintf("%s: reflects\n\t%s\nbut %s declares\n\t%s", where, r.Want, version, strings.Join(refs, "\n\t")))
		}
	}
	return bad
}

// versionLess compares dotted versions numerically ("6000.3" < "6000.10").
func versionLess(a, b string) bool {
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y int
		if i < len(as) {
			x, _ = strconv.Atoi(as[i])
		}
		if i < len(bs) {
			y, _ = strconv.Atoi(bs[i])
		}
		if x != y {
			return x < y
		}
	}
	return false
}
