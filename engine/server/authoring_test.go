package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/bridge/bridgetest"
	"github.com/unitymcp/unitymcp/engine/state"
)

// frameEditor is an editor that records the params of every tools/call
// frame as the daemon wrote them, and answers {"ok":true} (gameobject_create:
// an identity whose id is past 2^53, written as a JSON integer).
type frameEditor struct {
	mu     sync.Mutex
	frames []string
}

const createdIdentity = `{"instance_id":9007199254740993,"path":"/Cube"}`

func (e *frameEditor) take() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := e.frames
	e.frames = nil
	return out
}

// newFrameDaemon is a server whose one editor is a frameEditor declaring
// the authoring tools, with an initialised MCP session.
func newFrameDaemon(t *testing.T) (*testDaemon, *frameEditor) {
	d, eng, root, url := newTestServer(t, 10*time.Second, "Frames")
	proj, token := d.proj, d.token
	// A sequence passing the id an earlier step answered to the next.
	shared, _ := state.At(root)
	os.MkdirAll(shared.SharedToolsDir(), 0o755)
	os.WriteFile(filepath.Join(shared.SharedToolsDir(), "place_cube.json"), []byte(`{"name":"place_cube","description":"d","kind":"sequence",
		"steps":[{"id":"make","tool":"gameobject_create","arguments":{"primitive":"Cube"}},
		{"id":"gone","tool":"gameobject_delete","arguments":{"instance_id":"{{make.instance_id}}"}}]}`), 0o644)
	eng.ReloadDefinitions(nil)
	ed := &frameEditor{}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	conn, err := bridgetest.Dial(ctx, url, token, nil)
	if err != nil {
		t.Fatal(err)
	}
	peer := bridge.NewPeer(conn, func(_ context.Context, method string, params json.RawMessage) (any, error) {
		if method == bridge.MethodPing {
			return map[string]any{}, nil
		}
		ed.mu.Lock()
		ed.frames = append(ed.frames, string(params))
		ed.mu.Unlock()
		if strings.Contains(string(params), `"tool":"gameobject_create"`) {
			return json.RawMessage(createdIdentity), nil
		}
		return map[string]any{"ok": true}, nil
	}, nil)
	go peer.Run()
	t.Cleanup(func() { peer.Close("test over") })
	hello := bridge.Hello{Protocol: bridge.ProtocolVersion, ProjectPath: filepath.ToSlash(proj), DataPath: filepath.ToSlash(filepath.Join(proj, "Assets")),
		ProductName: "Frames", UnityVersion: "6000.5.0f1", PID: os.Getpid(), PackageVersion: api.Version,
		Tools: []string{"get-logs", "gameobject_delete", "gameobject_create", "undo", "batch"}}
	var res bridge.HelloResult
	if err := peer.Call(ctx, bridge.MethodHello, hello, &res); err != nil {
		t.Fatalf("hello: %v", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(eng.Hub.Editors()) == 0 || !eng.Hub.Editors()[0].Connected() {
		if time.Now().After(deadline) {
			t.Fatal("the editor did not connect")
		}
		time.Sleep(5 * time.Millisecond)
	}
	d.initialize(t)
	return d, ed
}

// rest calls a tool over REST, with an X-UnityMCP-Session header when
// session is not "".
func (d *testDaemon) rest(t *testing.T, tool, args, session string) string {
	t.Helper()
	req := httptest.NewRequest("POST", "http://127.0.0.1/tools/"+tool, strings.NewReader(args))
	req.Header.Set("Authorization", "Bearer "+d.token)
	if session != "" {
		req.Header.Set(api.SessionHeader, session)
	}
	rec := httptest.NewRecorder()
	d.srv.ServeHTTP(rec, req)
	return rec.Body.String()
}

func sessionHash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:8])
}

