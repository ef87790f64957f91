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
	"strings"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// Client is a connection to the daemon of a state directory.
type Client struct {
	State state.Dir
	URL   string
	Token string
	// Key is the daemon's per-start key from daemon.json. When set, every
	// connection that carries Token is proven first (proof.go): against
	// the key of daemon.json read at that dial when State is set, else
	// against Key. Find always sets both.
	Key string
	// HTTP carries the requests of a Client without Key (built by hand for
	// a trusted URL); a Client with Key uses its own proving transport.
	HTTP *http.Client

	provingOnce sync.Once
	proving     *http.Client
}

// ErrNoDaemon says no daemon runs for the state directory.
var ErrNoDaemon = errors.New("no unitymcp daemon is running")

// Find locates the running daemon of dir.
func Find(ctx context.Context, dir state.Dir) (*Client, error) {
	info, err := readLive(dir)
	if err != nil {
		return nil, err
	}
	tok, err := dir.ReadToken()
	if err != nil {
		return nil, fmt.Errorf("reading the daemon token: %w", err)
	}
	c := &Client{State: dir, URL: info.URL, Token: tok, Key: info.Key}
	if err := c.Ping(ctx); err != nil {
		if errors.Is(err, ErrNotProven) {
			return nil, fmt.Errorf("%w: %s is stale (pid %d): %v — start the daemon with: unitymcp serve (it replaces the file)", ErrNoDaemon, dir.DaemonPath(), info.PID, err)
		}
		return nil, fmt.Errorf("%w: daemon.json names pid %d at %s but it does not answer: %v", ErrNoDaemon, info.PID, info.URL, err)
	}
	return c, nil
}

// Ensure finds the daemon, starting `exe serve --headless` in the background
// when none runs, and waits up to 10 s for it to serve. A daemon that holds
// the state folder's lock but does not answer — one shutting down (a
// restart), or one starting — is waited for: a new one could not take the
// lock until it is gone, and would exit at once.
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
	started := 0
	var child *os.Process // the last one started, until it exits
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := Find(ctx, dir); err == nil {
			return c, started > 0, nil
		}
		// Start one when nobody holds the lock and the last one started has
		// exited (at most three: one that dies at once is not started
		// forever, nor several at a time).
		if child != nil && !platform.ProcessAlive(child.Pid) { // StartDetached reaps it
			child = nil
			// It exited, no daemon answers and none holds the lock: it
			// failed on its own (a port in use, a bad flag), and what it
			// printed says why — no reason to wait out the deadline.
			if free, err := lockFree(dir); err == nil && free {
				if why := lastLine(dir.StderrLogPath()); why != "" {
					return nil, false, fmt.Errorf("started the daemon, but it exited: %s (see %s)", why, logf.Name())
				}
				if started >= 3 {
					return nil, false, fmt.Errorf("started the daemon three times, and each exited at once without saying why; see %s and %s", dir.LogPath(), logf.Name())
				}
			}
		}
		if started < 3 && child == nil {
			free, err := lockFree(dir)
			if err != nil {
				return nil, false, err
			}
			if free {
				p, err := platform.StartDetached(exe, args, env, logf)
				if err != nil {
					return nil, false, fmt.Errorf("starting the daemon: %w", err)
				}
				child = p
				started++
			}
		}
		select {
		case <-ctx.Done():
			return nil, false, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	if started == 0 {
		return nil, false, fmt.Errorf("a unitymcp daemon holds %s but did not answer within 10s; see %s", dir.LockPath(), dir.LogPath())
	}
	return nil, false, fmt.Errorf("started the daemon but it did not answer within 10s; see %s and %s", dir.LogPath(), logf.Name())
}

// lastLine is the last non-empty line of the file at path ("" when none).
func lastLine(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// lockFree reports whether no daemon holds the state folder's lock now.
func lockFree(dir state.Dir) (bool, error) {
	l, err := platform.Lock(dir.LockPath())
	switch {
	case errors.Is(err, platform.ErrLocked):
		return false, nil
	case err != nil:
		return false, err
	}
	l.Unlock()
	return true, nil
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

// httpClient is the HTTP client of c's requests: with a Key, one whose
// every connection is proven before it carries the token (proof.go).
func (c *Client) httpClient() *http.Client {
	if c.Key == "" {
		if c.HTTP == nil {
			return http.DefaultClient
		}
		return c.HTTP
	}
	c.provingOnce.Do(func() { c.proving = c.provingHTTP() })
	return c.proving
}

// CloseIdle closes the connections c keeps open for its next requests:
// a caller that is done with c (`unitymcp stdio` once it found the daemon
// and keeps a stream of its own) holds none.
func (c *Client) CloseIdle() { c.httpClient().CloseIdleConnections() }

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
	resp, err := c.httpClient().Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return b, resp.StatusCode, err
}
