package reflectpath

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	t.Parallel()
	ok := []struct{ in, root, arg, canon string }{
		{"@sceneview:camera/transform/position", RootSceneView, "camera", ""},
		{"@selection/transform/position", RootSelection, "", ""},
		{"@selection", RootSelection, "", ""},
		{"@scene:/Canvas/Button[1]/RectTransform/anchoredPosition", RootScene, "", ""},
		{"@scene:/Main Camera/Transform/position", RootScene, "", ""},
		{"@id:-1234/name", RootID, "-1234", ""},
		{"@type:UnityEditor.EditorApplication/isPlaying", RootType, "UnityEditor.EditorApplication", ""},
		{"UnityEngine.Time/time", RootType, "UnityEngine.Time", "@type:UnityEngine.Time/time"},
		{`@type:Game.Registry/items[2]["key"][0]/value`, RootType, "Game.Registry", ""},
	}
	for _, c := range ok {
		p, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if p.Root != c.root || p.Arg != c.arg {
			t.Errorf("Parse(%q) = root %s arg %q", c.in, p.Root, p.Arg)
		}
		want := c.canon
		if want == "" {
			want = c.in
		}
		if got := p.String(); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
	bad := []struct{ in, want string }{
		{"", "empty path"},
		{"@scene:Canvas", "starting with /"},
		{"@scene:/", "names no GameObject"},
		{"@id:abc/x", "must be an integer"},
		{"@sceneview:game/x", "only @sceneview:camera"},
		{"@nope:/x", "unknown root"},
		{"Time", "names a type but no member"},
		{"@type:Game Thing/x", "not allowed in a type name"},
		{"@selection//x", "empty segment"},
		{"@selection/items[x]", "non-negative integer"},
		{"@selection/items[1", "missing ]"},
		{`@selection/items["k]`, "unterminated"},
		{"@selection/items[1]x", "text after an index"},
	}
	for _, c := range bad {
		if _, err := Parse(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) error %v, want one containing %q", c.in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"@scene:/A/B[1]/C/x", "@id:1/a", "@selection", `T/a["k"][2]`, "@sceneview:camera/t", "@type:A.B/c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			return
		}
		// A parsed path renders to a path that parses to the same thing.
		again, err := Parse(p.String())
		if err != nil {
			t.Fatalf("%q parsed, but its canonical form %q does not: %v", s, p.String(), err)
		}
		if again.String() != p.String() {
			t.Fatalf("canonical form not stable: %q → %q", p.String(), again.String())
		}
	})
}
