// Package daemon runs the unitymcp daemon: it takes the state directory's
// single-instance lock, makes sure the token exists, listens on loopback,
// serves the engine and writes daemon.json, and shuts down cleanly.
package daemon

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/definitions/run"
	"github.com/unitymcp/unitymcp/engine/memtrim"
	"github.com/unitymcp/unitymcp/engine/notifier"
	"github.com/unitymcp/unitymcp/engine/server"
	"github.com/unitymcp/unitymcp/engine/state"
	"github.com/unitymcp/unitymcp/engine/tools"
	"github.com/unitymcp/unitymcp/engine/unityinstall"
	"github.com/unitymcp/unitymcp/platform"
)

// Config configures Run.
type Config struct {
	// Unity is where editor_open looks for installed editors (nil: this OS).
	Unity  *unityinstall.Env
	Addr   string
	State  state.Dir
	Logger *slog.Logger
	Hub    bridge.Options
	// Ready, when set, is called once the daemon serves.
	Ready func(d *Daemon)
	// Notify sends desktop notifications (nil: none, e.g. no desktop).
	Notify notifier.Sender
	// NotifyWindow is the rate-limit window per notification kind (0: 10 s).
	NotifyWindow time.Duration
	// HeaderTimeout bounds reading a request's headers (0: 10 s; bodies get
	// three times as long); slow clients are cut off after it.
	HeaderTimeout time.Duration
	// SessionIdle bounds an MCP session without requests or open streams
	// (0: server.DefaultSessionIdle).
	SessionIdle time.Duration
	// SessionClock is the clock MCP sessions' idle time is read on (nil:
	// time.Now); tests turn it instead of waiting.
	SessionClock func() time.Time
	// MaxPins bounds the projects pinned through the MCP endpoint at once
	// (0: server.DefaultMaxPins).
	MaxPins int
	// MaxUnauthenticated bounds connections open without the token
	// (0: server.DefaultMaxUnauthenticated).
	MaxUnauthenticated int
	// LargeBodies bounds bodies over server.LargeBodyBytes read at once
	// (0: server.DefaultLargeBodies).
	LargeBodies int
}

// AlreadyRunningError says another daemon owns the state directory.
type AlreadyRunningError struct {
	State   string
	Address string
	PID     int
}

func (e *AlreadyRunningError) Error() string {
	if e.PID == 0 {
		return fmt.Sprintf("a unitymcp daemon is already running for %s", e.State)
	}
	return fmt.Sprintf("a unitymcp daemon is already running for %s at %s (pid %d); stop it first or use another UNITYMCP_HOME", e.State, e.Address, e.PID)
}

// Daemon is a running daemon.
type Daemon struct {
	Engine   *engine.Engine
	Server   *server.Server
	Notifier *notifier.Notifier
	URL      string
	Token    string
	// Stop asks the daemon to shut down (the tray's Quit).
	Stop func()
	// Unauthenticated counts server.Limit's slots held (connections not
	// yet authenticated, and the one being accepted).
	Unauthenticated func() int
}

// CheckLoopback refuses any listen address that is not a loopback one.
func CheckLoopback(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--addr %q: want HOST:PORT on loopback, e.g. %s", addr, api.DefaultAddr)
	}
	if host == "localhost" {
		host = "127.0.0.1"
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return "", fmt.Errorf("--addr %q: the daemon only listens on loopback (127.0.0.1 or ::1); exposing it to the network would let anyone with the token drive your editor", addr)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return "", fmt.Errorf("--addr %q: bad port", addr)
	}
	return net.JoinHostPort(ip.String(), port), nil
}

