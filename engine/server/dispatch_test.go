package server

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/project"
)

// An answer the daemon writes itself on /mcp (here a refused
// subscription) declares its exact length: an HTTP client reads
// Content-Length bytes, so a wrong one cuts the answer or hangs the read.
func TestOwnAnswerDeclaresItsLength(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Own")
	rec := d.post(subscribeBody(1, "resources/subscribe", "unity://editors/"+strings.Repeat("a", MaxResourceURI)+"/console"))
	body := rec.Body.String()
	if !strings.Contains(body, "resources/subscribe refused") || !strings.HasSuffix(body, "}\n") {
		t.Fatalf("the daemon answered %d %.300s; want its refusal", rec.Code, body)
	}
	if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(len(body)) {
		t.Errorf("Content-Length %s for an answer of %d bytes", got, len(body))
	}
}

// WaitPosts returns at once when no MCP POST is being answered, and
// otherwise when the last one in flight ends (not at its timeout).
func TestWaitPostsEndsWithTheLastPost(t *testing.T) {
	t.Parallel()
	s := &Server{}
	s.WaitPosts(time.Hour) // none in flight: returns at once
	endA, endB := s.posting(), s.posting()
	waited := make(chan struct{})
	go func() { s.WaitPosts(time.Hour); close(waited) }()
	// WaitPosts waits on the channel it made; the last POST to end closes it.
	idle := madeWaiter(t, &s.postMu, &s.posts)
	endA()
	select {
	case <-idle:
		t.Fatal("WaitPosts was released while a POST was still being answered")
	default:
	}
	endB()
	select {
	case <-idle:
	default:
		t.Fatal("WaitPosts was not released when the last POST ended")
	}
	<-waited
	s.WaitPosts(time.Hour) // none in flight again: returns at once
}

// pinOf resolves a session's project selector once: none, a hash as it
// is, a Unity project folder to its hash; a name no editor has is
// refused, not taken for no pin.
func TestPinOfResolvesTheSelector(t *testing.T) {
	s := &Server{eng: logFront(t).eng}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "Assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	dp, err := project.DataPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	hash := strings.Repeat("c", 16)
	for sel, want := range map[string]string{"": "", " ": "", hash: hash, dir: project.Hash(dp)} {
		if got, terr := s.pinOf(context.Background(), sel); got != want || terr != nil {
			t.Errorf("pinOf(%q): %q, %v; want %q", sel, got, terr, want)
		}
	}
	got, terr := s.pinOf(context.Background(), "NoSuchProject")
	if terr == nil || terr.Code != api.CodeUnknownProject {
		t.Errorf("pinOf of a name no editor has: %q, %v; want %s", got, terr, api.CodeUnknownProject)
	}
}

// A tool's answer is its MarshalJSON's bytes in the envelope, with the
// request's id as the client wrote it: the JSON-RPC answer json.Marshal
// gives — byte for byte, but for the id's characters json.Marshal would
// escape (the same string).
func TestToolAnswerIsTheEnvelope(t *testing.T) {
	res := toolResult(json.RawMessage(`{"Logs":[],"Ver":"1","t":"<&>\u2028"}`), nil)
	for _, id := range []string{`7`, `"a"`, `"<&>"`, `12345678901234567890123`, `""`} {
		want, _ := json.Marshal(rpcResult{"2.0", json.RawMessage(id), res})
		a := resultAnswer(json.RawMessage(id), res)
		var got, exp any
		if json.Unmarshal(a, &got) != nil || json.Unmarshal(want, &exp) != nil || !reflect.DeepEqual(got, exp) ||
			!bytes.Contains(a, []byte(`"id":`+id+`,`)) || (id != `"<&>"` && !bytes.Equal(a, want)) {
			t.Errorf("id %s: resultAnswer = %s\nwant %s", id, a, want)
		}
	}
}

// An error mcp-go answers is its JSON-RPC error, with the request's id.
func TestMCPGoErrorAnswered(t *testing.T) {
	d := newTestDaemon(t, 5*time.Second, 0, 0)
	rec := d.post(`{"jsonrpc":"2.0","id":"x<1>","method":"nope/nope"}`)
	var a struct {
		ID    string `json:"id"`
		Error struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(rec.Body.Bytes(), &a) != nil || a.ID != "x<1>" || a.Error.Code != -32601 {
		t.Errorf("an unknown method: %s; want mcp-go's method-not-found (-32601) with id x<1>", rec.Body)
	}
}
