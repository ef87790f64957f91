// Package bridgetest dials the daemon's bridge without proving it first,
// for tests that play an editor (a hostile one too) against a daemon they
// started themselves. An editor of ours never does: the Unity package and
// editorsim prove the daemon against daemon.json's key on the connection
// that then carries the token (docs/security.md, A2).
package bridgetest

import (
	"context"
	"net"
	"net/http"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/api"
)

// Dial opens the bridge WebSocket of the daemon at baseURL (http://host:port)
// with the bearer token, unproven. wrap, when not nil, wraps the TCP
// connection.
func Dial(ctx context.Context, baseURL, token string, wrap func(net.Conn) net.Conn) (*websocket.Conn, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+token)
	opts := &websocket.DialOptions{HTTPHeader: h}
	if wrap != nil {
		opts.HTTPClient = &http.Client{Transport: &http.Transport{ // no proxy: the daemon is on loopback
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
				if err != nil {
					return nil, err
				}
				return wrap(c), nil
			},
		}}
	}
	conn, _, err := websocket.Dial(ctx, baseURL+api.PathBridge, opts)
	return conn, err
}
