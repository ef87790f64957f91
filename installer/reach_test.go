package installer

import (
	"testing"

	"github.com/unitymcp/unitymcp/engine/project"
	"github.com/unitymcp/unitymcp/engine/state"
)

// How clients reach the daemon: at the address of daemon.json, else the
// moved address of the environment, else the default; pinned to the
// project when there is one; with the state directory's token (made when
// missing by NewServer, not by PeekServer).
func TestNewServer(t *testing.T) {
	t.Parallel()
	proj := t.TempDir()
	hash, err := project.HashDir(proj)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		daemon *state.Daemon
		env    Env
		url    string
	}{
		{"defaults", nil, Env{}, "http://127.0.0.1:27182/mcp"},
		{"moved by the environment", nil, Env{Addr: "127.0.0.1:27999"}, "http://127.0.0.1:27999/mcp"},
		{"daemon.json", &state.Daemon{Address: "127.0.0.1:28000"}, Env{Addr: "127.0.0.1:27999"}, "http://127.0.0.1:28000/mcp"},
		{"daemon.json without an address", &state.Daemon{PID: 7}, Env{}, "http://127.0.0.1:27182/mcp"},
		{"project", nil, Env{Project: proj}, "http://127.0.0.1:27182/projects/" + hash + "/mcp"},
	} {
		dir := state.Dir{Root: t.TempDir()}
		if tc.daemon != nil {
			if err := dir.WriteDaemon(*tc.daemon); err != nil {
				t.Fatal(err)
			}
		}
		tc.env.Home = t.TempDir()
		peek, err := PeekServer(dir, "/usr/local/bin/unitymcp", tc.env)
		if err != nil || peek.URL != tc.url || peek.Token != "" {
			t.Errorf("%s: PeekServer: %+v %v, want %s without a token", tc.name, peek, err, tc.url)
		}
		s, err := NewServer(dir, "/usr/local/bin/unitymcp", tc.env)
		tok, terr := dir.ReadToken()
		if err != nil || terr != nil || s.URL != tc.url || s.Token == "" || s.Token != tok || s.Command != "/usr/local/bin/unitymcp" || s.Project != tc.env.Project {
			t.Errorf("%s: NewServer: %+v %v (token file %q %v), want %s with the token", tc.name, s, err, tok, terr, tc.url)
		}
		if again, _ := PeekServer(dir, "/usr/local/bin/unitymcp", tc.env); again.Token != tok {
			t.Errorf("%s: PeekServer after NewServer has token %q, want %q", tc.name, again.Token, tok)
		}
	}
}
