package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/installer"
)

// CallConfig is `unitymcp call`.
type CallConfig struct {
	Tool    string
	Project string
	Args    string
}

const callLong = `Call one tool through the running daemon and print its JSON result.

The project is --project (a folder, or a connected editor's name or
projectHash), else $CLAUDE_PROJECT_DIR, else the Unity project holding the
working directory, exactly as for "unitymcp stdio".

Exit status: 0 when the tool succeeded; 1 when it answered an error (its
{"error": …} body is printed on stdout), when its result says
"Success": false (run-tests with failing tests, compile with errors), or
when no daemon runs; 2 for a usage error (invalid --args JSON, a --project
folder that is not a Unity project).`

func newCallCmd(std IO) *cobra.Command {
	var cfg CallConfig
	cmd := &cobra.Command{
		Use:   "call TOOL [--project DIR] [--args JSON]",
		Short: "Call a tool and print its JSON result (exit 1 on a tool error)",
		Long:  callLong,
		Example: `  unitymcp call compile
  unitymcp call get-logs --args '{"LogType":"Error"}' --project ~/Game`,
		Args:              exactArgs(1, "one tool name, e.g. unitymcp call compile --args '{}'"),
		ValidArgsFunction: completeTools,
		RunE: func(_ *cobra.Command, args []string) error {
			cfg.Tool = args[0]
			return Call(cfg, std.Out, std.Err)
		},
	}
	projectFlag(cmd, &cfg.Project, "Unity project folder, or a connected editor's name or hash (default: $CLAUDE_PROJECT_DIR, else the working directory's project)")
	cfg.Args = "{}"
	cmd.Flags().Var(&onceString{p: &cfg.Args}, "args", "tool arguments as a JSON object (given once)")
	return cmd
}

