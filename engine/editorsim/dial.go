package editorsim

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/state"
)

// The simulator sends the token as the package does (and as engine/client
// does): only on a connection proven, on that connection, against the
// daemon's key — Config.Key, else the key of StateDir's daemon.json read at
// each dial — by client.ProveConn. The WebSocket upgrade with the token
// then goes on the proven connection, never on a new one, which whatever
// took the port after the daemon went could answer.

// dial opens the bridge WebSocket of the daemon at cfg.BaseURL, proving
// every TCP connection first.
func (s *Sim) dial(ctx context.Context) (*websocket.Conn, error) {
	u, err := url.Parse(s.cfg.BaseURL)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("the daemon address %q is not http://host:port", s.cfg.BaseURL)
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+s.cfg.Token)
	opts := &websocket.DialOptions{HTTPHeader: h, HTTPClient: &http.Client{Transport: &http.Transport{
		// No proxy: the daemon is on loopback. Every connection the
		// transport opens is proven before the upgrade goes on it.
		Proxy: nil,
		DialContext: func(ctx context.Context, _, addr string) (net.Conn, error) {
			return s.dialProven(ctx, addr)
		},
	}}}
	conn, _, err := websocket.Dial(ctx, s.cfg.BaseURL+api.PathBridge, opts)
	return conn, err
}

// dialProven dials addr and proves the connection against the daemon's key
// (proofKey, read now); it is wrapped by Config.WrapConn once proven.
func (s *Sim) dialProven(ctx context.Context, addr string) (net.Conn, error) {
	key, err := s.proofKey()
	if err != nil {
		return nil, err
	}
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	if err := client.ProveConn(ctx, conn, addr, key); err != nil {
		conn.Close()
		return nil, err
	}
	if s.cfg.WrapConn != nil {
		return s.cfg.WrapConn(conn), nil
	}
	return conn, nil
}

// proofKey is Config.Key, else the key in StateDir's daemon.json as it is
// now (a restarted daemon has a new one).
func (s *Sim) proofKey() (string, error) {
	if s.cfg.Key != "" {
		return s.cfg.Key, nil
	}
	if s.cfg.StateDir == "" {
		return "", fmt.Errorf("no daemon key to prove %s against (no Config.Key, no state folder); %w", s.cfg.BaseURL, client.ErrNotProven)
	}
	dir := state.Dir{Root: s.cfg.StateDir}
	info, err := dir.ReadDaemon()
	if err != nil || info.Key == "" {
		return "", fmt.Errorf("%s has no daemon key to prove %s against (is the daemon running with this state folder? unitymcp serve writes it); %w", dir.DaemonPath(), s.cfg.BaseURL, client.ErrNotProven)
	}
	return info.Key, nil
}
