package installer

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Backups of one file within one second are numbered on: .2, .3, … — none
// overwrites another. The names of the next minute are taken beforehand, so
// the test does not depend on when the second turns.
func TestBackupNumbersOn(t *testing.T) {
	t.Parallel()
	st := store{t.TempDir()}
	path := filepath.Join(t.TempDir(), "mcp.json")
	abs, _ := filepath.Abs(path)
	sum := sha256.Sum256([]byte(abs))
	if err := os.MkdirAll(st.backupsDir(), 0o700); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	taken := map[string]bool{}
	for s := -1; s <= 60; s++ {
		stem := now.Add(time.Duration(s)*time.Second).Format("20060102-150405") + "-mcp.json-" + hex.EncodeToString(sum[:4])
		taken[stem] = true
		for _, name := range []string{stem + ".bak", stem + ".2.bak"} {
			os.WriteFile(filepath.Join(st.backupsDir(), name), []byte("older"), 0o600)
		}
	}
	p, err := st.backup(path, []byte("now"))
	if err != nil {
		t.Fatal(err)
	}
	stem, ok := strings.CutSuffix(filepath.Base(p), ".3.bak")
	if !ok || !taken[stem] || filepath.Dir(p) != st.backupsDir() {
		t.Fatalf("backup %s, want <stem>.3.bak beside <stem>.bak and <stem>.2.bak", p)
	}
	if b, _ := os.ReadFile(p); string(b) != "now" {
		t.Errorf("backup holds %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(st.backupsDir(), stem+".2.bak")); string(b) != "older" {
		t.Errorf("the earlier backup was overwritten: %q", b)
	}
}
