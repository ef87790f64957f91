package client

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/platform"
)

// Every connection of ours that will carry the token is proven first, on
// that very connection: daemon.json is read at the moment of the dial, the
// address it names is dialled, GET /proof with a fresh nonce goes out on the
// new connection, and only when the answer is the HMAC of that nonce under
// the key of the daemon.json just read does the connection carry anything
// else. A proof remembered from an earlier dial would hand the token to
// whatever took the port after the daemon went (a crash, `unitymcp stop`):
// the tray's kept client did exactly that on its next click.

// ProofTimeout bounds one proof exchange.
const ProofTimeout = 2 * time.Second

// ErrNotProven wraps every failed proof: the program at the address did not
// prove it is the daemon that wrote daemon.json, and the token was not sent.
var ErrNotProven = errors.New("the token was not sent")

// DialDaemon reads dir's daemon.json now, dials the TCP address it names and
// proves on that connection (ProveConn) that the program answering is the
// daemon that wrote it. It returns the proven connection, ready for requests
// that carry the token, and the daemon.json it read. Call it for every TCP
// connection that will carry the token (each redial too); a daemon.json
// naming a dead pid, missing or without a key is refused without dialling.
func DialDaemon(ctx context.Context, dir state.Dir) (net.Conn, state.Daemon, error) {
	info, err := readLive(dir)
	if err != nil {
		return nil, info, err
	}
	u, err := url.Parse(info.URL)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, info, fmt.Errorf("%w: %s names the address %q, not http://host:port; %v", ErrNoDaemon, dir.DaemonPath(), info.URL, ErrNotProven)
	}
	conn, err := dialProven(ctx, u.Host, info.Key)
	return conn, info, err
}

// readLive reads daemon.json and checks that it can be proven against: its
// pid lives and it has a key.
func readLive(dir state.Dir) (state.Daemon, error) {
	info, err := dir.ReadDaemon()
	if err != nil {
		return info, fmt.Errorf("%w for %s (start it with: unitymcp serve); %v", ErrNoDaemon, dir.Root, ErrNotProven)
	}
	if !platform.ProcessAlive(info.PID) {
		return info, fmt.Errorf("%w: %s names pid %d, which is gone (start the daemon with: unitymcp serve); %v", ErrNoDaemon, dir.DaemonPath(), info.PID, ErrNotProven)
	}
	if info.Key == "" {
		return info, fmt.Errorf("%w: %s has no key (written by an older daemon, or stale); %v to %s — start the daemon with: unitymcp serve (it replaces the file)", ErrNoDaemon, dir.DaemonPath(), ErrNotProven, info.URL)
	}
	return info, nil
}

// dialProven dials host (host:port, TCP) and proves it against key.
func dialProven(ctx context.Context, host, key string) (net.Conn, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return nil, fmt.Errorf("nothing answers at %s: %w", host, err)
	}
	if err := ProveConn(ctx, conn, host, key); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}

// ProveConn checks, on conn and before anything else is sent on it, that
// the program at its other end is the daemon that wrote key into
// daemon.json: it sends GET /proof with a fresh nonce (Host: host, no
// token) and compares the answer with state.Proof (within ProofTimeout or
// ctx). On success conn is left at the start of its next request; on a
// failure the caller must close it and send nothing on it. The error wraps
// ErrNotProven.
func ProveConn(ctx context.Context, conn net.Conn, host, key string) error {
	if key == "" {
		return fmt.Errorf("no key to prove %s against; %w", host, ErrNotProven)
	}
	deadline := time.Now().Add(ProofTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	conn.SetDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	nonce := state.NewNonce()
	// keep=1: the daemon keeps this connection open for the request that
	// carries the token (it closes any other after its proof).
	if _, err := io.WriteString(conn, state.ProofRequest(host, nonce)); err != nil {
		return fmt.Errorf("sending the proof challenge to %s: %v; %w", host, err, ErrNotProven)
	}
	br := bufio.NewReaderSize(conn, 4096)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return fmt.Errorf("the program at %s gave no HTTP answer to GET %s: %v; %w", host, state.ProofPath, err, ErrNotProven)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 4097))
	resp.Body.Close()
	var ans struct {
		Proof string `json:"proof"`
	}
	switch {
	case err != nil || len(body) > 4096:
		return fmt.Errorf("the program at %s answered GET %s with an unreadable or oversized body; %w", host, state.ProofPath, ErrNotProven)
	case resp.StatusCode != http.StatusOK || json.Unmarshal(body, &ans) != nil || !state.ProofMatches(key, nonce, ans.Proof):
		return fmt.Errorf("the program at %s cannot prove it is the daemon that wrote daemon.json (GET %s: HTTP %d); %w", host, state.ProofPath, resp.StatusCode, ErrNotProven)
	case br.Buffered() > 0:
		// Nothing but the answer may come: whatever follows would be read
		// as the answer to the request that carries the token.
		return fmt.Errorf("the program at %s sent more than its proof; %w", host, ErrNotProven)
	case resp.Close:
		return fmt.Errorf("the daemon at %s closes the connection after its proof: it is older than this client; stop it (unitymcp stop) and run the command again; %w", host, ErrNotProven)
	}
	if !stop() { // ctx ended: the deadline may be in the past already
		return fmt.Errorf("proving %s: %v; %w", host, ctx.Err(), ErrNotProven)
	}
	conn.SetDeadline(time.Time{})
	return nil
}

// dial is the transport's dial of a Client with a Key: it proves every new
// connection, against the key of daemon.json read now when the Client has a
// state folder (a daemon that restarted at the same address proves with its
// new key; one that moved, or whose file is gone, gets nothing), else
// against c.Key.
func (c *Client) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	u, err := url.Parse(c.URL)
	if err != nil || u.Host != addr {
		return nil, fmt.Errorf("the client of %s was asked to dial %s; %w", c.URL, addr, ErrNotProven)
	}
	key := c.Key
	if c.State.Root != "" {
		info, err := readLive(c.State)
		if err != nil {
			return nil, err
		}
		if info.URL != c.URL {
			return nil, fmt.Errorf("%w: %s now names %s, not %s (the daemon restarted elsewhere): connect again; %v", ErrNoDaemon, c.State.DaemonPath(), info.URL, c.URL, ErrNotProven)
		}
		key = info.Key
	}
	return dialProven(ctx, addr, key)
}

// provingHTTP is an HTTP client whose every connection is proven (dial).
func (c *Client) provingHTTP() *http.Client {
	return &http.Client{Transport: &http.Transport{
		DialContext:         c.dial,
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
		// The daemon speaks HTTP/1.1 on loopback; no proxy may stand
		// between (the environment's HTTP_PROXY is not consulted).
		Proxy: nil,
	}}
}
