package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/api"
)

// pipeStream is a stream over an in-memory connection, and its client's
// reading side.
func pipeStream(t *testing.T) (*stream, *bufio.Reader) {
	t.Helper()
	srv, cli := net.Pipe()
	t.Cleanup(func() { srv.Close(); cli.Close() })
	st := &stream{s: &Server{}, conn: srv, out: bufio.NewWriter(srv), slots: make(chan struct{}, 1)}
	st.sess = newStreamSession(st)
	return st, bufio.NewReader(cli)
}

type rootsAnswer struct {
	res *mcp.ListRootsResult
	err error
}

// askRoots has the session ask its client for roots (ctx) and answers the
// request line the client read and the channel ListRoots answers on.
func askRoots(t *testing.T, ctx context.Context, st *stream, br *bufio.Reader) (id json.RawMessage, got chan rootsAnswer) {
	t.Helper()
	got = make(chan rootsAnswer, 1)
	go func() {
		res, err := st.sess.ListRoots(ctx, mcp.ListRootsRequest{})
		got <- rootsAnswer{res, err}
	}()
	l, err := br.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal([]byte(l), &req) != nil || req.Method != "roots/list" || len(req.ID) == 0 {
		t.Fatalf("the daemon's request: %q; want roots/list with an id", l)
	}
	return req.ID, got
}

func waitRoots(t *testing.T, got chan rootsAnswer) rootsAnswer {
	t.Helper()
	select {
	case a := <-got:
		return a
	case <-time.After(10 * time.Second):
		t.Fatal("ListRoots did not return")
		return rootsAnswer{}
	}
}

// A stdio session asks its client for roots on the stream, each request
// with an id of its own, and takes the client's answer line to that id:
// its roots, or an error for an error answer, a result that is no roots
// list, an error member that is no error object, or no answer before ctx
// ends. An answer to an id the daemon did not ask is dropped.
func TestStreamSessionListRoots(t *testing.T) {
	t.Parallel()
	st, br := pipeStream(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	seen := map[string]bool{}
	for _, c := range []struct {
		name, answer, wantErr, wantURI string
	}{
		{"roots", `"result":{"roots":[{"uri":"file:///work/P","name":"P"}]}`, "", "file:///work/P"},
		{"error answer", `"error":{"code":-32601,"message":"no roots here"}`, "the client answered error -32601: no roots here", ""},
		{"not a roots list", `"result":"nope"`, "the client's roots/list answer", ""},
		{"error not an object", `"error":"boom"`, "cannot unmarshal", ""},
	} {
		id, got := askRoots(t, ctx, st, br)
		if seen[string(id)] {
			t.Errorf("%s: id %s asked twice", c.name, id)
		}
		seen[string(id)] = true
		st.serve(ctx, []byte(`{"jsonrpc":"2.0","id":`+string(id)+`,`+c.answer+`}`), &wg)
		a := waitRoots(t, got)
		switch {
		case c.wantErr != "":
			if a.err == nil || !strings.Contains(a.err.Error(), c.wantErr) || a.res != nil {
				t.Errorf("%s: %+v, %v; want the error %q", c.name, a.res, a.err, c.wantErr)
			}
		case a.err != nil || a.res == nil || len(a.res.Roots) != 1 || a.res.Roots[0].URI != c.wantURI:
			t.Errorf("%s: %+v, %v; want the root %s", c.name, a.res, a.err, c.wantURI)
		}
	}

	m, _ := api.ParseMessage([]byte(`{"jsonrpc":"2.0","id":"unitymcp-99","result":{}}`))
	if st.sess.answered(m, []byte(`{"jsonrpc":"2.0","id":"unitymcp-99","result":{}}`)) {
		t.Error("an answer to nothing the daemon asked was taken")
	}

	cctx, cancel := context.WithCancel(ctx)
	id, got := askRoots(t, cctx, st, br)
	cancel()
	if a := waitRoots(t, got); a.err == nil || !strings.Contains(a.err.Error(), "the client did not answer") {
		t.Errorf("no answer before the context ended: %+v, %v", a.res, a.err)
	}
	m, _ = api.ParseMessage([]byte(`{"jsonrpc":"2.0","id":` + string(id) + `,"result":{}}`))
	if st.sess.answered(m, nil) {
		t.Error("a late answer to a request whose wait ended was taken")
	}

	st.release()
	if _, err := st.sess.ListRoots(ctx, mcp.ListRootsRequest{}); err == nil || !strings.Contains(err.Error(), "the session's connection is gone") {
		t.Errorf("roots of a released stream: %v; want the stream gone", err)
	}
}
