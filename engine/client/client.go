// Package client is the typed local client of the daemon, the one way the
// CLI, the stdio shim, the tray and the installer talk to it: it finds the
// daemon through daemon.json, reads the token, starts the daemon in the
// background when asked, and calls its REST API (Health, Tools, Call,
// Config) and follows its event stream (WatchEvents) with the wire types of
// engine/api.
package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// Client is a connection to the daemon of a state directory.
type Client struct {
	State state.Dir
	URL   string
	Token string
	HTTP  *http.Client
}

// ErrNoDaemon says no daemon runs for the state directory.
var ErrNoDaemon = errors.New("no unitymcp daemon is running")

// Find locates the running daemon of dir.
func Find(ctx context.Context, dir state.Dir) (*Client, error) {
	info, err := dir.ReadDaemon()
	if err != nil || !platform.ProcessAlive(info.PID) {
		return nil, fmt.Errorf("%w for %s (start it with: unitymcp serve)", ErrNoDaemon, dir.Root)
	}
	tok, err := dir.ReadToken()
	if err != nil {
		return nil, fmt.Errorf("reading the daemon token: %w", err)
	}
	c := &Client{State: dir, URL: info.URL, Token: tok, HTTP: &http.Client{}}
	if err := c.Ping(ctx); err != nil {
		return nil, fmt.Errorf("%w: daemon.json names pid %d at %s but it does not answer: %v", ErrNoDaemon, info.PID, info.URL, err)
	}
	return c, nil
}

// Ensure finds the daemon, starting `exe serve --headless` in the background
// when none runs, and waits up to 10 s for it to serve.
func Ensure(ctx context.Context, dir state.Dir, exe string, extraArgs ...string) (*Client, bool, error) {
	if c, err := Find(ctx, dir); err == nil {
		return c, false, nil
	}
	if err := os.MkdirAll(dir.LogsDir(), 0o700); err != nil {
		return nil, false, err
	}
	// The daemon writes its own rotating log (dir.LogPath()); its stderr
	// keeps only what the Go runtime itself prints (a panic), truncated at
	// every start, so no line is written twice and rotation is not defeated
	// by a descriptor held open on daemon.log.
	logf, err := os.OpenFile(dir.StderrLogPath(), os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, false, err
	}
	defer logf.Close()
	env := append(os.Environ(), platform.HomeEnv+"="+dir.Root)
	args := append([]string{"serve", "--headless", "--" + DetachedFlag}, extraArgs...)
	if _, err := platform.StartDetached(exe, args, env, logf); err != nil {
		return nil, false, fmt.Errorf("starting the daemon: %w", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := Find(ctx, dir); err == nil {
			return c, true, nil
		}
		select {
		case <-ctx.Done():
			return nil, false, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return nil, false, fmt.Errorf("started the daemon but it did not answer within 10s; see %s and %s", dir.LogPath(), logf.Name())
}

// DetachedFlag is the serve flag Ensure passes: the daemon then logs only
// to its rotating log file, not also to stderr.
const DetachedFlag = "detached"

// Ping checks that the daemon answers GET /health (within 2 s).
func (c *Client) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_, err := c.Health(ctx, "")
	return err
}

// Do sends a request with the token and returns the body and status.
func (c *Client) Do(ctx context.Context, method, path string, body []byte) ([]byte, int, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.URL+path, rd)
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return b, resp.StatusCode, err
}
