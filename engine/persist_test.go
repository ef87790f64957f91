package engine

import (
	"fmt"
	"log/slog"
	"sync"
	"testing"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/state"
)

// Descriptors written off the read loop land in order: whatever the
// interleaving of writers, each project's file ends with its newest state,
// never an older one queued before it.
func TestPersisterKeepsTheNewestState(t *testing.T) {
	t.Parallel()
	dir, err := state.At(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	p := newPersister(dir, testLogger(t))
	var wg sync.WaitGroup
	var mu sync.Mutex // put order = the order states happened in
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				mu.Lock()
				p.put(state.Instance{EditorInfo: api.EditorInfo{ProjectHash: fmt.Sprintf("h%d", i%3), ProductName: fmt.Sprintf("%d-%d", w, i), State: api.StateConnected}})
				mu.Unlock()
			}
		}(w)
	}
	wg.Wait()
	mu.Lock()
	for h := 0; h < 3; h++ {
		p.put(state.Instance{EditorInfo: api.EditorInfo{ProjectHash: fmt.Sprintf("h%d", h), ProductName: "last", State: api.StateDisconnected}})
	}
	mu.Unlock()
	p.close()
	ins := dir.Instances()
	if len(ins) != 3 {
		t.Fatalf("%d descriptors, want 3", len(ins))
	}
	for _, in := range ins {
		if in.ProductName != "last" || in.State != api.StateDisconnected {
			t.Errorf("%s holds %q/%s, not its newest state", in.ProjectHash, in.ProductName, in.State)
		}
	}
}

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
}
