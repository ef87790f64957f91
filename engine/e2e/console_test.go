package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// consoleClient is an official Go SDK client that records the Console
// messages, resource updates and tool list changes the daemon sends it.
type consoleClient struct {
	cs          *mcp.ClientSession
	logs        chan *mcp.LoggingMessageParams
	updated     chan string
	listChanged chan struct{}
}

func connectConsole(t *testing.T, ctx context.Context, e *env, path string) *consoleClient {
	t.Helper()
	return connectConsoleOver(t, ctx, &mcp.StreamableClientTransport{Endpoint: e.URL + path, HTTPClient: &http.Client{Transport: tokenTransport{token: e.Token}}})
}

// connectConsoleOver is connectConsole over any transport (`unitymcp
// stdio`: mcp.CommandTransport).
func connectConsoleOver(t *testing.T, ctx context.Context, transport mcp.Transport) *consoleClient {
	t.Helper()
	c := &consoleClient{logs: make(chan *mcp.LoggingMessageParams, 1000), updated: make(chan string, 100), listChanged: make(chan struct{}, 100)}
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e-console", Version: "1"}, &mcp.ClientOptions{
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
			select {
			case c.logs <- r.Params:
			default:
				t.Errorf("more than %d log messages", cap(c.logs))
			}
		},
		ResourceUpdatedHandler: func(_ context.Context, r *mcp.ResourceUpdatedNotificationRequest) {
			select {
			case c.updated <- r.Params.URI:
			default:
			}
		},
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			select {
			case c.listChanged <- struct{}{}:
			default:
			}
		},
	})
	cs, err := client.Connect(ctx, transport, &mcp.ClientSessionOptions{ProtocolVersion: protocolVersions[0]})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	c.cs = cs
	return c
}

// logMessage is the data of a Console notifications/message.
type logMessage struct {
	Level   string
	Logger  string
	Project string `json:"project"`
	Type    string `json:"type"`
	Message string `json:"message"`
	Dropped int    `json:"dropped"`
}

func (c *consoleClient) next(t *testing.T) logMessage {
	t.Helper()
	select {
	case p := <-c.logs:
		var m logMessage
		b, _ := json.Marshal(p.Data)
		json.Unmarshal(b, &m)
		m.Level, m.Logger = string(p.Level), p.Logger
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no log message within 10s")
		return logMessage{}
	}
}

// until returns the messages received up to and including the first that
// matches, in order.
func (c *consoleClient) until(t *testing.T, match func(logMessage) bool) []logMessage {
	t.Helper()
	var got []logMessage
	for {
		m := c.next(t)
		got = append(got, m)
		if match(m) {
			return got
		}
	}
}

func message(text string) func(logMessage) bool {
	return func(m logMessage) bool { return m.Message == text }
}

func (c *consoleClient) waitUpdated(t *testing.T, uri string) {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case u := <-c.updated:
			if u == uri {
				return
			}
		case <-timeout:
			t.Fatalf("no notifications/resources/updated for %s within 10s", uri)
		}
	}
}

func (c *consoleClient) read(t *testing.T, ctx context.Context, uri string) map[string]any {
	t.Helper()
	res, err := c.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatalf("reading %s: %v", uri, err)
	}
	if len(res.Contents) != 1 || res.Contents[0].MIMEType != "application/json" {
		t.Fatalf("reading %s: want one JSON content, got %+v", uri, res.Contents)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(res.Contents[0].Text), &v); err != nil {
		t.Fatalf("reading %s: %v", uri, err)
	}
	return v
}

func consoleMessages(v map[string]any) []string {
	var out []string
	entries, _ := v["entries"].([]any)
	for _, e := range entries {
		m, _ := e.(map[string]any)
		out = append(out, fmt.Sprint(m["type"], ":", m["message"]))
	}
	return out
}

func setLevel(t *testing.T, ctx context.Context, c *consoleClient, level mcp.LoggingLevel) {
	t.Helper()
	if err := c.cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: level}); err != nil {
		t.Fatalf("setLevel %s: %v", level, err)
	}
}

