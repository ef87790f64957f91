package installer

import (
	"path/filepath"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// AddrEnv is the variable that moves the daemon off its default address
// (the app layer's cli.AddrEnv, which the installer cannot import).
const AddrEnv = "UNITYMCP_ADDR"

// NewServer is how clients reach the daemon of the state directory dir:
// HTTP with its token (pinned to the project when one is given) at the
// address it listens on (daemon.json, else e.Addr, else the default), and
// the stdio command with the environment StdioEnv says it needs.
func NewServer(dir state.Dir, exe string, e Env) (Server, error) {
	return newServer(dir, exe, e, true)
}

// PeekServer is NewServer that changes nothing: it reads the token when
// there is one (the Token is "" when the daemon never made one), for
// `install client --print` and the project scope, whose entries never hold
// the token.
func PeekServer(dir state.Dir, exe string, e Env) (Server, error) {
	return newServer(dir, exe, e, false)
}

func newServer(dir state.Dir, exe string, e Env, ensure bool) (Server, error) {
	s := Server{Command: exe, Args: []string{"stdio"}, Project: e.Project, Env: StdioEnv(dir.Root, e)}
	read := dir.ReadToken
	if ensure {
		read = dir.EnsureToken
	}
	tok, err := read()
	if err != nil && ensure {
		return s, err
	}
	addr := api.DefaultAddr
	if e.Addr != "" {
		addr = e.Addr
	}
	if info, err := dir.ReadDaemon(); err == nil && info.Address != "" {
		addr = info.Address
	}
	s.URL, s.Token = "http://"+addr+"/mcp", tok
	if e.Project != "" {
		h, err := project.HashDir(e.Project)
		if err != nil {
			return s, err
		}
		s.URL = "http://" + addr + "/projects/" + h + "/mcp"
	}
	return s, nil
}

// StdioEnv is the environment a stdio entry must carry so that every client
// reaches the daemon of stateDir. Codex and SDK-based clients start
// `unitymcp stdio` with a short fixed environment (HOME, PATH, LANG…; on
// Windows also LOCALAPPDATA), not the user's: UNITYMCP_HOME is set when the
// state directory is not the one that environment finds, UNITYMCP_ADDR when
// the user moved the daemon's address (for the daemon stdio starts). Nil
// when the defaults are right, so the entry stays the same for everyone.
func StdioEnv(stateDir string, e Env) map[string]string {
	short := func(k string) string {
		switch k {
		case "HOME":
			return e.Home
		case "LOCALAPPDATA":
			return e.LocalAppData
		}
		return ""
	}
	env := map[string]string{}
	if def, err := platform.DataDirIn(short, e.Home); err != nil || filepath.Clean(def) != filepath.Clean(stateDir) {
		env[platform.HomeEnv] = stateDir
	}
	if e.Addr != "" && e.Addr != api.DefaultAddr {
		env[AddrEnv] = e.Addr
	}
	if len(env) == 0 {
		return nil
	}
	return env
}
