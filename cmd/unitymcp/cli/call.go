package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/state"
)

// CallConfig is `unitymcp call`.
type CallConfig struct {
	Tool    string
	Project string
	Args    string
}

func runCall(args []string, std IO) error {
	if len(args) == 0 {
		return usageError("call: name a tool, e.g. unitymcp call compile --args '{}'")
	}
	fs := newFlags("call")
	proj := fs.String("project", "", "Unity project folder, name or hash")
	argsJSON := fs.String("args", "{}", "tool arguments as a JSON object")
	if err := parse(fs, args[1:]); err != nil {
		return err
	}
	return Call(CallConfig{Tool: args[0], Project: *proj, Args: *argsJSON}, std.Out)
}

// Call runs one tool and prints its JSON result; exit 1 on a tool error.
func Call(cfg CallConfig, stdout io.Writer) error {
	if cfg.Args != "" && !json.Valid([]byte(cfg.Args)) {
		return &ExitError{Code: 2, Err: fmt.Errorf("--args is not valid JSON: %s (example: --args '{\"LogType\":\"Error\"}')", cfg.Args)}
	}
	dir, err := state.Open()
	if err != nil {
		return err
	}
	ctx := context.Background()
	c, err := client.Find(ctx, dir)
	if err != nil {
		return err
	}
	// A folder is normalised to its Unity project; a name or a hash is
	// passed on as it is.
	proj := cfg.Project
	if fi, err := os.Stat(proj); proj != "" && (err == nil && fi.IsDir() || strings.ContainsAny(proj, `/\`)) {
		proj = ProjectFromEnv(proj, "")
	}
	body, err := c.Call(ctx, proj, cfg.Tool, json.RawMessage(cfg.Args))
	var terr *api.ToolError
	if errors.As(err, &terr) {
		// The error body, as the daemon answered it: scripts read its code.
		b, _ := json.MarshalIndent(terr.Body(), "", "  ")
		fmt.Fprintln(stdout, string(b))
		return &ExitError{Code: 1}
	}
	if err != nil {
		return err
	}
	stdout.Write(body)
	return nil
}
