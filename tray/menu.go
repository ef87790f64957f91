//go:build cgo || !darwin

package tray

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"fyne.io/systray"
	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/client"
	"github.com/unitymcp/unitymcp/engine/notifier"
	"github.com/unitymcp/unitymcp/platform"
	"github.com/unitymcp/unitymcp/service"
)

// Options configure the tray.
type Options struct {
	// Connect returns a client of the daemon (called again after the event
	// stream drops).
	Connect func(ctx context.Context) (*client.Client, error)
	Logger  *slog.Logger
	// Quit ends the program (stops the in-process daemon too, or the
	// daemon an attached tray started).
	Quit func()
	// QuitTip is the Quit item's tooltip ("Stop unitymcp" when empty).
	QuitTip string
	// Notify shows a message to the user (errors of menu actions).
	Notify func(title, body string)
	// StateDir names the state folder (logs, definitions).
	StateDir string
}

// Menu is the tray icon and its menu. One mutex guards the snapshot; the
// menu is rebuilt from it on each change.
type Menu struct {
	opt Options

	mu      sync.Mutex
	c       *client.Client // of the current event stream
	snap    Snapshot
	tr      *tracker
	running map[string]int
	cancel  context.CancelFunc // of the current menu's click handlers
	last    string             // layout key of the current menu, to skip identical rebuilds

	refreshMu sync.Mutex // one refresh at a time (refresh)
}

// Run shows the tray and blocks until Quit (systray owns this goroutine).
func Run(opt Options) {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	if opt.Notify == nil {
		opt.Notify = func(string, string) {}
	}
	// Errors of menu actions may carry an editor's text: shown as the
	// daemon's notifications are (notifier.Text).
	notify := opt.Notify
	opt.Notify = func(title, body string) {
		notify(notifier.Text(title, notifier.MaxTitle), notifier.Text(body, notifier.MaxBody))
	}
	m := &Menu{opt: opt, tr: newTracker(), running: map[string]int{}}
	// A Quit that came first (the daemon stopped before the tray was
	// shown) leaves nothing to show; else Quit may now end systray.Run.
	ui.Lock()
	if ui.quit {
		ui.Unlock()
		return
	}
	ui.started = true
	ui.Unlock()
	systray.Run(m.ready, func() {})
}

func (m *Menu) ready() {
	ui.Lock()
	if !ui.quit {
		systray.SetTitle("unitymcp")
		m.setIcon(IconIdle)
	}
	ui.Unlock()
	go keepRegistered(m.opt.Logger)
	go m.follow()
}

// follow keeps the snapshot current: it reads /health, /config and the
// start-at-login state, then follows /events, re-subscribing with backoff
// when the stream drops.
func (m *Menu) follow() {
	client.WatchEvents(context.Background(), m.opt.Connect, client.WatchOptions{
		OnOpen: func(c *client.Client) {
			m.mu.Lock()
			m.c = c
			m.mu.Unlock()
			m.refresh()
		},
		OnEvent: func(ev api.Event) {
			m.mu.Lock()
			changed := m.tr.apply(ev)
			m.mu.Unlock()
			if changed {
				m.refresh()
			}
		},
		OnDown: m.down,
	})
}

// down forgets the client of the stream that dropped: until a new stream
// opens, a click reports the daemon unreachable rather than use a client of
// a daemon that may be gone (its port taken by another program). The
// client proves every new connection anyway (engine/client/proof.go).
func (m *Menu) down(err error) {
	m.opt.Logger.Info("tray: daemon not reachable; reconnecting", "err", err)
	m.mu.Lock()
	m.c = nil
	m.mu.Unlock()
	m.update(func(s *Snapshot) { s.Err = "daemon not reachable: " + err.Error(); s.Editors = nil })
}

// refresh re-reads the daemon's state into the snapshot. Refreshes run one
// at a time: one started by a click can still be reading when an event
// starts another, and if the older finished last its stale /health (the
// editor still connected) would be what the menu keeps.
func (m *Menu) refresh() {
	m.refreshMu.Lock()
	defer m.refreshMu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	m.mu.Lock()
	c := m.c
	m.mu.Unlock()
	if c == nil { // no stream has opened yet
		return
	}
	h, err := c.Health(ctx, "")
	cfg, _ := c.Config(ctx)
	svc, _ := service.Query(service.Config{})
	m.update(func(s *Snapshot) {
		if err != nil {
			s.Err = err.Error()
			return
		}
		s.Err = ""
		s.Version = h.Version
		s.Editors = m.tr.rows(h.Editors, m.running)
		s.Closed = h.Closed
		s.Notifications = cfg.Notifications
		s.StartAtLogin = svc.Installed
	})
}

