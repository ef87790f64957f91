package e2e

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tsBench runs the official TypeScript SDK client (node/client.mjs), one
// process and one session per run, against one project's MCP URL.
type tsBench struct {
	t          *testing.T
	url, token string
}

// tsRun is client.mjs's output with the parts an agent reads kept verbatim
// (tools as JSON.stringify wrote them) and each call's time.
type tsRun struct {
	Instructions string          `json:"instructions"`
	Tools        json.RawMessage `json:"tools"`
	Calls        []tsCall        `json:"calls"`
	took         []time.Duration // each call's, in order
}

// text is call i's text block (what a model reads of the answer); it fails
// the test if the call failed.
func (r *tsRun) text(t *testing.T, i int) string {
	t.Helper()
	c := r.Calls[i]
	if c.ProtocolError != "" || c.Result.IsError || len(c.Result.Content) != 1 {
		t.Fatalf("call %d (%s) failed: %s %+v", i, c.Name, c.ProtocolError, c.Result.Content)
	}
	return c.Result.Content[0].Text
}

// timeHook is loaded into node before client.mjs (--import): it wraps the
// SDK's Client.callTool and writes how long each took to stderr. client.mjs
// imports the same module file, so it gets the wrapped method.
const timeHook = `import { Client } from %q;
const callTool = Client.prototype.callTool;
Client.prototype.callTool = async function (...args) {
  const start = performance.now();
  try { return await callTool.apply(this, args); }
  finally { process.stderr.write("CALLTIME " + (performance.now() - start) + "\n"); }
};
`

// maxArg is the most JSON of calls one client run takes: client.mjs takes
// them as one argument, and Linux refuses an argument over 128 KiB.
const maxArg = 100 << 10

// run lists the tools at the URL with query added ("" or "?group=…") and
// makes calls in order: on one session, or where their JSON passes maxArg
// in consecutive runs of the client, each a session of its own (the calls
// are made in the same order; tools and instructions are the first run's).
func (b *tsBench) run(query string, calls []map[string]any) *tsRun {
	b.t.Helper()
	var r *tsRun
	for len(calls) > 0 || r == nil {
		n, size := 0, 2
		for n < len(calls) {
			size += len(mustJSON(calls[n])) + 1
			if size > maxArg && n > 0 {
				break
			}
			n++
		}
		part := b.runOnce(query, calls[:n])
		if r == nil {
			r = part
		} else {
			r.Calls = append(r.Calls, part.Calls...)
			r.took = append(r.took, part.took...)
		}
		calls = calls[n:]
	}
	return r
}

// runOnce is run in one client process.
func (b *tsBench) runOnce(query string, calls []map[string]any) *tsRun {
	b.t.Helper()
	if calls == nil {
		calls = []map[string]any{}
	}
	node, dir := needNode(b.t)
	sdk := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm", "client", "index.js")
	if _, err := os.Stat(sdk); err != nil {
		b.t.Fatalf("the SDK's client module moved: %v", err)
	}
	hook := fmt.Sprintf(timeHook, (&url.URL{Scheme: "file", Path: filepath.ToSlash(sdk)}).String())
	cmd := exec.Command(node, "--import", "data:text/javascript;base64,"+base64.StdEncoding.EncodeToString([]byte(hook)),
		filepath.Join(dir, "client.mjs"), "http", b.url+query, b.token, mustJSON(calls))
	stderr, _ := cmd.StderrPipe()
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	var took []time.Duration
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		if ms, ok := strings.CutPrefix(sc.Text(), "CALLTIME "); ok {
			f, _ := strconv.ParseFloat(ms, 64)
			took = append(took, time.Duration(f*float64(time.Millisecond)))
		} else {
			fmt.Fprintln(os.Stderr, sc.Text())
		}
	}
	if err := cmd.Wait(); err != nil {
		b.t.Fatalf("TS client: %v\n%.2000s", err, stdout.String())
	}
	r := &tsRun{took: took}
	if err := json.Unmarshal(stdout.Bytes(), r); err != nil {
		b.t.Fatalf("TS client output: %v\n%.2000s", err, stdout.String())
	}
	if len(r.Calls) != len(calls) || len(took) != len(calls) {
		b.t.Fatalf("TS client made %d calls and timed %d; want %d", len(r.Calls), len(took), len(calls))
	}
	return r
}
