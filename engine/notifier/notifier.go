// Package notifier turns engine events into desktop notifications: compile
// failed (count, first error file:line), compile fixed, tests failed (counts,
// first failing test), reload required (the editor must reload, a package /
// daemon version mismatch, definitions changed while clients are connected).
// Each kind can be switched off in config.json or from the tray; repeats are
// deduplicated and each kind is rate-limited, so a burst of 50 compiles gives
// one notification per kind per window.
package notifier

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/state"
)

// Kinds of notification (config.json's switches).
const (
	KindCompile = api.NotifyCompile
	KindTests   = api.NotifyTests
	KindReload  = api.NotifyReload
)

// Sender shows one notification.
type Sender func(title, body string) error

// Options configure a Notifier.
type Options struct {
	State  state.Dir
	Send   Sender
	Logger *slog.Logger
	// Window is the rate-limit window per kind (default 10 s).
	Window time.Duration
	// Editor names a project for titles.
	Editor func(hash string) (api.EditorInfo, bool)
	// Sessions reports how many MCP sessions are connected (for
	// "definitions changed").
	Sessions func() int
	// Now is the clock the windows are measured on (time.Now when nil):
	// tests pass their own, so a loaded machine cannot move a verdict.
	Now func() time.Time
}

// Notifier applies the rules to events.
type Notifier struct {
	opt Options

	mu         sync.Mutex
	cfg        state.Config
	lastSent   map[string]time.Time // per kind
	lastBody   map[string]string    // per kind+project: dedup
	suppressed map[string]int       // per kind, since the last one sent
	failing    map[string]bool      // project → last compile failed
	waitingOn  map[string]string    // project → the dialogs of its blocking episode
	sent       []Sent
}

// Sent records a notification that was shown (for the tray and tests).
type Sent struct {
	Kind, Title, Body string
	At                time.Time
}

// New reads config.json and returns a notifier.
func New(opt Options) *Notifier {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.Window == 0 {
		opt.Window = 10 * time.Second
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	cfg, err := opt.State.ReadConfig()
	if err != nil {
		opt.Logger.Warn("config.json unreadable; notifications use the defaults", "err", err)
	}
	return &Notifier{opt: opt, cfg: cfg, lastSent: map[string]time.Time{}, lastBody: map[string]string{},
		suppressed: map[string]int{}, failing: map[string]bool{}, waitingOn: map[string]string{}}
}

// Enabled reports whether a kind is switched on.
func (n *Notifier) Enabled(kind string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return enabled(n.cfg, kind)
}

func enabled(c state.Config, kind string) bool {
	switch kind {
	case KindCompile:
		return c.Notifications.Compile
	case KindTests:
		return c.Notifications.Tests
	case KindReload:
		return c.Notifications.Reload
	}
	return false
}

// SetEnabled switches a kind and saves config.json.
func (n *Notifier) SetEnabled(kind string, on bool) error {
	n.mu.Lock()
	switch kind {
	case KindCompile:
		n.cfg.Notifications.Compile = on
	case KindTests:
		n.cfg.Notifications.Tests = on
	case KindReload:
		n.cfg.Notifications.Reload = on
	default:
		n.mu.Unlock()
		return fmt.Errorf("unknown notification kind %q (compile, tests, reload)", kind)
	}
	cfg := n.cfg
	n.mu.Unlock()
	return n.opt.State.WriteConfig(cfg)
}

// Sent returns the notifications shown so far.
func (n *Notifier) Sent() []Sent {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]Sent(nil), n.sent...)
}

// Run handles events until ctx ends.
func (n *Notifier) Run(ctx context.Context, events <-chan api.Event) {
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-events:
			if !ok {
				return
			}
			n.Handle(ev)
		}
	}
}

