package engine

import (
	"maps"
	"sort"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
)

// Snapshot returns a project's catalog ("" = the catalog of sessions not
// pinned to a project). Snapshots are rebuilt only when what they are made
// of changes (an editor's hello, a connection that comes or goes,
// definition files) and swapped in atomically; a project seen for the first
// time gets its first one here.
func (e *Engine) Snapshot(hash string) *catalog.Snapshot {
	if s := (*e.snaps.Load())[hash]; s != nil {
		return s
	}
	return e.rebuild(hash)
}

// CatalogBuilds counts the catalogs built so far (a call never builds one).
func (e *Engine) CatalogBuilds() int64 { return e.builds.Load() }

// Tools returns a project's catalog in order.
func (e *Engine) Tools(hash string) []*catalog.Tool { return e.Snapshot(hash).Tools() }

// Lookup finds a tool by name in a project's catalog.
func (e *Engine) Lookup(hash, name string) *catalog.Tool { return e.Snapshot(hash).Lookup(name) }

// rebuild builds the catalogs of hashes and swaps them in; it returns the
// last one built.
func (e *Engine) rebuild(hashes ...string) *catalog.Snapshot {
	e.buildMu.Lock()
	defer e.buildMu.Unlock()
	next := maps.Clone(*e.snaps.Load())
	var s *catalog.Snapshot
	for _, h := range hashes {
		s = e.build(h)
		next[h] = s
		e.builds.Add(1)
	}
	e.snaps.Store(&next)
	return s
}

// build makes a project's catalog: the built-ins, the tools its editor
// declared, then its definitions (its own folder shadowing the shared one).
// The unpinned catalog lists what an unpinned call runs: the built-ins,
// every project's declared tools (by hash), each known editor's definitions
// (connected editors first, as routing picks them), then the shared ones.
func (e *Engine) build(hash string) *catalog.Snapshot {
	if hash != "" {
		return catalog.NewSnapshot(e.builtins, e.declaredOf(hash), e.definitionTools(hash))
	}
	lists := [][]*catalog.Tool{e.builtins}
	e.mu.Lock()
	hashes := make([]string, 0, len(e.declared))
	for h := range e.declared {
		hashes = append(hashes, h)
	}
	sort.Strings(hashes)
	for _, h := range hashes {
		lists = append(lists, e.declared[h])
	}
	e.mu.Unlock()
	for _, ed := range e.Hub.Editors() {
		lists = append(lists, e.definitionTools(ed.ProjectHash))
	}
	lists = append(lists, e.definitionTools(""))
	return catalog.NewSnapshot(lists...)
}

func (e *Engine) declaredOf(hash string) []*catalog.Tool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.declared[hash]
}

// lookupStatic finds a built-in or a tool the project's editor declared:
// what definitions may call besides each other (checked when they load).
func (e *Engine) lookupStatic(hash, name string) *catalog.Tool {
	if t := e.builtinByName[name]; t != nil {
		return t
	}
	for _, t := range e.declaredOf(hash) {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// setDeclared replaces the tools a project's editor declared.
func (e *Engine) setDeclared(hash string, decl []api.DeclaredTool) {
	tools := catalog.FromDeclared(decl, e.builtins, e.log.With("project", hash))
	e.mu.Lock()
	e.declared[hash] = tools
	e.mu.Unlock()
}

// catalogChanged rebuilds a project's catalog and the unpinned one ("" =
// every known project's) and tells the front ends.
func (e *Engine) catalogChanged(hash string) {
	if hash == "" {
		hashes := []string{}
		for h := range *e.snaps.Load() {
			if h != "" {
				hashes = append(hashes, h)
			}
		}
		e.rebuild(append(hashes, "")...)
	} else {
		e.rebuild(hash, "")
	}
	e.notify(hash)
}

func (e *Engine) notify(hash string) {
	e.publish(api.EventCatalogChanged, hash, nil)
	e.lmu.Lock()
	ls := append([]func(string){}, e.listeners...)
	e.lmu.Unlock()
	for _, fn := range ls {
		fn(hash)
	}
}

// Refresh rebuilds a project's catalog ("" for all) and tells every front end.
func (e *Engine) Refresh(hash string) { e.catalogChanged(hash) }
