package bridge

import (
	"context"
	"net/http"

	"github.com/coder/websocket"
	"github.com/unitymcp/unitymcp/engine/api"
)

// Dial opens the bridge WebSocket of the daemon at baseURL (http://host:port)
// with the bearer token, as an editor does.
func Dial(ctx context.Context, baseURL, token string) (*websocket.Conn, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+token)
	conn, _, err := websocket.Dial(ctx, baseURL+api.PathBridge, &websocket.DialOptions{HTTPHeader: h})
	return conn, err
}