// Handle applies the rules to one event.
func (n *Notifier) Handle(ev api.Event) {
	name := ev.Project
	if n.opt.Editor != nil {
		if info, ok := n.opt.Editor(ev.Project); ok && info.ProductName != "" {
			name = info.ProductName
		}
	}
	switch ev.Type {
	case api.EventCompileFinished:
		var d api.CompileFinished
		ev.Decode(&d)
		n.mu.Lock()
		wasFailing := n.failing[ev.Project]
		n.failing[ev.Project] = !d.Success
		n.mu.Unlock()
		switch {
		case !d.Success:
			body := fmt.Sprintf("%d error(s).", d.ErrorCount)
			if len(d.Errors) > 0 {
				e := d.Errors[0]
				body += fmt.Sprintf(" First: %s:%d %s", e.File, e.Line, e.Message)
			}
			n.send(KindCompile, ev.Project, "Compile failed — "+name, body)
		case wasFailing:
			n.send(KindCompile, ev.Project, "Compile fixed — "+name, "Scripts compile again.")
		}
	case api.EventTestsFinished:
		var d api.TestsFinished
		ev.Decode(&d)
		if d.Failed == 0 {
			return
		}
		body := fmt.Sprintf("%s: %d passed, %d failed.", d.Mode, d.Passed, d.Failed)
		if len(d.Failures) > 0 {
			body += fmt.Sprintf(" First: %s — %s", d.Failures[0].Name, d.Failures[0].Message)
		}
		n.send(KindTests, ev.Project, "Tests failed — "+name, body)
	case api.EventReloadRequired:
		var d api.ReloadRequired
		ev.Decode(&d)
		if d.Reason == "" {
			d.Reason = "Unity must refresh or reload scripts to pick up changes."
		}
		n.send(KindReload, ev.Project, "Reload required — "+name, d.Reason)
	case api.EventEditorState, api.EventEditorDisconnected:
		var info api.EditorInfo
		if ev.Decode(&info) == nil {
			n.dialogs(ev.Project, name, info)
		}
	case api.EventEditorConnected:
		var info api.EditorInfo
		if ev.Decode(&info) != nil {
			return
		}
		n.dialogs(ev.Project, name, info) // a hello ends a blocking episode
		if !info.Simulator && info.PackageVersion != "" && info.PackageVersion != api.Version {
			n.send(KindReload, ev.Project, "Version mismatch — "+name,
				fmt.Sprintf("The Unity package is %s, the daemon %s. Update the package (unitymcp install unity) and let Unity reload.", info.PackageVersion, api.Version))
		}
	case api.EventDefinitionsChanged:
		if n.opt.Sessions == nil || n.opt.Sessions() == 0 {
			return
		}
		var d api.DefinitionsChanged
		ev.Decode(&d)
		n.send(KindReload, ev.Project, "Definition tools changed",
			fmt.Sprintf("%d loaded, %d rejected. Connected clients were told (tools/list_changed); reconnect any client that does not refresh its tools.", d.Loaded, d.Rejected))
	}
}

// dialogPrefix starts the title of a dialog notification.
const dialogPrefix = "Unity is waiting on a dialog: "

// dialogs tells the user once per blocking episode that an editor waits on
// a modal dialog: when it is blocked with dialogs it was not already
// waiting on (a second dialog in the same episode is told too). The
// episode ends when the editor is no longer blocked; the next one is told
// again, even with the same title. It goes under the "reload" switch, the
// editor-needs-you kind.
func (n *Notifier) dialogs(project, name string, info api.EditorInfo) {
	var titles []string
	if info.State == api.StateBlocked {
		for _, d := range info.Dialogs {
			titles = append(titles, d.Title)
		}
	}
	key := strings.Join(titles, ", ")
	n.mu.Lock()
	last := n.waitingOn[project]
	if key == "" || key == last {
		if info.State != api.StateBlocked {
			delete(n.waitingOn, project) // the episode is over
		}
		n.mu.Unlock()
		return
	}
	n.waitingOn[project] = key
	if k := KindReload + "\x00" + project; strings.HasPrefix(n.lastBody[k], dialogPrefix) {
		delete(n.lastBody, k) // a new episode is news even with the same title
	}
	n.mu.Unlock()
	body := name + ": Unity runs nothing until it is answered — dismiss it in the Unity window; calls to this editor fail until then."
	if len(info.Dialogs) == 1 && len(info.Dialogs[0].Buttons) > 0 {
		body = fmt.Sprintf("%s: dismiss it in the Unity window (%s); calls to this editor fail until then.", name, strings.Join(info.Dialogs[0].Buttons, ", "))
	}
	n.send(KindReload, project, dialogPrefix+key, body)
}

// send shows a notification unless the kind is off, the same text was just
// shown for the project, or the kind's window is still open (then it counts
// what it held back and says so in the next one).
func (n *Notifier) send(kind, project, title, body string) {
	title, body = Text(title, MaxTitle), Text(body, MaxBody)
	n.mu.Lock()
	if !enabled(n.cfg, kind) {
		n.mu.Unlock()
		return
	}
	now := n.opt.Now()
	key := kind + "\x00" + project
	if n.lastBody[key] == title+body && now.Sub(n.lastSent[kind]) < 6*n.opt.Window {
		n.mu.Unlock()
		return
	}
	if now.Sub(n.lastSent[kind]) < n.opt.Window {
		n.suppressed[kind]++
		n.mu.Unlock()
		return
	}
	if s := n.suppressed[kind]; s > 0 {
		body += fmt.Sprintf(" (+%d more held back)", s)
	}
	n.suppressed[kind] = 0
	n.lastSent[kind] = now
	n.lastBody[key] = title + body
	n.sent = append(n.sent, Sent{Kind: kind, Title: title, Body: body, At: now})
	n.mu.Unlock()
	if err := n.opt.Send(title, body); err != nil {
		n.opt.Logger.Warn("notification failed", "title", title, "err", err)
	}
}