// completeTools offers the running daemon's tool names (for --project's
// project when given); it never starts a daemon.
func completeTools(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	c := findQuick()
	if c == nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	proj, _ := cmd.Flags().GetString("project")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	tools, err := c.Tools(ctx, callProject(proj), "")
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, t := range tools {
		d, _, _ := strings.Cut(t.Description, "\n")
		out = append(out, t.Name+"\t"+d)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// callProject is the project call pins: a folder is normalised to its
// Unity project, a name or a hash is passed on as it is, and none falls
// back to $CLAUDE_PROJECT_DIR or the working directory, as stdio does.
func callProject(p string) string {
	if p == "" || isFolderArg(p) {
		return ProjectFromEnv(p, os.Getenv("CLAUDE_PROJECT_DIR"))
	}
	return p
}

// isFolderArg reports whether call's --project names a folder (an existing
// one, or any path) rather than an editor's name or hash.
func isFolderArg(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir() || strings.ContainsAny(p, `/\`)
}

// onceString is a string flag that may be given once: a second --args
// would silently replace the first.
type onceString struct {
	p   *string
	set bool
}

func (o *onceString) String() string { return *o.p }
func (o *onceString) Type() string   { return "JSON" }
func (o *onceString) Set(v string) error {
	if o.set {
		return fmt.Errorf("given twice (%s, then %s); put every argument in one JSON object", *o.p, v)
	}
	*o.p, o.set = v, true
	return nil
}

// Call runs one tool and prints its JSON result; exit 1 on a tool error.
func Call(cfg CallConfig, stdout, stderr io.Writer) error {
	if cfg.Args != "" {
		var obj map[string]json.RawMessage
		switch {
		case !json.Valid([]byte(cfg.Args)):
			return usageError("--args is not valid JSON: %s (example: --args '{\"LogType\":\"Error\"}')", cfg.Args)
		case json.Unmarshal([]byte(cfg.Args), &obj) != nil || obj == nil:
			return usageError("--args must be a JSON object of the tool's arguments, not %s (example: --args '{\"LogType\":\"Error\"}')", cfg.Args)
		}
	}
	ctx := context.Background()
	c, err := findDaemon(ctx)
	if cfg.Project != "" && isFolderArg(cfg.Project) {
		if _, perr := checkProject(cfg.Project); perr != nil {
			// A folder a connected editor reports is its project, Unity
			// folders or not (a simulator's scratch folder, say).
			if c == nil || connectedPath(ctx, c, cfg.Project) == "" {
				return perr
			}
		}
	}
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	body, err := c.Call(ctx, callProject(cfg.Project), cfg.Tool, json.RawMessage(cfg.Args))
	var terr *api.ToolError
	if errors.As(err, &terr) {
		if short := shortProjectError(terr, "pass --project DIR (one of the folders above), e.g. unitymcp call "+cfg.Tool+" --project "+firstPath(terr)); short != "" {
			// On stderr only: a person reads it (scripts read the exit
			// status); stdout stays empty.
			return &ExitError{Code: 1, Err: fmt.Errorf("%s: %s", terr.Code, short)}
		}
		// The error body, as the daemon answered it: scripts read its code.
		b, _ := json.MarshalIndent(terr.Body(), "", "  ")
		fmt.Fprintln(stdout, string(b))
		return &ExitError{Code: 1}
	}
	if err != nil {
		return &ExitError{Code: 1, Err: err}
	}
	// Indented like the error bodies, so every answer reads the same.
	var pretty bytes.Buffer
	if json.Indent(&pretty, body, "", "  ") == nil {
		body = pretty.Bytes()
	}
	stdout.Write(body)
	if !bytes.HasSuffix(body, []byte("\n")) {
		fmt.Fprintln(stdout)
	}
	var verdict struct{ Success *bool }
	if json.Unmarshal(body, &verdict) == nil && verdict.Success != nil && !*verdict.Success {
		// run-tests with failing tests, compile with errors: a result, but
		// a failed one, for scripts and CI.
		return &ExitError{Code: 1}
	}
	return nil
}

// shortProjectError is a one-screen message for a project that could not
// be chosen (ambiguous or unknown): the editors' names and paths, not the
// daemon's full answer, and the fix for this command. "" for other errors.
func shortProjectError(terr *api.ToolError, fix string) string {
	var what string
	switch terr.Code {
	case api.CodeProjectAmbiguous:
		what = "more than one Unity editor is connected and the working directory is in none of their projects"
	case api.CodeUnknownProject:
		what = "no connected Unity editor matches the project"
	default:
		return ""
	}
	var b strings.Builder
	b.WriteString(what + ":")
	for _, ed := range editorsOf(terr.Data) {
		fmt.Fprintf(&b, "\n  %-24s %s", ed.name, ed.path)
	}
	b.WriteString("\n" + fix)
	return b.String()
}

type namedPath struct{ name, path string }

// editorsOf digs the editors' names and folders out of an error's data,
// whatever its shape: a list of editors, or an object holding one.
func editorsOf(data any) []namedPath {
	raw, _ := json.Marshal(data)
	var list []map[string]any
	if json.Unmarshal(raw, &list) != nil {
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return nil
		}
		for _, k := range []string{"editors", "candidates", "projects"} {
			if json.Unmarshal(obj[k], &list) == nil && list != nil {
				break
			}
		}
	}
	str := func(m map[string]any, keys ...string) string {
		for _, k := range keys {
			if s, ok := m[k].(string); ok && s != "" {
				return s
			}
		}
		return ""
	}
	var out []namedPath
	for _, m := range list {
		p := str(m, "projectPath", "path")
		if p == "" {
			p = strings.TrimSuffix(str(m, "dataPath"), "/Assets")
		}
		out = append(out, namedPath{name: str(m, "productName", "name", "projectName"), path: p})
	}
	return out
}

// firstPath is the first candidate's folder, quoted for a shell (or a
// placeholder).
func firstPath(terr *api.ToolError) string {
	for _, ed := range editorsOf(terr.Data) {
		if ed.path != "" {
			return installer.ShellQuote(ed.path)
		}
	}
	return "DIR"
}

// connectedPath is the project folder of the connected editor that reports
// the folder p (absolute, cleaned), "" when none does.
func connectedPath(ctx context.Context, c *client.Client, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	h, err := c.Health(ctx, "")
	if err != nil {
		return ""
	}
	for _, ed := range h.Editors {
		if filepath.Clean(filepath.FromSlash(ed.ProjectPath)) == abs {
			return ed.ProjectPath
		}
	}
	return ""
}
