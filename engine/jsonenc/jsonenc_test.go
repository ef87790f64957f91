package jsonenc

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// same fails t unless Value (for v) writes what json.Marshal writes, or
// declines where json.Marshal fails or where it is documented to; with
// written set, Value must write (v is of the shapes it takes).
func same(t *testing.T, v any, written bool) {
	t.Helper()
	want, werr := json.Marshal(v)
	got, ok := Value([]byte("prefix:"), v)
	if !bytes.HasPrefix(got, []byte("prefix:")) {
		t.Fatalf("Value(%#v) lost what b held: %q", v, got)
	}
	got = got[len("prefix:"):]
	switch {
	case werr != nil && ok:
		t.Fatalf("Value(%#v) = %s; json.Marshal fails: %v", v, got, werr)
	case ok && !bytes.Equal(got, want):
		t.Fatalf("Value(%#v) = %s; json.Marshal = %s", v, got, want)
	case !ok && len(got) != 0:
		t.Fatalf("Value(%#v) declined but appended %q", v, got)
	case !ok && written:
		t.Fatalf("Value(%#v) declined a value of the shapes it writes (json.Marshal: %s)", v, want)
	}
}

var stringSeeds = []string{
	"", "plain", `quote " and \ backslash`, "<script>&amp;</script>", "\b\f\n\r\t\x00\x01\x1f\x7f",
	"tööl", "\u2028\u2029", "bad \xff utf-8 \xc3", "\xe2\x80", "日本語のログ", "emoji 😀",
	`{"DisplayedCount":0,"LogType":"All","Logs":[],"SearchText":""}`,
}

func TestStringAsMarshal(t *testing.T) {
	t.Parallel()
	for _, s := range stringSeeds {
		want, _ := json.Marshal(s)
		if got := String(nil, s); !bytes.Equal(got, want) {
			t.Errorf("String(%q) = %s; json.Marshal = %s", s, got, want)
		}
		if got := String([]byte("x"), []byte(s)); !bytes.Equal(got, append([]byte("x"), want...)) {
			t.Errorf("String(x, []byte(%q)) = %s; want x%s", s, got, want)
		}
	}
}

// WriteString writes what String appends, whatever the pieces it cuts s
// into: every cut falls between runes (a rune cut in two would come out as
// two \ufffd).
func TestWriteStringAsString(t *testing.T) {
	t.Parallel()
	// A cut that falls among continuation bytes: after a valid rune's
	// ("\xc2\x80" then three stray ones), and after a lead byte's run.
	seeds := append(stringSeeds, strings.Repeat("日本語\xff😀<", 20000), "aaaa\xc2\x80\x80\x80\x80bb", "の\x8e\x8e", "ab\xf0\x9f\x98\x80\x80\x80\x80z")
	for _, s := range seeds {
		for _, piece := range []int{1, 4, 5, 6, 7, 8, 9, 32 << 10} {
			sameWritten(t, s, piece)
		}
	}
}

// sameWritten fails t unless writeString in pieces of piece bytes writes
// String's bytes, in writes of at most what a piece escapes to.
func sameWritten(t *testing.T, s string, piece int) {
	t.Helper()
	var w pieces
	if _, err := writeString(&w, []byte(s), nil, piece); err != nil {
		t.Fatal(err)
	}
	if want := String(nil, s); !bytes.Equal(w.all, want) {
		t.Fatalf("writeString(%.40q, piece %d) = %.80s; String = %.80s", s, piece, w.all, want)
	}
	if limit := 6*max(piece, 4) + 2; w.largest > limit {
		t.Fatalf("writeString(%.40q, piece %d) wrote %d bytes at once, more than a piece escapes to (%d)", s, piece, w.largest, limit)
	}
}

// pieces is a writer that keeps what it is given and its largest write.
type pieces struct {
	all     []byte
	largest int
}

func (p *pieces) Write(b []byte) (int, error) {
	p.all = append(p.all, b...)
	p.largest = max(p.largest, len(b))
	return len(b), nil
}

