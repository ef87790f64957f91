package server

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/unitymcp/unitymcp/engine/project"
)

// rpcAnswer posts one request of the session and decodes its answer (a
// JSON body, or the last event of an SSE one).
func (d *testDaemon) rpcAnswer(t *testing.T, body string) (result json.RawMessage, code int, message string) {
	t.Helper()
	rec := d.post(body)
	text := rec.Body.String()
	if i := strings.LastIndex(text, "data: "); i >= 0 {
		text = strings.TrimSpace(text[i+len("data: "):])
	}
	var a struct {
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(text), &a); err != nil {
		t.Fatalf("%.200s: answer %d %.300q: %v", body, rec.Code, rec.Body, err)
	}
	if a.Error != nil {
		return nil, a.Error.Code, a.Error.Message
	}
	return a.Result, 0, ""
}

func subscribeBody(id int, method, uri string) string {
	p, _ := json.Marshal(map[string]string{"uri": uri})
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, p)
}

// TestSubscriptionRefusalReachesTheClient is the message of attack D5's
// fix, over the daemon's real HTTP handler: a subscription beyond the
// bounds (a URI over MaxResourceURI bytes; one more than MaxSubscriptions)
// is answered with an invalid-params error whose message names the URI's
// length or the count, the limit, and what to do — not mcp-go's "uri is
// required". Within the bounds it is acknowledged, again to a kept URI
// too, and an unsubscribe makes room.
func TestSubscriptionRefusalReachesTheClient(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "Subs")
	d.initialize(t)
	want := func(id int, uri, wantMsg string) {
		t.Helper()
		_, code, msg := d.rpcAnswer(t, subscribeBody(id, "resources/subscribe", uri))
		if code != mcp.INVALID_PARAMS || msg != wantMsg {
			t.Errorf("subscribe %.60q…: got error %d %q,\nwant %d %q", uri, code, msg, mcp.INVALID_PARAMS, wantMsg)
		}
	}
	ok := func(id int, method, uri string) {
		t.Helper()
		if _, code, msg := d.rpcAnswer(t, subscribeBody(id, method, uri)); code != 0 {
			t.Fatalf("%s %q: error %d %q", method, uri, code, msg)
		}
	}
	long := "unity://editors/" + strings.Repeat("a", 1<<20) + "/console"
	want(2, long, fmt.Sprintf(`invalid_params: resources/subscribe refused: the URI "unity://editors/%s"… is %d bytes, over the limit of 512; subscribe to a URI that resources/list or resources/templates/list gives`,
		strings.Repeat("a", 80-len("unity://editors/")), len(long)))
	uri := func(i int) string { return fmt.Sprintf("unity://editors/%064x/console", i) }
	for i := range MaxSubscriptions {
		ok(10+i, "resources/subscribe", uri(i))
	}
	extra := uri(MaxSubscriptions)
	want(100, extra, fmt.Sprintf(`invalid_params: resources/subscribe refused: the session has 64 subscriptions, the most it may keep; unsubscribe (resources/unsubscribe) from one first, then subscribe to %q`, extra[:80]))
	ok(101, "resources/subscribe", uri(0)) // a kept URI again: no new subscription
	ok(102, "resources/unsubscribe", uri(0))
	ok(103, "resources/subscribe", extra)
	want(104, uri(0), fmt.Sprintf(`invalid_params: resources/subscribe refused: the session has 64 subscriptions, the most it may keep; unsubscribe (resources/unsubscribe) from one first, then subscribe to %q`, uri(0)[:80]))
}

