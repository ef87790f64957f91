package editorsim

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestMenuDenyMatchesPackage keeps the simulator's default deny list the
// package's (MenuRules.DefaultDeny), so e2e tests check the real list.
func TestMenuDenyMatchesPackage(t *testing.T) {
	b, err := os.ReadFile("../../unity-package/Editor/Core/MenuRules.cs")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "DefaultDeny =")
	j := strings.Index(s[i:], "};")
	if i < 0 || j < 0 {
		t.Fatal("MenuRules.cs has no DefaultDeny array")
	}
	var got []string
	for _, m := range regexp.MustCompile(`"([^"]*)"`).FindAllStringSubmatch(s[i:i+j], -1) {
		got = append(got, m[1])
	}
	if !slices.Equal(got, defaultMenuDeny) {
		t.Errorf("MenuRules.DefaultDeny is %v, the simulator's %v", got, defaultMenuDeny)
	}
}