func TestValueAsMarshal(t *testing.T) {
	t.Parallel()
	for _, v := range []any{
		nil, true, false, "s<>", 0, -1, int8(-8), int16(300), int32(-7), int64(math.MinInt64), uint(7), uint8(255), uint16(9), uint32(1 << 31), uint64(math.MaxUint64),
		0.0, math.Copysign(0, -1), 1.5, -2.25e-7, 1e-6, 9.999999e-7, 1e20, 1e21, 123456789e30, 5e-324, math.MaxFloat64, 100.0,
		float32(0.1), float32(1e-7), float32(3.4e38), float32(1e21), float32(-1e-6),
		[]any{}, []any(nil), []any{1.0, "a", nil, []any{true}}, []string{}, []string(nil), []string{"x", "<y>"},
		map[string]any{}, map[string]any(nil), map[string]any{"b": 1.0, "a": "x", "A": nil, "é": []any{}, "<k>": map[string]any{"z": false}},
		map[string]any{"LogType": "All", "MaxCount": 100, "SearchText": "", "IncludeStackTrace": false, "UseRegex": false},
	} {
		same(t, v, true)
	}
	for _, v := range []any{ // declined: json.Marshal's errors, and types Value leaves to it
		math.NaN(), math.Inf(1), float32(math.Inf(-1)), []any{math.NaN()}, map[string]any{"k": math.Inf(1)},
		json.Number("12"), struct{ A int }{1}, map[string]int{"a": 1}, []int{1}, &struct{}{},
	} {
		if _, ok := Value(nil, v); ok {
			t.Errorf("Value(%#v) wrote it; it leaves that to json.Marshal", v)
		}
		same(t, v, false)
	}
	deep := any("leaf")
	for range maxDepth + 2 {
		deep = []any{deep}
	}
	if _, ok := Value(nil, deep); ok {
		t.Errorf("Value took %d levels of nesting; it leaves more than %d to json.Marshal", maxDepth+2, maxDepth)
	}
	same(t, deep, false)
}

// go test -run XXX -fuzz FuzzString -fuzztime 60s ./engine/jsonenc/
func FuzzString(f *testing.F) {
	for _, s := range stringSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := String(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("String(%q) = %s; json.Marshal = %s", s, got, want)
		}
		if got := String(nil, []byte(s)); !bytes.Equal(got, want) {
			t.Fatalf("String([]byte(%q)) = %s; json.Marshal = %s", s, got, want)
		}
		for piece := 4; piece <= 9; piece++ {
			sameWritten(t, s, piece)
		}
	})
}

// go test -run XXX -fuzz FuzzValue -fuzztime 60s ./engine/jsonenc/
//
// The value is JSON decoded as the daemon decodes a client's arguments,
// with numbers of every kind beside it.
func FuzzValue(f *testing.F) {
	f.Add(`{"LogType":"All","MaxCount":100,"Nested":{"b":[1,"x",null],"a":true}}`, int64(-3), 1.5e-7, float32(2.5), "key")
	f.Add(`[1e21, 1e-7, -0, "\u2028<&>"]`, int64(0), 1e21, float32(1e-7), "")
	f.Add(`"\ud800"`, int64(1)<<62, -0.0, float32(3.4e38), "\xff")
	f.Fuzz(func(t *testing.T, doc string, i int64, fl float64, f32 float32, key string) {
		var v any
		if json.Unmarshal([]byte(doc), &v) != nil {
			v = doc
		}
		// What a JSON decode gives, within maxDepth, Value writes (floats
		// from the fuzzer only when finite).
		shallow := depth(v) < maxDepth
		finite := !math.IsNaN(fl) && !math.IsInf(fl, 0) && !math.IsInf(float64(f32), 0) && !math.IsNaN(float64(f32))
		same(t, v, shallow)
		same(t, map[string]any{key: v, "i": i, "u": uint64(i), "f": fl, "f32": f32, "s": []string{key, doc}}, shallow && finite)
		same(t, []any{v, int32(i), fl, f32}, shallow && finite)
	})
}

// depth is how deeply v nests arrays and objects.
func depth(v any) int {
	d := 0
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	case map[string]any:
		for _, e := range v {
			d = max(d, depth(e))
		}
		return d + 1
	}
	return 0
}
