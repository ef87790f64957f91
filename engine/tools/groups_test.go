package tools

import (
	"slices"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
)

// How enable and disable change a session's listing: nil is the default
// set, spelled out before anything is taken off; "all" replaces the rest
// and is spelled out as its groups when one is taken off; an empty list
// (not nil) lists nothing.
func TestChangeGroups(t *testing.T) {
	t.Parallel()
	allGroups := append([]string{"default"}, api.Groups...)
	cases := []struct {
		cur, enable, disable, want []string
	}{
		{nil, []string{"rendering"}, nil, []string{"default", "rendering"}},
		{nil, nil, []string{"rendering"}, nil},
		{[]string{"default", "rendering"}, nil, []string{"rendering"}, nil},
		{[]string{"input"}, []string{"input"}, nil, []string{"input"}},
		{nil, []string{"all"}, nil, []string{"all"}},
		{[]string{"all"}, nil, []string{"input"}, slices.DeleteFunc(slices.Clone(allGroups), func(g string) bool { return g == "input" })},
		{nil, nil, []string{"default"}, []string{}},
		{[]string{"all"}, nil, []string{"all"}, []string{}},
	}
	for _, c := range cases {
		got := changeGroups(c.cur, c.enable, c.disable)
		if !slices.Equal(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("changeGroups(%v, +%v, -%v) = %#v, want %#v", c.cur, c.enable, c.disable, got, c.want)
		}
	}
}
