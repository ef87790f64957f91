package definitions

import (
	"bytes"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/unitymcp/unitymcp/engine/clock/clocktest"
)

// patience bounds each wait for the watcher to see a file's event: generous,
// since a busy CI machine may be slow to deliver it, and only a broken
// watcher ever uses it all.
const patience = 10 * time.Second

// The debounce: changes within the debounce of each other are reported
// once, with every folder they touched, a debounce after the last; a change
// after that report is reported again; Close drops a report still waiting.
// The clock is fake, so the debounce passes only when the test advances it;
// what the test waits on is the watcher having seen each change.
func TestWatcherDebounce(t *testing.T) {
	t.Parallel()
	const debounce = 100 * time.Millisecond
	root, staging := t.TempDir(), t.TempDir()
	for _, f := range []string{SourceShared, "h1", "h2"} {
		if err := os.MkdirAll(filepath.Join(root, f), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	clk := clocktest.New()
	calls := make(chan []string, 10)
	w, err := watch(root, debounce, clk, slog.New(slog.DiscardHandler), func(folders []string) {
		sort.Strings(folders)
		calls <- folders
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)

	n := 0
	// change saves a file into folder as editors do, by a rename: one
	// event, so none is left to arrive after the test has moved on. It
	// returns once the watcher has seen it.
	change := func(folder string) {
		t.Helper()
		n++
		src := filepath.Join(staging, fmt.Sprintf("%d.json", n))
		if err := os.WriteFile(src, []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(src, filepath.Join(root, folder, fmt.Sprintf("%d.json", n))); err != nil {
			t.Fatal(err)
		}
		waitPending(t, w, clk, calls, folder)
	}
	// reported fails unless exactly one report, of want, has been made.
	reported := func(when string, want ...string) {
		t.Helper()
		select {
		case got := <-calls:
			if !slices.Equal(got, want) {
				t.Fatalf("%s: reported %v, want %v", when, got, want)
			}
		default:
			t.Fatalf("%s: nothing reported, want %v", when, want)
		}
		quiet(t, when+", after the report", calls)
	}

	change(SourceShared)
	clk.Advance(debounce * 6 / 10)
	change("h1")
	clk.Advance(debounce * 6 / 10) // the first change's debounce has passed
	change("h2")
	clk.Advance(debounce - time.Millisecond)
	quiet(t, "within the debounce of the last change", calls)
	clk.Advance(time.Millisecond)
	reported("a debounce after the last change", "h1", "h2", SourceShared)

	change("h1")
	clk.Advance(debounce)
	reported("a change after the report", "h1")

	change("h2")
	w.Close()
	clk.Advance(10 * debounce)
	quiet(t, "after Close", calls)
}

// waitPending waits until w holds folder for its debounce, failing if w
// reports anything first.
func waitPending(t *testing.T, w *Watcher, clk *clocktest.Fake, calls <-chan []string, folder string) {
	t.Helper()
	watchdog := time.After(patience)
	for {
		// Take the clock's signal before looking, so an arming between the
		// look and the wait is not missed.
		armed := clk.ArmedSignal()
		w.mu.Lock()
		seen := w.pending[folder]
		w.mu.Unlock()
		if seen {
			return
		}
		select {
		case <-armed:
		case got := <-calls:
			t.Fatalf("waiting for a change in %s: reported %v before the debounce", folder, got)
		case <-watchdog:
			t.Fatalf("the watcher did not take a change in %s within %v", folder, patience)
		}
	}
}

// quiet fails if a report has been made.
func quiet(t *testing.T, when string, calls <-chan []string) {
	t.Helper()
	select {
	case got := <-calls:
		t.Fatalf("%s: reported %v, want nothing", when, got)
	default:
	}
}

// A panic reloading the changed folders is logged; the watcher's goroutine
// (a timer's) does not take the daemon down.
func TestWatcherReportRecovers(t *testing.T) {
	var log bytes.Buffer
	w := &Watcher{log: slog.New(slog.NewTextHandler(&log, nil)), onChange: func([]string) { panic("a reload's bug") }}
	w.report([]string{"shared"})
	if s := log.String(); !strings.Contains(s, "panic reloading changed folders") || !strings.Contains(s, "a reload's bug") {
		t.Errorf("the log does not tell of the panic:\n%s", s)
	}
}
