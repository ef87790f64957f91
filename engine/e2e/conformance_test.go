package e2e

import (
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// The MCP conformance suite's server scenarios that apply to any server.
// The suite cannot send a bearer token, so a loopback proxy adds it (as a
// client's config would) and passes Host and Origin through unchanged, so
// the rebinding scenario still reaches the daemon's own guards.
func TestConformanceSuite(t *testing.T) {
	node, dir := needNode(t)
	e := startDaemon(t, bridge.Options{})
	target, _ := url.Parse(e.URL)
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(target)
		r.Out.Host = r.In.Host
		r.Out.Header.Set("Authorization", "Bearer "+e.Token)
	}, FlushInterval: -1}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: proxy}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	passed := regexp.MustCompile(`Passed: (\d+)/(\d+), 0 failed`)
	// Of the logging and resources scenarios, these apply: logging-set-level,
	// resources-list, resources-subscribe and resources-unsubscribe (the
	// daemon accepts a subscription to any URI, test://watched-resource too:
	// a client may watch the console of an editor that has not connected
	// yet). resources-read-text, resources-read-binary and
	// resources-templates-read read the reference server's fixed fixtures
	// (test://static-text, test://static-binary, test://template/{id}/data),
	// which a Unity daemon has no reason to serve; tools-call-with-logging
	// needs its test_tool_with_logging tool.
	for _, s := range []string{"server-initialize", "ping", "tools-list", "dns-rebinding-protection", "server-sse-multiple-streams",
		"logging-set-level", "resources-list", "resources-subscribe", "resources-unsubscribe"} {
		t.Run(s, func(t *testing.T) {
			run := func() ([]byte, error) {
				return exec.Command(node, filepath.Join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js"),
					"server", "--url", "http://localhost:"+port+"/mcp", "--scenario", s).CombinedOutput()
			}
			out, err := run()
			// "terminated" is Node's fetch saying its socket closed while
			// a body was read. Seen once in CI on a loaded machine, with
			// the proxy reporting its upstream read canceled (its own
			// side, not the daemon's): that is run once more, and only
			// the second outcome counts.
			if strings.Contains(string(out), "Failed: terminated") {
				t.Logf("scenario %s: a connection was cut; running it once more:\n%s", s, out)
				out, err = run()
			}
			m := passed.FindStringSubmatch(string(out))
			if err != nil || m == nil || m[1] != m[2] {
				t.Errorf("scenario %s: %v\n%s", s, err, out)
			}
			if strings.Contains(string(out), "FAILURE") {
				t.Errorf("scenario %s reports a failure:\n%s", s, out)
			}
		})
	}
}
