package e2e

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// A tools/call of a tool that does not exist is a tool error result over
// MCP — isError, unknown_tool, a "did you mean" and the tools there are —
// as over REST, not a bare JSON-RPC error; over Streamable HTTP and over
// `unitymcp stdio` alike. (First-use report, finding 21.)
func TestUnknownToolOverMCPIsAHelpfulResult(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "Game")
	e.startSim(proj, editorsim.Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	cmd := exec.Command(bins.unitymcp, "stdio", "--project", proj)
	cmd.Env = append(os.Environ(), "UNITYMCP_HOME="+e.State.Root)
	for name, transport := range map[string]mcp.Transport{"http": httpTransport(e, "/mcp"), "stdio": &mcp.CommandTransport{Command: cmd}} {
		c := connectSDK(t, ctx, transport, protocolVersions[0])
		res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_logs", Arguments: map[string]any{}})
		if err != nil {
			t.Errorf("%s: an unknown tool is a protocol error: %v", name, err)
			continue
		}
		sc := structured(t, res)
		msg := mustJSON(sc)
		if !res.IsError || errCode(sc) != "unknown_tool" || !strings.Contains(msg, `Did you mean \"get-logs\"`) || !strings.Contains(msg, "clear-console") {
			t.Errorf("%s: unknown tool answered %v; want isError, unknown_tool, a suggestion and the tools", name, msg)
		}
		// A tool that exists still runs.
		if res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "get-logs", Arguments: map[string]any{}}); err != nil || res.IsError {
			t.Errorf("%s: get-logs: %v %v", name, err, res)
		}
	}
}
