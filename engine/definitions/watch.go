package definitions

import (
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/unitymcp/unitymcp/engine/clock"
)

// Watcher watches the tools folder (tools/shared and every
// tools/<projectHash>) and the committed folders of the projects it is told
// about (<project>/.unitymcp/tools), and reports, debounced, which folders
// changed. Editors save atomically (write a temp file, rename it over the
// target), so it watches folders, not files; folders that appear later are
// added.
type Watcher struct {
	root     string
	debounce time.Duration
	onChange func(folders []string)
	log      *slog.Logger

	w       *fsnotify.Watcher
	mu      sync.Mutex
	pending map[string]bool
	// projects maps a project folder to its hash, for the committed folders.
	projects map[string]string
	closed   bool
	clock    clock.Clock
	timer    clock.Timer // the debounce; nil until the first change
	done     chan struct{}
}

// Watch starts watching root (created if missing). onChange receives the
// base names of the folders that changed ("shared" or a projectHash).
func Watch(root string, debounce time.Duration, log *slog.Logger, onChange func(folders []string)) (*Watcher, error) {
	return watch(root, debounce, clock.Real{}, log, onChange)
}

// watch is Watch with the clock the debounce runs on (tests: a fake one,
// to fire the debounce when they choose instead of sleeping through it).
func watch(root string, debounce time.Duration, clk clock.Clock, log *slog.Logger, onChange func(folders []string)) (*Watcher, error) {
	if err := os.MkdirAll(filepath.Join(root, SourceShared), 0o700); err != nil {
		return nil, err
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{root: root, debounce: debounce, clock: clk, onChange: onChange, log: log, w: fw, pending: map[string]bool{}, projects: map[string]string{}, done: make(chan struct{})}
	if err := fw.Add(root); err != nil {
		fw.Close()
		return nil, err
	}
	entries, _ := os.ReadDir(root)
	for _, e := range entries {
		if e.IsDir() {
			w.add(filepath.Join(root, e.Name()))
		}
	}
	go w.loop()
	return w, nil
}

func (w *Watcher) add(dir string) {
	if err := w.w.Add(dir); err != nil {
		w.log.Warn("definitions: cannot watch folder", "dir", dir, "err", err)
	}
}

// WatchProject also watches the committed definitions folder of the
// project at root and reports hash when it changes. The folder need not
// exist: the project folder and .unitymcp are watched for it to appear
// (only events about .unitymcp and tools count there). With reload, hash is
// reported now too (its definitions were loaded before the folder was known).
func (w *Watcher) WatchProject(hash, root string, reload bool) {
	w.mu.Lock()
	_, known := w.projects[root]
	w.projects[root] = hash
	closed := w.closed
	w.mu.Unlock()
	if closed {
		return
	}
	if !known {
		w.ensure(root)
	}
	if reload {
		w.schedule(hash)
	}
}

// ensure watches every level of root/.unitymcp/tools that exists.
func (w *Watcher) ensure(root string) {
	for _, dir := range []string{root, filepath.Join(root, ".unitymcp"), CommittedDir(root)} {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return
		}
		if err := w.w.Add(dir); err != nil {
			w.log.Warn("definitions: cannot watch folder", "dir", dir, "err", err)
			return
		}
	}
}

// projectEvent maps an event under a project folder to the project's hash;
// handled is false when the event is not under one.
func (w *Watcher) projectEvent(ev fsnotify.Event) (hash string, handled bool) {
	dir, name := filepath.Dir(ev.Name), filepath.Base(ev.Name)
	w.mu.Lock()
	var root string
	for r, h := range w.projects {
		if dir == r || dir == filepath.Join(r, ".unitymcp") || dir == CommittedDir(r) || ev.Name == CommittedDir(r) {
			root, hash = r, h
			break
		}
	}
	w.mu.Unlock()
	switch {
	case root == "":
		return "", false
	case dir == CommittedDir(root):
		return hash, true
	case dir == root && name == ".unitymcp", dir == filepath.Join(root, ".unitymcp") && name == "tools", ev.Name == CommittedDir(root):
		w.ensure(root) // a level appeared (or went: nothing to add then)
		return hash, true
	}
	return "", true // something else in the project folder
}

// Close stops watching.
func (w *Watcher) Close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.w.Close()
	<-w.done
	w.mu.Lock()
	if w.timer != nil {
		w.timer.Stop()
	}
	w.mu.Unlock()
}

func (w *Watcher) loop() {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.w.Events:
			if !ok {
				return
			}
			w.handle(ev)
		case err, ok := <-w.w.Errors:
			if !ok {
				return
			}
			w.log.Warn("definitions: watch error", "err", err)
		}
	}
}

func (w *Watcher) handle(ev fsnotify.Event) {
	if ev.Op == fsnotify.Chmod {
		return
	}
	if hash, handled := w.projectEvent(ev); handled {
		if hash != "" {
			w.schedule(hash)
		}
		return
	}
	dir, name := filepath.Dir(ev.Name), filepath.Base(ev.Name)
	var folder string
	switch {
	case dir == w.root:
		// A folder appeared or went in tools/.
		folder = name
		if ev.Has(fsnotify.Create) {
			if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
				w.add(ev.Name)
				// Files written before the watch was added are picked up by
				// the reload this event triggers.
			}
		}
	case filepath.Dir(dir) == w.root:
		folder = filepath.Base(dir)
	default:
		return
	}
	w.schedule(folder)
}

// schedule reports folder after the debounce.
func (w *Watcher) schedule(folder string) {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	w.pending[folder] = true
	// Every change starts the wait again, so a burst of saves (an editor
	// writes a temp file and renames it; an agent writes several files)
	// is reported once, when it is over.
	if w.timer != nil {
		w.timer.Stop()
	}
	w.timer = w.clock.AfterFunc(w.debounce, w.flush)
	w.mu.Unlock()
}

// Flush reports now what is waiting for the debounce, and says whether
// anything was: a call of a tool whose file was just written (an agent
// that writes a definition and calls it at once) need not wait for it.
func (w *Watcher) Flush() bool {
	w.mu.Lock()
	waiting := len(w.pending) > 0 && !w.closed
	if waiting && w.timer != nil {
		w.timer.Stop()
	}
	w.mu.Unlock()
	if waiting {
		w.flush()
	}
	return waiting
}

func (w *Watcher) flush() {
	w.mu.Lock()
	folders := make([]string, 0, len(w.pending))
	for f := range w.pending {
		folders = append(folders, f)
	}
	w.pending = map[string]bool{}
	w.mu.Unlock()
	if len(folders) > 0 {
		w.report(folders)
	}
}

// report hands folders to onChange, which reloads definitions (anyone's
// files): a panic there is logged, and the daemon goes on with the
// definitions it had.
func (w *Watcher) report(folders []string) {
	defer func() {
		if v := recover(); v != nil {
			w.log.Error("definitions: panic reloading changed folders", "folders", folders, "panic", v, "stack", string(debug.Stack()))
		}
	}()
	w.onChange(folders)
}