func (m *Menu) update(fn func(*Snapshot)) {
	m.mu.Lock()
	fn(&m.snap)
	m.mu.Unlock()
	m.rebuild()
}

// ui serialises every change of the tray (whole rebuilds, never two
// interleaved) and ends them once the tray quits: fyne.io/systray closes its
// D-Bus connection when it quits, after which its setters panic ("dbus:
// connection closed by user"). A rebuild racing Quit — an editor leaving as
// the daemon stops — crashed the daemon before it could remove daemon.json.
var ui struct {
	sync.Mutex
	quit    bool
	started bool // Run called systray.Run, so systray.Quit has its callbacks
}

func (m *Menu) setIcon(state string) { systray.SetIcon(iconBytes(state)) }

// rebuild replaces the whole menu with one made from the current snapshot
// (read under ui, so a later rebuild never shows an older state).
func (m *Menu) rebuild() {
	ui.Lock()
	defer ui.Unlock()
	if ui.quit {
		return
	}
	m.mu.Lock()
	snap := m.snap
	key := layoutKey(snap)
	if key == m.last {
		m.mu.Unlock()
		return
	}
	m.last = key
	if m.cancel != nil {
		m.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	m.mu.Unlock()

	m.setIcon(snap.Icon())
	systray.SetTooltip(snap.Tooltip())
	systray.ResetMenu()
	on := func(item *systray.MenuItem, fn func()) {
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case _, ok := <-item.ClickedCh:
					if !ok {
						return
					}
					go fn()
				}
			}
		}()
	}
	head := systray.AddMenuItem("unitymcp "+snap.Version, snap.Tooltip())
	head.Disable()
	if snap.Err != "" {
		e := systray.AddMenuItem(snap.Err, "")
		e.Disable()
	}
	if len(snap.Editors) == 0 && snap.Err == "" {
		none := systray.AddMenuItem("No Unity editor connected", "Open a project with the unitymcp package installed")
		none.Disable()
	}
	for _, ed := range snap.Closed {
		if !unityCanOpen(ed.ProjectPath) {
			continue // a scratch folder (a simulator's, say): no Unity to open it in
		}
		// Its Editor is closed: the daemon finds the Unity version the project needs and
		// starts it (editor_open; the menu click is the confirmation).
		name := ed.ProductName
		if name == "" {
			name = filepath.Base(ed.ProjectPath)
		}
		sub := systray.AddMenuItem(name+" — closed", ed.ProjectPath)
		path := ed.ProjectPath
		on(sub.AddSubMenuItem("Open in Unity", "Start the Unity Editor this project needs"), func() {
			m.call("", "editor_open", map[string]any{"project": path, "confirm": true})
		})
	}
	for _, row := range snap.Editors {
		row := row
		sub := systray.AddMenuItem(row.Label(), row.Info.ProjectPath)
		hash := row.Info.ProjectHash
		if b := row.BlockedLine(); b != "" {
			// Dismissing the dialog is the user's to do: the line only says so.
			sub.AddSubMenuItem(b, "Unity runs nothing until it is answered: dismiss it in the Unity window (Focus window brings it up)").Disable()
		}
		on(sub.AddSubMenuItem("Focus window", "Bring this editor to the front"), func() { m.call(hash, "focus-window", nil) })
		on(sub.AddSubMenuItem("Open definitions folder", "Definition tools of this project"), func() {
			m.report(platform.OpenFolder(filepath.Join(m.opt.StateDir, "tools", hash)))
		})
		on(sub.AddSubMenuItem("Copy MCP URL", "The MCP endpoint pinned to this project"), func() {
			c, err := m.client()
			if err == nil {
				err = platform.CopyText(c.MCPURL(hash))
			}
			m.report(err)
		})
		on(sub.AddSubMenuItem("Compile", "Refresh assets and compile scripts"), func() { m.call(hash, "compile", nil) })
		on(sub.AddSubMenuItem("Run EditMode tests", "Run every EditMode test"), func() {
			m.mu.Lock()
			m.running[hash]++
			m.mu.Unlock()
			m.refresh()
			m.call(hash, "run-tests", map[string]any{"TestMode": "EditMode"})
			m.mu.Lock()
			m.running[hash]--
			m.mu.Unlock()
			m.refresh()
		})
	}
	systray.AddSeparator()
	notes := systray.AddMenuItem("Notifications", "Which desktop notifications to show")
	for _, k := range []struct{ kind, label string }{{api.NotifyCompile, "Compile errors"}, {api.NotifyTests, "Test failures"}, {api.NotifyReload, "Reload required"}} {
		k := k
		item := notes.AddSubMenuItemCheckbox(k.label, "", snap.Notifications[k.kind])
		on(item, func() {
			c, err := m.client()
			if err == nil {
				_, err = c.SetNotification(context.Background(), k.kind, !item.Checked())
			}
			m.report(err)
			m.refresh()
		})
	}
	login := systray.AddMenuItemCheckbox("Start at login", "Start unitymcp with your desktop session", snap.StartAtLogin)
	on(login, func() {
		var err error
		if login.Checked() {
			_, err = service.Uninstall(service.Config{})
		} else {
			_, err = service.Install(service.Config{})
		}
		m.report(err)
		m.refresh()
	})
	cfgs := systray.AddMenuItem("Copy client config", "MCP client configuration for this machine")
	project := ""
	if len(snap.Editors) > 0 {
		project = snap.Editors[0].Info.ProjectPath
	}
	snips := ClientConfigs(project)
	names := make([]string, 0, len(snips))
	for n := range snips {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		text := snips[n]
		on(cfgs.AddSubMenuItem(n, text), func() { m.report(platform.CopyText(text)) })
	}
	on(systray.AddMenuItem("Open logs", "The daemon's log folder"), func() {
		m.report(platform.OpenFolder(filepath.Join(m.opt.StateDir, "logs")))
	})
	systray.AddSeparator()
	quitTip := m.opt.QuitTip
	if quitTip == "" {
		quitTip = "Stop unitymcp"
	}
	on(systray.AddMenuItem("Quit", quitTip), func() {
		if m.opt.Quit != nil {
			m.opt.Quit()
		}
		Quit()
	})
}

