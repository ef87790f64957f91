package api

import (
	"bytes"
	"encoding/json"
	"testing"
)

var idSeeds = []string{`1`, `0`, `42`, `007`, `-1`, `1e3`, `1000`, `1000000`, `123456789012345`, `1234567890123456`,
	`12345678901234567890`, `1.5`, `"a"`, `""`, `"\u0041"`, `"A"`, `"with \"quote\""`, `"é"`, "\"\xff\"", `"tab	"`,
	` 7 `, ` "x" `, `null`, `{}`, `"\ud800"`, `"�"`}

// The shortcut of idKey gives the decoder's answer wherever it applies.
func TestIDKeyShortcutAgrees(t *testing.T) {
	t.Parallel()
	for _, id := range idSeeds {
		if got, want := IDKey(json.RawMessage(id)), decodedIDKey(bytes.TrimSpace([]byte(id))); got != want {
			t.Errorf("IDKey(%s) = %q; the decoder says %q", id, got, want)
		}
	}
	if IDKey(json.RawMessage(`1000`)) != IDKey(json.RawMessage(`1e3`)) || IDKey(json.RawMessage(`"A"`)) != IDKey(json.RawMessage(`"\u0041"`)) {
		t.Error("ids equal by value have different keys")
	}
}

// Fuzzed: go test -run XXX -fuzz FuzzIDKey -fuzztime 45s ./engine/api/
func FuzzIDKey(f *testing.F) {
	for _, s := range idSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, id []byte) {
		if got, want := IDKey(id), decodedIDKey(bytes.TrimSpace(id)); got != want {
			t.Fatalf("IDKey(%q) = %q; the decoder says %q", id, got, want)
		}
	})
}
