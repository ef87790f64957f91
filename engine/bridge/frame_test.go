package bridge

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

var frameSeeds = []string{
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"callId":"a","tool":"get-logs","arguments":{}}}`,
	`{"jsonrpc":"2.0","id":12,"result":{"Logs":[{"m":"x\"y","n":-1.5e3}],"ok":true,"none":null}}`,
	`{"jsonrpc":"2.0","id":3,"error":{"code":-32001,"message":"m","data":{"code":"x"}}}`,
	`{"jsonrpc":"2.0","method":"event","params":{"type":"compile.finished"}}`,
	` { "jsonrpc" : "2.0" , "id" : "s" , "result" : [ 1 , 2 ] } `,
	`{"JSONRPC":"2.0","ID":1}`, `{"jsonrpc":"2.0","id":null,"error":null}`, `{"method":null}`,
	`{"jsonrpc":"2.\u0030","method":"é"}`, `{"\u006ethod":"x"}`, `null`, `[]`, `"s"`, `{}`, ``, `{`,
	`{"a":01}`, `{"a":1,}`, `{"a":tru}`, `{"a":"\x"}`, `{"a":"\u12"}`, `{"a":1} x`, `{"a":[1,]}`,
	`{"id":-0.0e+1}`, `{"id":-}`, `{"id":1.}`, `{"id":1e}`, "{\"a\":\"\x01\"}", "{\"a\":\"\xff\"}",
}

// decodeFrame must agree with json.Unmarshal on every frame: the same
// fields, and an error exactly when json.Unmarshal gives one.
func checkFrame(t *testing.T, data []byte) {
	t.Helper()
	var want message
	werr := json.Unmarshal(data, &want)
	got, gerr := decodeFrame(data)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("frame %q: decodeFrame error %v, json.Unmarshal error %v", data, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(normal(got), normal(want)) {
		t.Fatalf("frame %q:\n got %+v\nwant %+v", data, got, want)
	}
}

// normal makes empty and nil raw values compare equal (both "absent").
func normal(m message) message {
	for _, r := range []*json.RawMessage{&m.ID, &m.Params, &m.Result} {
		if len(*r) == 0 {
			*r = nil
		}
	}
	if m.Error != nil && len(m.Error.Data) == 0 {
		m.Error.Data = nil
	}
	return m
}

func TestDecodeFrameAgreesWithEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, s := range frameSeeds {
		checkFrame(t, []byte(s))
	}
	// encoding/json's nesting limit, 10,000 levels with the frame itself.
	for _, levels := range []int{9998, 9999, 10000} {
		checkFrame(t, []byte(`{"params":`+strings.Repeat("[", levels)+strings.Repeat("]", levels)+`}`))
	}
}

func TestDecodeFrameSlicesInPlace(t *testing.T) {
	t.Parallel()
	data := []byte(frameSeeds[1])
	m, err := decodeFrame(data)
	if err != nil || !bytes.Equal(m.Result, []byte(`{"Logs":[{"m":"x\"y","n":-1.5e3}],"ok":true,"none":null}`)) || string(m.ID) != "12" {
		t.Fatalf("got %+v, %v", m, err)
	}
}

// go test -run XXX -fuzz FuzzDecodeFrame -fuzztime 60s ./engine/bridge/
func FuzzDecodeFrame(f *testing.F) {
	for _, s := range frameSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkFrame(t, data) })
}

// The frame of a call carries the caller's session after deadlineMs, and
// an id argument as the decimal string it is, byte for byte.
func TestCallFrameSession(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		p    CallParams
		want string
	}{
		{CallParams{CallID: "9f1c", Tool: "gameobject_delete", Arguments: map[string]any{"instance_id": "9007199254740993"}, DeadlineMs: 1764450000000, Session: "3f9a1c07d2e4b6a8"},
			`{"callId":"9f1c","tool":"gameobject_delete","arguments":{"instance_id":"9007199254740993"},"deadlineMs":1764450000000,"session":"3f9a1c07d2e4b6a8"}`},
		{CallParams{CallID: "c", Tool: "undo", Arguments: map[string]any{"count": 1.0}, Session: "cli"},
			`{"callId":"c","tool":"undo","arguments":{"count":1},"session":"cli"}`},
		{CallParams{CallID: "c", Tool: "get-logs", Arguments: map[string]any{}},
			`{"callId":"c","tool":"get-logs","arguments":{}}`}, // no session: none written
	} {
		got, err := appendParams(nil, c.p)
		if err != nil || string(got) != c.want {
			t.Errorf("params = %s (%v)\nwant %s", got, err, c.want)
		}
		var back CallParams
		if err := json.Unmarshal(got, &back); err != nil || back.Session != c.p.Session {
			t.Errorf("%s read back with session %q (%v)", got, back.Session, err)
		}
	}
}

// go test -run XXX -fuzz FuzzCallParamsJSON -fuzztime 60s ./engine/bridge/
func FuzzCallParamsJSON(f *testing.F) {
	f.Add("c-1", "get-logs", int64(1764600000000), "", "", false, "3f9a1c07d2e4b6a8")
	f.Add(`id"with<html>&\u`, "tööl\u2028", int64(0), "MaxCount", "5", false, "")
	f.Add("", "", int64(-1), "k", "v", true, "cli")
	f.Add("a<b&c>", "x", int64(7), "", "", false, "<s>&\u2028") // HTML characters alone, as json.Marshal escapes them
	f.Fuzz(func(t *testing.T, id, tool string, deadline int64, key, val string, nilArgs bool, session string) {
		p := CallParams{CallID: id, Tool: tool, DeadlineMs: deadline, Arguments: map[string]any{}, Session: session}
		switch {
		case nilArgs:
			p.Arguments = nil
		case key != "":
			p.Arguments[key] = val
			p.Arguments[val] = []any{key, 1.5, nil, float64(deadline), map[string]any{key: deadline}}
		}
		got, err := p.appendJSON(nil)
		want, werr := json.Marshal(p)
		if (err != nil) != (werr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("appendJSON = %s (%v); json.Marshal = %s (%v)", got, err, want, werr)
		}
		// The whole request frame, against one written by json.Marshal.
		for _, params := range []any{p, map[string]any{key: val}, nil} {
			j, _ := json.Marshal(params)
			want := `x{"jsonrpc":"2.0","id":` + strconv.FormatInt(deadline, 10)
			if tool != "" {
				name, _ := json.Marshal(tool)
				want += `,"method":` + string(name)
			}
			want += `,"params":` + string(j) + "}"
			pj, err := appendParams(nil, params)
			got, _ := (&message{JSONRPC: "2.0", ID: strconv.AppendInt(nil, deadline, 10), Method: tool, Params: pj}).encode()
			if err != nil || "x"+string(got) != want {
				t.Fatalf("the request frame = %s (%v); want %s", got, err, want[1:])
			}
		}
		// Arguments json.Marshal cannot write fail as they do there.
		bad := CallParams{CallID: id, Tool: tool, Arguments: map[string]any{key: math.NaN()}}
		if _, err := appendParams(nil, bad); err == nil {
			t.Fatalf("params with NaN encoded without an error")
		}
	})
}

// A get-logs call's request frame, as the daemon writes one per call
// (docs/performance.md's git history, its "Seventh round"):
//
//	go test -run XXX -bench RequestFrame ./engine/bridge/
func BenchmarkRequestFrame(b *testing.B) {
	b.ReportAllocs()
	p := CallParams{CallID: "mcp:7f3c2a9e-1b4d-4e8f-9a6b-2c5d8e1f0a3b:17", Tool: "get-logs", DeadlineMs: 1764600000000,
		Arguments: map[string]any{"LogType": "All", "MaxCount": 100, "SearchText": "", "IncludeStackTrace": false, "UseRegex": false, "SearchInStackTrace": false}}
	for b.Loop() {
		pj, err := appendParams(make([]byte, 0, 384), p)
		if err != nil {
			b.Fatal(err)
		}
		var idb [20]byte // as Peer.Call writes it
		(&message{JSONRPC: "2.0", ID: strconv.AppendInt(idb[:0], 42, 10), Method: MethodCall, Params: pj}).encode()
	}
}