// An MCP client subscribed to an editor's console resource while the
// editor logs: resources/updated, the entry in the resource, Console
// entries as notifications/message at their level, setLevel honoured, the
// rate limit, no cross-talk between projects, the compile and editors
// resources.
func TestConsoleLoggingAndResources(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	simA := e.startSim(newProject(t, "Alpha"), editorsim.Config{})
	simB := e.startSim(newProject(t, "Beta"), editorsim.Config{})
	a, b := simA.Hash(), simB.Hash()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	ca := connectConsole(t, ctx, e, "/projects/"+a+"/mcp")
	cb := connectConsole(t, ctx, e, "/projects/"+b+"/mcp")
	setLevel(t, ctx, ca, "info")
	setLevel(t, ctx, cb, "debug")
	consoleA := "unity://editors/" + a + "/console"
	if err := ca.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: consoleA}); err != nil {
		t.Fatal(err)
	}

	t.Run("subscribed console", func(t *testing.T) {
		simA.Log("Log", "hello from Alpha", "Player.Start ()")
		ca.waitUpdated(t, consoleA)
		v := ca.read(t, ctx, consoleA)
		if v["project"] != a || !contains(consoleMessages(v), "Log:hello from Alpha") {
			t.Errorf("console resource: %v", v)
		}
	})

	t.Run("levels", func(t *testing.T) {
		simA.Log("Warning", "careful", "")
		simA.Log("Exception", "NullReferenceException: boom", "Player.Update ()")
		got := ca.until(t, message("NullReferenceException: boom"))
		want := map[string]string{"hello from Alpha": "info", "careful": "warning", "NullReferenceException: boom": "critical"}
		for _, m := range got {
			if lvl, ok := want[m.Message]; ok && (m.Level != lvl || m.Logger != "unity" || m.Project != a) {
				t.Errorf("%q: level %s logger %s project %s, want %s unity %s", m.Message, m.Level, m.Logger, m.Project, lvl, a)
			}
			delete(want, m.Message)
		}
		if len(want) > 0 {
			t.Errorf("not received: %v (got %v)", want, got)
		}
	})

	t.Run("no cross-talk", func(t *testing.T) {
		simB.Log("Log", "hello from Beta", "")
		// B's message was fanned out to every session before cb saw it, and
		// a session's notifications keep their order: anything of B's for ca
		// would come before A's marker.
		cb.until(t, message("hello from Beta"))
		simA.Log("Log", "marker A", "")
		for _, m := range ca.until(t, message("marker A")) {
			if m.Project != a || m.Message == "hello from Beta" {
				t.Errorf("session pinned to Alpha got %+v", m)
			}
		}
		if _, err := ca.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "unity://editors/" + b + "/console"}); err == nil {
			t.Error("a session pinned to Alpha read Beta's console")
		}
	})

	t.Run("setLevel error filters warnings", func(t *testing.T) {
		setLevel(t, ctx, ca, "error")
		simA.Log("Warning", "filtered warning", "")
		simA.Log("Log", "filtered log", "")
		simA.Log("Error", "an error", "")
		for _, m := range ca.until(t, message("an error")) {
			if m.Message != "an error" || m.Level != "error" {
				t.Errorf("at level error the session got %+v", m)
			}
		}
		setLevel(t, ctx, ca, "info")
	})

	t.Run("rate limit", func(t *testing.T) {
		const n = 300
		for i := range n {
			simA.Log("Log", fmt.Sprintf("storm %d", i), "")
		}
		got := ca.until(t, func(m logMessage) bool { return m.Logger == "unitymcp" })
		notice := got[len(got)-1]
		if notice.Level != "warning" || notice.Dropped == 0 || !strings.Contains(notice.Message, "dropped") {
			t.Fatalf("notice: %+v", notice)
		}
		if delivered := len(got) - 1; delivered+notice.Dropped != n || delivered > 110 {
			t.Errorf("%d delivered + %d dropped, want %d in all and about the burst (100) delivered", delivered, notice.Dropped, n)
		}
		// Nothing is lost from the resource.
		storm := 0
		for _, m := range consoleMessages(ca.read(t, ctx, consoleA)) {
			if strings.HasPrefix(m, "Log:storm ") {
				storm++
			}
		}
		if storm != n {
			t.Errorf("console resource holds %d storm entries, want %d", storm, n)
		}
	})

	t.Run("compile resource", func(t *testing.T) {
		compileA := "unity://editors/" + a + "/compile"
		if err := ca.cs.Subscribe(ctx, &mcp.SubscribeParams{URI: compileA}); err != nil {
			t.Fatal(err)
		}
		if res, err := ca.cs.CallTool(ctx, &mcp.CallToolParams{Name: "compile", Arguments: map[string]any{}}); err != nil || res.IsError {
			t.Fatalf("compile: %v %+v", err, res)
		}
		ca.waitUpdated(t, compileA)
		v := ca.read(t, ctx, compileA)
		c, _ := v["compile"].(map[string]any)
		r, _ := c["result"].(map[string]any)
		if r["success"] != true {
			t.Errorf("compile resource: %v", v)
		}
	})

	t.Run("editors and list", func(t *testing.T) {
		v := ca.read(t, ctx, "unity://editors")
		eds, _ := v["editors"].([]any)
		var hashes []string
		for _, ed := range eds {
			m, _ := ed.(map[string]any)
			hashes = append(hashes, fmt.Sprint(m["projectHash"]))
			if _, ok := m["declaredTools"]; ok {
				t.Error("unity://editors lists declared tools")
			}
		}
		if !contains(hashes, a) || contains(hashes, b) {
			t.Errorf("unity://editors of a session pinned to Alpha: %v, want Alpha's editor only", v)
		}
		res, err := ca.cs.ListResources(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		var uris []string
		for _, r := range res.Resources {
			uris = append(uris, r.URI)
		}
		if !contains(uris, "unity://editors") || !contains(uris, consoleA) || contains(uris, "unity://editors/"+b+"/console") {
			t.Errorf("resources/list of a session pinned to Alpha: %v", uris)
		}
		tpl, err := ca.cs.ListResourceTemplates(ctx, nil)
		if err != nil || len(tpl.ResourceTemplates) != 2 {
			t.Errorf("resource templates: %v %+v", err, tpl)
		}
	})
}

// An unpinned session follows the only connected editor.
func TestConsoleUnpinnedSessionFollowsTheOnlyEditor(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	sim := e.startSim(newProject(t, "Solo"), editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c := connectConsole(t, ctx, e, "/mcp")
	// Without setLevel the session gets error and above (mcp-go's default).
	sim.Log("Warning", "not sent", "")
	sim.Log("Error", "sent", "")
	for _, m := range c.until(t, message("sent")) {
		if m.Message != "sent" || m.Project != sim.Hash() {
			t.Errorf("got %+v", m)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