// Every tools/call frame names the MCP session it came from — a hash of
// the session id, never the id itself — or "cli"; an id reaches the
// editor as a decimal string, byte for byte, never through a double.
func TestFramesCarrySessionAndExactIDs(t *testing.T) {
	d, ed := newFrameDaemon(t)
	mcpSession := sessionHash("mcp:" + d.sid)
	for _, c := range []struct {
		name  string
		call  func() string
		frame string // the params after callId, with deadlineMs cut out
	}{
		{"MCP session, an id past 2^53 as an integer", func() string {
			return d.post(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"gameobject_delete","arguments":{"instance_id":9007199254740993}}}`).Body.String()
		}, `"tool":"gameobject_delete","arguments":{"instance_id":"9007199254740993"},"session":"` + mcpSession + `"`},
		{"MCP session, a negative id", func() string {
			return d.post(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"gameobject_delete","arguments":{"instance_id":-9007199254740993}}}`).Body.String()
		}, `"tool":"gameobject_delete","arguments":{"instance_id":"-9007199254740993"},"session":"` + mcpSession + `"`},
		{"REST (the CLI): uint64 max as a string, a parent id", func() string {
			return d.rest(t, "gameobject_create", `{"parent_instance_id":"18446744073709551615"}`, "")
		}, `"tool":"gameobject_create","arguments":{"collider":true,"parent_instance_id":"18446744073709551615"},"session":"cli"`},
		{"a sequence: its steps carry the caller's session, and an id from a result exact", func() string {
			out := d.post(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"place_cube","arguments":{"confirm":true}}}`).Body.String()
			if f := ed.take(); len(f) != 2 || cutFrame(f[0]) != `"tool":"gameobject_create","arguments":{"collider":true,"primitive":"Cube"},"session":"`+mcpSession+`"` {
				t.Errorf("the sequence's first step: %v", f)
			} else {
				ed.mu.Lock()
				ed.frames = f[1:]
				ed.mu.Unlock()
			}
			return out
		}, `"tool":"gameobject_delete","arguments":{"instance_id":"9007199254740993"},"session":"` + mcpSession + `"`},
		{"REST with a session header", func() string { return d.rest(t, "undo", `{"count":2}`, "agent-7") },
			`"tool":"undo","arguments":{"count":2},"session":"` + sessionHash("hdr:agent-7") + `"`},
	} {
		out := c.call()
		if strings.Contains(out, `"isError":true`) || strings.Contains(out, `"error"`) {
			t.Errorf("%s: answered %s", c.name, out)
			continue
		}
		frames := ed.take()
		if len(frames) != 1 {
			t.Errorf("%s: %d frames reached the editor, want 1", c.name, len(frames))
			continue
		}
		if got := cutFrame(frames[0]); got != c.frame {
			t.Errorf("%s: frame params\n%s\nwant …%s…", c.name, frames[0], c.frame)
		}
		if strings.Contains(frames[0], d.sid) {
			t.Errorf("%s: the frame carries the raw Mcp-Session-Id: %s", c.name, frames[0])
		}
	}
}

// cutFrame drops the callId and deadlineMs (new each call) from a frame's
// params: {"callId":"…","tool":…,"deadlineMs":N,"session":…} → "tool":…,"session":…
func cutFrame(p string) string {
	p = strings.TrimSuffix(strings.TrimPrefix(p, `{"callId":"`), "}")
	if i := strings.Index(p, `",`); i >= 0 {
		p = p[i+2:]
	}
	if i := strings.Index(p, `,"deadlineMs":`); i >= 0 {
		j := strings.Index(p[i+1:], ",")
		if j < 0 {
			return p[:i]
		}
		p = p[:i] + p[i+1+j:]
	}
	return p
}

// A batch is checked in the daemon: a dry run never reaches the editor; a
// run goes as one "batch" call with every operation's args normalised; a
// refusal sends nothing.
func TestBatchReachesTheEditorOnce(t *testing.T) {
	d, ed := newFrameDaemon(t)
	call := func(id int, args string) string {
		return d.post(`{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"batch","arguments":` + args + `}}`).Body.String()
	}
	ops := `[{"id":"cube","tool":"gameobject_create","args":{"primitive":"cube","parent_instance_id":9007199254740993}},` +
		`{"tool":"gameobject_delete","args":{"object_path":"$cube.path"}}]`
	if out := call(2, `{"operations":`+ops+`,"dry_run":true}`); !strings.Contains(out, `\"valid\":true`) || !strings.Contains(out, `\"operations\":2`) {
		t.Errorf("dry run answered %s", out)
	}
	if f := ed.take(); len(f) != 0 {
		t.Errorf("a dry run reached the editor: %v", f)
	}
	if out := call(3, `{"operations":[{"id":"x","tool":"compile"}]}`); !strings.Contains(out, `operations[0] (id \\\"x\\\", compile): compile cannot run in a batch`) {
		t.Errorf("refusal answered %s", out)
	}
	if f := ed.take(); len(f) != 0 {
		t.Errorf("a refused batch reached the editor: %v", f)
	}
	if out := call(4, `{"operations":`+ops+`}`); strings.Contains(out, `"isError":true`) {
		t.Fatalf("batch answered %s", out)
	}
	frames := ed.take()
	want := `"tool":"batch","arguments":{"dry_run":false,"operations":[` +
		`{"args":{"collider":true,"parent_instance_id":"9007199254740993","primitive":"Cube"},"id":"cube","tool":"gameobject_create"},` +
		`{"args":{"object_path":"$cube.path"},"tool":"gameobject_delete"}],"results":"ids"},"session":"` + sessionHash("mcp:"+d.sid) + `"`
	if len(frames) != 1 || cutFrame(frames[0]) != want {
		t.Errorf("frames %v\nwant one with …%s…", frames, want)
	}
}
