package params

import "testing"

// The exponent bound is ±64 at both ends: 0e-64 is exactly the integer 0
// and is read as id 0, while 0e-65 is past the bound and refused before
// any big number is built (the same rule as 1e65 on the other side).
func TestIDNegativeExponentBound(t *testing.T) {
	t.Parallel()
	ps := []Param{P("instance_id", TypeID, "i")}
	for _, c := range []struct {
		number string
		want   string // "" = refused
	}{
		{`0e-64`, "0"},
		{`0E-64`, "0"},
		{`0e-65`, ""},
	} {
		in, err := Decode([]byte(`{"instance_id":` + c.number + `}`))
		if err != nil {
			t.Fatalf("%s: %v", c.number, err)
		}
		got, err := Check("tool", ps, in)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: accepted as %v, want refused", c.number, got["instance_id"])
			}
			continue
		}
		if err != nil || got["instance_id"] != c.want {
			t.Errorf("%s: got %v, %v; want %q", c.number, got["instance_id"], err, c.want)
		}
	}
}
