// Package editorsim is a test tool: an in-memory stand-in for a Unity Editor
// running the unitymcp package. It dials the daemon exactly like the package
// does (bridge protocol, token, hello, events, domain reloads) and answers
// the built-in tools over a small fixed scene, so the daemon can be tested
// and benchmarked on machines without Unity. It is never Unity: its hello
// says simulator, and so does everything it answers.
package editorsim

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/project"
)

// Version is the simulated package version.
const Version = "0.1.0-sim"

// Config configures a simulator.
type Config struct {
	BaseURL    string
	Token      string
	ProjectDir string
	// Key is the daemon's key (its daemon.json "key") that every
	// connection is proven against before the token goes on it (dial.go);
	// empty: the key of StateDir's daemon.json, read at each dial.
	Key string
	// ReloadDelay is how long a simulated domain reload keeps it away.
	ReloadDelay time.Duration
	// Slow delays every call on the simulated main thread.
	Slow time.Duration
	// CrashAfter drops the connection without notice after that many calls
	// (0: never); the simulator re-dials after ReloadDelay unless
	// ExitOnCrash.
	CrashAfter  int
	ExitOnCrash bool
	// PID is reported as the editor's process id (default: this process).
	PID int
	// StateDir is the unitymcp state directory (recordings are kept there).
	StateDir string
	// SceneObjects adds that many GameObjects to the scene (large-scene
	// benchmarks).
	SceneObjects int
	// ConsoleLines puts that many warnings, each with a stack trace, in the
	// Console before the editor connects (large-answer benchmarks: get-logs
	// answers inline).
	ConsoleLines int
	// Dialog, when set, is the title of a modal dialog the simulator opens
	// DialogAfter its first hello (dialog.go): its main thread then runs
	// nothing until the dialog is dismissed, as Unity's does.
	Dialog      string
	DialogAfter time.Duration
	// WrapConn, when set, wraps the bridge's TCP connection (once proven).
	WrapConn func(net.Conn) net.Conn
	// NoExecutions keeps no record for Executions (the command sets it:
	// nothing reads the record there, and it grows by a call id per call).
	NoExecutions bool
	Logger       *slog.Logger
}

// Sim is one simulated editor.
type Sim struct {
	cfg      Config
	dataPath string
	log      *slog.Logger

	main sync.Mutex // the simulated main thread: one tool at a time

	mu         sync.Mutex
	peer       *bridge.Peer
	delivered  []bridge.Delivery
	calls      int
	reloads    int
	assemblies map[string]bool // script hashes "compiled" (cached until a reload)
	executed   map[string]Execution
	running    map[string]*runningCall // by call id, for call/cancel (cancel.go)
	helloAt    time.Time
	connected  chan struct{}
	// started, when set, is told of each call as it starts (tests wait on it).
	started func(bridge.CallParams)

	st *editorState
	dl dialogState // the main-thread probe and the open dialog (dialog.go)
	co consoleOut  // Console entries not sent yet (tools_console.go)
}

// New prepares a simulator for cfg.ProjectDir.
func New(cfg Config) (*Sim, error) {
	abs, err := filepath.Abs(cfg.ProjectDir)
	if err != nil {
		return nil, err
	}
	cfg.ProjectDir = abs
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("project folder %s does not exist", abs)
	}
	dp, err := project.DataPath(abs)
	if err != nil {
		return nil, err
	}
	if cfg.ReloadDelay == 0 {
		cfg.ReloadDelay = 300 * time.Millisecond
	}
	if cfg.PID == 0 {
		cfg.PID = os.Getpid()
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Sim{cfg: cfg, dataPath: dp, log: cfg.Logger, connected: make(chan struct{}), st: newEditorState(abs)}
	s.st.addBulk(cfg.SceneObjects)
	for i := 0; i < cfg.ConsoleLines; i++ {
		s.st.log("Warning", fmt.Sprintf("Benchmark warning %d: the answer is large, and \"quoted\" text, <tags> & 日本語 travel in it", i),
			"UnityEngine.Debug:LogWarning (object)\nBench.Update () (at Assets/Scripts/Bench.cs:42)\nUnityEditor.EditorApplication:Internal_CallUpdateFunctions ()")
	}
	s.st.onLog = s.queueConsole
	return s, nil
}

