package catalog

import (
	"strings"
	"testing"
)

// reflect_read's depth and max_items are refused out of range, naming the
// value and the range (the first-use report's finding 31: a depth of 99
// was capped at 4 without a word).
func TestReflectReadBoundsAreRefusedNotCapped(t *testing.T) {
	s := NewSnapshot(Builtins(), nil, nil)
	for _, c := range []struct{ args, want string }{
		{`{"path":"@selection","depth":99}`, "99"},
		{`{"path":"@selection","depth":-1}`, "-1"},
		{`{"path":"@selection","max_items":201}`, "201"},
	} {
		if _, err := prefabCheck(t, s, "reflect_read", c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("reflect_read %s: %v; want a refusal naming %s", c.args, err, c.want)
		}
	}
	if _, err := prefabCheck(t, s, "reflect_read", `{"path":"@selection","depth":4,"max_items":200}`); err != nil {
		t.Errorf("reflect_read at its bounds: %v", err)
	}
}