// Run serves until ctx ends, then shuts down gracefully.
func Run(ctx context.Context, cfg Config) error {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	if cfg.Addr == "" {
		cfg.Addr = api.DefaultAddr
	}
	addr, err := CheckLoopback(cfg.Addr)
	if err != nil {
		return err
	}
	lock, err := platform.Lock(cfg.State.LockPath())
	if errors.Is(err, platform.ErrLocked) {
		info, _ := cfg.State.ReadDaemon()
		return &AlreadyRunningError{State: cfg.State.Root, Address: info.Address, PID: info.PID}
	}
	if err != nil {
		return err
	}
	defer lock.Unlock()
	token, err := cfg.State.EnsureToken()
	if err != nil {
		return fmt.Errorf("preparing the token: %w", err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return fmt.Errorf("port %s is in use by another program; pick a free one with --addr 127.0.0.1:PORT (and point editors at it via the same UNITYMCP_HOME)", addr)
		}
		return fmt.Errorf("listening on %s: %w", addr, err)
	}
	base := "http://" + ln.Addr().String()
	var srv *server.Server
	eng := engine.New(engine.Options{Logger: log, State: cfg.State, Hub: cfg.Hub, Unity: cfg.Unity,
		MCPURL: func(hash string) string { return srv.MCPURL(hash) }, Tools: tools.All(),
		Definitions: run.New().Handle})
	srv = server.New(eng, token, base, log)
	// A fresh key per start: a stale daemon.json's key proves nothing to
	// clients once another program holds its address.
	key, err := state.NewKey()
	if err != nil {
		ln.Close()
		return err
	}
	srv.Key = key
	srv.BodyTimeout = 3 * cfg.HeaderTimeout
	srv.ProofGrace = cfg.HeaderTimeout // a proven connection's next request: like a new one's first
	srv.SessionIdle = cfg.SessionIdle
	srv.SessionClock = cfg.SessionClock
	srv.MaxPins = cfg.MaxPins
	srv.LargeBodies = cfg.LargeBodies
	if cfg.HeaderTimeout == 0 {
		srv.BodyTimeout = 0
	}
	send := cfg.Notify
	if send == nil {
		send = func(string, string) error { return nil }
	}
	notes := notifier.New(notifier.Options{State: cfg.State, Send: send, Logger: log, Window: cfg.NotifyWindow, Editor: eng.Hub.Editor, Sessions: srv.Sessions})
	srv.Settings = notes
	evs, stopEvents := eng.Events.Subscribe(256)
	defer stopEvents()
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	go notes.Run(ctx, evs)
	watcher, err := definitions.Watch(cfg.State.ToolsRoot(), 50*time.Millisecond, log, eng.ReloadDefinitions)
	if err != nil {
		log.Warn("definition files will not be reloaded on change; use GET /tools?refresh=1", "err", err)
	} else {
		defer watcher.Close()
		eng.SetDefinitionWatcher(watcher.WatchProject)
		eng.SetDefinitionFlush(watcher.Flush)
	}
	// Long-lived streams (SSE, listen, /events) end when baseCtx is
	// cancelled at shutdown, so Shutdown need not wait them out.
	baseCtx, cancelStreams := context.WithCancel(context.Background())
	defer cancelStreams()
	if cfg.HeaderTimeout == 0 {
		cfg.HeaderTimeout = 10 * time.Second
	}
	// Memory a burst of clients used goes back to the OS a few seconds
	// after they leave (an idle Go process would keep it for long).
	trim := &memtrim.Trim{}
	srv.Ended = trim.Note
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: cfg.HeaderTimeout, IdleTimeout: 2 * time.Minute,
		ErrorLog:    slog.NewLogLogger(log.Handler(), slog.LevelDebug),
		BaseContext: func(net.Listener) context.Context { return baseCtx },
		ConnContext: server.ConnContext,
		ConnState: func(_ net.Conn, st http.ConnState) {
			if st == http.StateClosed {
				trim.Note()
			}
		}}
	errc := make(chan error, 2)
	limited := server.Limit(ln, cfg.MaxUnauthenticated)
	go func() { errc <- hs.Serve(limited) }()
	if err := cfg.State.WriteDaemon(state.Daemon{PID: os.Getpid(), Version: api.Version, Address: ln.Addr().String(), URL: base, Started: time.Now(), Key: key}); err != nil {
		hs.Close()
		return err
	}
	defer cfg.State.RemoveDaemon(os.Getpid())
	log.Info("unitymcp daemon serving", "url", base, "state", cfg.State.Root, "version", api.Version)
	if cfg.Ready != nil {
		cfg.Ready(&Daemon{Engine: eng, Server: srv, Notifier: notes, URL: base, Token: token, Stop: stop,
			Unauthenticated: func() int { return server.Unauthenticated(limited) }})
	}
	select {
	case <-ctx.Done():
	case err := <-errc:
		return err
	}
	log.Info("shutting down")
	// The streams first: a stdio shim's requests still in flight go back to
	// it unanswered, and it sends the ones safe to repeat to the next
	// daemon, instead of relaying the errors closing the editors gives them.
	srv.ReleaseStreams()
	// Then the editors: every call in flight is answered daemon_stopping,
	// and written while its request still runs, so that an HTTP client gets
	// the answer (mcp-go writes nothing for a request whose context ended).
	eng.Hub.Close()
	srv.WaitPosts(3 * time.Second)
	cancelStreams()
	srv.WaitStreams(3 * time.Second) // each ends when its shim closes its side
	eng.Close()                      // the editors' last descriptors are on disk
	log.Debug("editors closed")
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		log.Warn("connections still open after 5s; closing them", "err", err)
		hs.Close()
	}
	log.Debug("stopped")
	return nil
}