// The same refusal on the stdio stream (its lines go through the same
// dispatcher, dispatch.go): the client reads the daemon's reason.
func TestSubscriptionRefusalOnTheStream(t *testing.T) {
	d, _, _, _ := newTestServer(t, 5*time.Second, "SubsStream")
	c, br, status, body := dialStream(t, d.srv.BaseURL, upgrade(d.token))
	if c == nil {
		t.Fatalf("upgrade: %d %s", status, body)
	}
	answer := func(line string, id int) string {
		t.Helper()
		io.WriteString(c, line+"\n")
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		for {
			l, err := br.ReadString('\n')
			if err != nil {
				t.Fatalf("reading the answer to %.80s: %v", line, err)
			}
			if strings.Contains(l, fmt.Sprintf(`"id":%d,`, id)) {
				return l
			}
		}
	}
	answer(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, 1)
	io.WriteString(c, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	long := "unity://editors/" + strings.Repeat("b", MaxResourceURI) + "/console"
	want := fmt.Sprintf("the URI %.80q… is %d bytes, over the limit of %d", long, len(long), MaxResourceURI)
	if l := answer(subscribeBody(2, "resources/subscribe", long), 2); !strings.Contains(l, `"code":-32602`) || !strings.Contains(l, jsonText(want)) {
		t.Errorf("a subscription to a URI of %d bytes: the daemon answered %.400s\nwant an invalid-params error saying %s", len(long), l, want)
	}
	for i := range MaxSubscriptions {
		if l := answer(subscribeBody(10+i, "resources/subscribe", fmt.Sprintf("unity://editors/%d/console", i)), 10+i); !strings.Contains(l, `"result"`) {
			t.Fatalf("subscription %d: %.300s", i+1, l)
		}
	}
	want = "the session has 64 subscriptions, the most it may keep; unsubscribe (resources/unsubscribe) from one first"
	if l := answer(subscribeBody(100, "resources/subscribe", "unity://editors/x/console"), 100); !strings.Contains(l, `"code":-32602`) || !strings.Contains(l, want) {
		t.Errorf("subscription %d: the daemon answered %.400s\nwant an invalid-params error saying %s", MaxSubscriptions+1, l, want)
	}
}

// jsonText is s as it reads inside a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// resources/list lists the console and compile resources of the connected
// editors the session's front serves: every one for the unpinned front,
// its project's for a front pinned to it, none for a front pinned to a
// project whose editor is not connected.
func TestResourcesListTheEditorsTheFrontServes(t *testing.T) {
	d := newTestDaemon(t, 0, 0, 0)
	hash, err := project.HashDir(d.proj)
	if err != nil {
		t.Fatal(err)
	}
	list := func(path, sid string) []string {
		t.Helper()
		rec := d.postTo(path, sid, `{"jsonrpc":"2.0","id":5,"method":"resources/list"}`)
		text := rec.Body.String()
		if i := strings.LastIndex(text, "data: "); i >= 0 {
			text = strings.TrimSpace(text[i+len("data: "):])
		}
		var a struct {
			Result struct {
				Resources []struct{ URI string } `json:"resources"`
			} `json:"result"`
		}
		if err := json.Unmarshal([]byte(text), &a); err != nil {
			t.Fatalf("resources/list on %s: %d %s", path, rec.Code, rec.Body)
		}
		var out []string
		for _, r := range a.Result.Resources {
			out = append(out, r.URI)
		}
		slices.Sort(out)
		return out
	}
	session := func(path string) string {
		t.Helper()
		rec := d.postTo(path, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
		sid := rec.Header().Get("Mcp-Session-Id")
		if sid == "" {
			t.Fatalf("initialize on %s: %d %s", path, rec.Code, rec.Body)
		}
		d.postTo(path, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		return sid
	}
	editor := []string{editorsURI, compileURI(hash), consoleURI(hash)}
	if got := list("/mcp", d.sid); !slices.Equal(got, editor) {
		t.Errorf("the unpinned session lists %q, want %q", got, editor)
	}
	pinned := "/projects/" + hash + "/mcp"
	if got := list(pinned, session(pinned)); !slices.Equal(got, editor) {
		t.Errorf("the session pinned to the editor's project lists %q, want %q", got, editor)
	}
	other := "/projects/0123456789abcdef/mcp"
	if got, want := list(other, session(other)), []string{editorsURI}; !slices.Equal(got, want) {
		t.Errorf("the session pinned to a project with no editor lists %q, want %q", got, want)
	}
}
