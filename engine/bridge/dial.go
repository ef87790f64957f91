package bridge

import (
	"context"
	"net"
	"net/http"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/api"
)

// Dial opens the bridge WebSocket of the daemon at baseURL (http://host:port)
// with the bearer token, as an editor does. wrap, when not nil, wraps the
// TCP connection.
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
