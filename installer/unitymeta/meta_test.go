package unitymeta

import (
	"os"
	"strings"
	"testing"
)

// TestPackageMetaFiles fails when a file of unity-package has no .meta or a
// stale one. Regenerate with UPDATE_META=1 go test ./installer/unitymeta.
func TestPackageMetaFiles(t *testing.T) {
	const pkg = "../../unity-package"
	if os.Getenv("UPDATE_META") == "1" {
		if err := Write(pkg); err != nil {
			t.Fatal(err)
		}
	}
	problems, err := Check(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) > 0 {
		t.Errorf("unity-package .meta files: %s\nrun UPDATE_META=1 go test ./installer/unitymeta", strings.Join(problems, "\n"))
	}
	guids := map[string]string{}
	want, _ := Wanted(pkg)
	for p, c := range want {
		g := strings.Fields(strings.Split(c, "\n")[1])[1]
		if other, dup := guids[g]; dup {
			t.Errorf("%s and %s share GUID %s", p, other, g)
		}
		guids[g] = p
	}
}
