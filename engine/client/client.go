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
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sync/atomic"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// Client is a connection to the daemon of a state directory.
type Client struct {
	State state.Dir
	URL   string
	Token string
	// Key is the daemon's per-start key from daemon.json. When set, the
	// daemon at URL must prove it knows it (Prove) before any request
	// carries Token; Find always sets it.
	Key string
	// Socket is the daemon's Unix-domain socket (daemon.json; may be empty).
	Socket string
	HTTP   *http.Client
	// proven is the URL whose daemon answered the proof.
	proven atomic.Pointer[string]
}

// ErrNoDaemon says no daemon runs for the state directory.
var ErrNoDaemon = errors.New("no unitymcp daemon is running")

// Find locates the running daemon of dir.
func Find(ctx context.Context, dir state.Dir) (*Client, error) {
	info, err := dir.ReadDaemon()
	if err != nil || !platform.ProcessAlive(info.PID) {
		return nil, fmt.Errorf("%w for %s (start it with: unitymcp serve)", ErrNoDaemon, dir.Root)
	}
	if info.Key == "" {
		return nil, fmt.Errorf("%w: %s has no key (written by an older daemon, or stale); the token is not sent to %s — start the daemon with: unitymcp serve (it replaces the file)", ErrNoDaemon, dir.DaemonPath(), info.URL)
	}
	tok, err := dir.ReadToken()
	if err != nil {
		return nil, fmt.Errorf("reading the daemon token: %w", err)
	}
	c := &Client{State: dir, URL: info.URL, Token: tok, Key: info.Key, Socket: info.Socket, HTTP: &http.Client{}}
	if err := c.Prove(ctx); err != nil {
		return nil, fmt.Errorf("%w: %s is stale (pid %d): %v; the token was not sent — start the daemon with: unitymcp serve (it replaces the file)", ErrNoDaemon, dir.DaemonPath(), info.PID, err)
	}
	if err := c.Ping(ctx); err != nil {
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

// Prove checks, without sending the token, that the program at c.URL is
// the daemon that wrote c.Key into daemon.json: it sends a fresh nonce to
// GET /proof and compares the answer with state.Proof (within 2 s). A
// success is remembered for c.URL, so a client pays one round trip.
func (c *Client) Prove(ctx context.Context) error {
	if p := c.proven.Load(); p != nil && *p == c.URL {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	nonce := state.NewNonce()
	req, err := http.NewRequestWithContext(ctx, "GET", c.URL+state.ProofPath+"?nonce="+url.QueryEscape(nonce), nil)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("nothing answers at %s: %w", c.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	var ans struct {
		Proof string `json:"proof"`
	}
	if resp.StatusCode != http.StatusOK || json.Unmarshal(b, &ans) != nil || !state.ProofMatches(c.Key, nonce, ans.Proof) {
		return fmt.Errorf("the program at %s cannot prove it is the daemon that wrote daemon.json (GET %s: HTTP %d)", c.URL, state.ProofPath, resp.StatusCode)
	}
	u := c.URL
	c.proven.Store(&u)
	return nil
}

// authorize sets the token on req once the daemon has proven itself (a
// Client with no Key, built by hand, trusts its URL).
func (c *Client) authorize(req *http.Request) error {
	if c.Key != "" {
		if err := c.Prove(req.Context()); err != nil {
			return err
		}
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	return nil
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
	if err := c.authorize(req); err != nil {
		return nil, 0, err
	}
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