func (m *Menu) call(hash, tool string, args map[string]any) {
	c, err := m.client()
	if err != nil {
		m.report(err)
		return
	}
	a, _ := json.Marshal(args)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if _, err := c.Call(ctx, hash, tool, a); err != nil {
		m.opt.Notify("unitymcp: "+tool+" failed", err.Error())
	}
}

// client is the client of the current event stream, or why there is none.
func (m *Menu) client() (*client.Client, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.c == nil {
		return nil, errors.New("the unitymcp daemon is not reachable yet")
	}
	return m.c, nil
}

func (m *Menu) report(err error) {
	if err != nil {
		m.opt.Logger.Warn("tray action failed", "err", err)
		m.opt.Notify("unitymcp", err.Error())
	}
}

// unityCanOpen reports whether a closed editor's folder is a project Unity
// opens: one whose ProjectSettings/ProjectVersion.txt names its version (what
// editor_open reads to choose the Editor).
func unityCanOpen(dir string) bool {
	_, err := os.Stat(filepath.Join(filepath.FromSlash(dir), "ProjectSettings", "ProjectVersion.txt"))
	return err == nil
}

func layoutKey(s Snapshot) string {
	k := s.Version + "|" + s.Err + "|" + s.Icon()
	for _, e := range s.Editors {
		k += "|" + e.Info.ProjectHash + ":" + e.Label()
	}
	for _, e := range s.Closed {
		k += "|closed:" + e.ProjectHash
	}
	for _, n := range api.NotificationKinds {
		if s.Notifications[n] {
			k += "|" + n
		}
	}
	if s.StartAtLogin {
		k += "|login"
	}
	return k
}

// Available reports whether a tray can be shown: a desktop with a session
// bus. Without a bus fyne.io/systray's Quit panics and godbus would launch
// stray dbus-daemons, so the tray is not started at all then.
func Available() bool {
	if !platform.HasDesktop() {
		return false
	}
	return busReachable()
}

// Quit removes the tray and makes Run return. It waits for a rebuild in
// progress; none starts after it.
func Quit() {
	ui.Lock()
	ui.quit = true
	started := ui.started
	ui.Unlock()
	// Before Run, fyne.io/systray has no exit callback and its Quit
	// panics (a second serve, refused at once, quits a tray never shown).
	if started {
		systray.Quit()
	}
}