// DataPath is the simulated Application.dataPath.
func (s *Sim) DataPath() string { return s.dataPath }

// Hash is the project's hash.
func (s *Sim) Hash() string { return project.Hash(s.dataPath) }

// Connected is closed once the first hello is answered.
func (s *Sim) Connected() <-chan struct{} { return s.connected }

// Reloads counts simulated domain reloads.
func (s *Sim) Reloads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reloads
}

// errCrash ends a connection without announcing a reload.
var errCrash = errors.New("simulated crash")

// Run keeps the simulator connected until ctx ends.
func (s *Sim) Run(ctx context.Context) error {
	backoff := 100 * time.Millisecond
	first := true
	failures := 0 // in a row: the first is said, the rest only at debug level
	for ctx.Err() == nil {
		err := s.session(ctx, &first)
		if ctx.Err() != nil {
			return nil
		}
		if errors.Is(err, errCrash) && s.cfg.ExitOnCrash {
			return err
		}
		wait := backoff
		var re *reloadError
		if errors.As(err, &re) || errors.Is(err, errCrash) {
			wait = s.cfg.ReloadDelay
			backoff, failures = 100*time.Millisecond, 0
		} else {
			if failures == 0 {
				s.log.Warn("editorsim: connection failed; retrying quietly until it connects", "err", err, "why", dialHint(err, s.cfg.BaseURL))
			} else {
				s.log.Debug("editorsim: connection failed; retrying", "err", err, "in", backoff)
			}
			failures++
			backoff = min(backoff*2, 5*time.Second)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
	}
	return nil
}

// dialHint says what a failed dial most likely means.
func dialHint(err error, base string) string {
	switch msg := err.Error(); {
	case strings.Contains(msg, "401"):
		return "the daemon at " + base + " refused this state folder's token: it is another state folder's daemon; run editorsim with the same UNITYMCP_HOME as the daemon, or -addr with that daemon's address (its daemon.json names it)"
	case strings.Contains(msg, "connection refused"):
		return "no daemon listens at " + base + " (unitymcp serve starts one; stop this simulator with Ctrl-C or kill)"
	}
	return ""
}

type reloadError struct{}

func (*reloadError) Error() string { return "simulated domain reload" }

func (s *Sim) session(ctx context.Context, first *bool) error {
	conn, err := s.dial(ctx)
	if err != nil {
		return err
	}
	var peer *bridge.Peer
	// Calls wait until this connection's hello is recorded: the daemon sends
	// a held call right behind the hello's answer, and the frame can be
	// served before this goroutine has noted the hello (HelloAt would then
	// name the previous connection's).
	helloed := make(chan struct{})
	peer = bridge.NewPeer(conn, func(ctx context.Context, method string, params json.RawMessage) (any, error) {
		switch method { // a ping never comes here: the quick handler below answers it
		case bridge.MethodCall:
			select {
			case <-helloed:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			p, err := bridge.ParseCallParams(params)
			if err != nil {
				return nil, &bridge.RPCError{Code: bridge.RPCInvalidParams, Message: err.Error()}
			}
			return s.call(ctx, peer, p)
		}
		return nil, &bridge.RPCError{Code: bridge.RPCMethodNotFound, Message: "the simulator has no method " + method}
	}, s.notification)
	// A ping is answered where it is read, as the package answers it on its
	// socket thread; so is a call that can be answered at once (quickCall).
	peer.SetQuickHandler(func(method string, params json.RawMessage) (any, bool, error) {
		if method == bridge.MethodPing {
			return s.pong(), true, nil
		}
		select {
		case <-helloed:
		default:
			return nil, false, nil
		}
		if method != bridge.MethodCall {
			return nil, false, nil
		}
		p, err := bridge.ParseCallParams(params)
		if err != nil {
			return nil, false, nil // call answers it
		}
		return s.quickCall(p)
	})
	peer.SetPanicHandler(func(v any, stack []byte) {
		s.log.Error("editorsim: panic handling a message from the daemon", "panic", v, "stack", string(stack))
	})
	runErr := make(chan error, 1)
	go func() { runErr <- peer.Run() }()
	s.mu.Lock()
	delivered := s.delivered
	s.delivered = nil
	s.mu.Unlock()
	hello := bridge.Hello{
		Protocol: bridge.ProtocolVersion, ProjectPath: filepath.ToSlash(s.cfg.ProjectDir), DataPath: s.dataPath,
		ProductName: filepath.Base(s.cfg.ProjectDir) + " (simulator)", UnityVersion: "editorsim", PID: s.cfg.PID,
		PackageVersion: Version, Simulator: true, Tools: implemented, DeclaredTools: declaredTools(), Delivered: delivered,
	}
	// The peer is current before hello returns: the daemon may send a call
	// (whose events must go out) right after it has answered the hello.
	s.mu.Lock()
	s.peer = peer
	s.mu.Unlock()
	hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	var res bridge.HelloResult
	err = peer.Call(hctx, bridge.MethodHello, hello, &res)
	cancel()
	if err != nil {
		peer.Close("hello failed")
		return fmt.Errorf("hello: %w", err)
	}
	s.mu.Lock()
	s.helloAt = time.Now()
	s.mu.Unlock()
	close(helloed)
	if *first {
		*first = false
		close(s.connected)
		if s.cfg.Dialog != "" {
			go s.openConfiguredDialog()
		}
	}
	s.log.Info("editorsim: connected", "project", s.cfg.ProjectDir, "hash", res.ProjectHash)
	select {
	case <-ctx.Done():
		peer.Close("simulator stopping")
		return nil
	case <-peer.Done():
	}
	s.mu.Lock()
	if s.peer == peer {
		s.peer = nil
	}
	s.mu.Unlock()
	err = <-runErr
	if peer.Reason() != nil {
		return peer.Reason()
	}
	return err
}

// emit sends an event if connected.
func (s *Sim) emit(typ string, data any) {
	s.mu.Lock()
	p := s.peer
	s.mu.Unlock()
	if p == nil {
		return
	}
	b, _ := json.Marshal(data)
	p.Notify(bridge.MethodEvent, bridge.Event{Type: typ, Data: b})
}

// reload simulates a domain reload: announce (listing calls whose answers
// will be delivered after it), close, and come back after ReloadDelay
// carrying the deliveries.
func (s *Sim) reload(deliveries []bridge.Delivery) {
	s.mu.Lock()
	p := s.peer
	s.peer = nil
	s.reloads++
	s.delivered = append(s.delivered, deliveries...)
	s.assemblies = nil // a domain reload unloads script assemblies
	s.mu.Unlock()
	s.st.mu.Lock()
	if s.st.recording != nil { // a reload stops the recording and saves it
		s.saveRecording()
		s.st.recording = nil
	}
	s.st.mu.Unlock()
	if p == nil {
		return
	}
	var spanning []string
	for _, d := range deliveries {
		spanning = append(spanning, d.CallID)
	}
	b, _ := json.Marshal(bridge.ReloadStarting{Spanning: spanning})
	p.Notify(bridge.MethodEvent, bridge.Event{Type: api.EventReloadStarting, Data: b})
	p.CloseWith(&reloadError{}, "domain reload")
}

// crash drops the connection without a word.
func (s *Sim) crash() {
	s.mu.Lock()
	p := s.peer
	s.peer = nil
	s.mu.Unlock()
	if p != nil {
		p.CloseWith(errCrash, "")
	}
}

// Reload simulates a domain reload now (for tests).
func (s *Sim) Reload() { s.reload(nil) }

// HelloAt is when the last hello was answered.
func (s *Sim) HelloAt() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.helloAt
}
