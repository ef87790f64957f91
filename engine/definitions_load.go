package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/unitymcp/unitymcp/engine/api"
	"github.com/unitymcp/unitymcp/engine/catalog"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/isuzu"
)

// definitions_load.go: where a project's definitions come from, loading
// and reloading them, and the report definitions_list and the CLI print.
// Running them is tools_definitions.go.

// defState holds the loaded definition sets, by project hash ("" = the
// shared folder alone, for sessions not pinned to a project).
type defState struct {
	loadMu sync.Mutex // serialises linking and storing loaded sets
	// seq numbers loads as they start; applied is, per project, the newest
	// load stored (guarded by loadMu).
	seq     atomic.Uint64
	applied map[string]uint64
	mu      sync.Mutex
	sets    map[string]*definitions.Set
	// watch tells the watcher about a project's committed folder (nil: none).
	watch func(hash, root string, reload bool)
	// flush loads at once the changes the watcher holds for its debounce
	// (nil: none), reporting whether there were any.
	flush func() bool
}

// SetDefinitionWatcher gives the engine the watcher's WatchProject, so the
// committed definitions folder of every project it learns of is watched.
// Projects already known are handed over now.
func (e *Engine) SetDefinitionWatcher(watch func(hash, root string, reload bool)) {
	e.defs.mu.Lock()
	e.defs.watch = watch
	e.defs.mu.Unlock()
	for _, ed := range e.Hub.Editors() {
		if root := e.projectRoot(ed.ProjectHash); root != "" {
			watch(ed.ProjectHash, root, false)
		}
	}
}

// SetDefinitionFlush gives the engine the watcher's Flush: a call of a tool
// the catalog does not have first loads the definition changes waiting
// for the watcher's debounce, so a file written just before its first
// call is found.
func (e *Engine) SetDefinitionFlush(flush func() bool) {
	e.defs.mu.Lock()
	e.defs.flush = flush
	e.defs.mu.Unlock()
}

// flushDefinitions loads the definition changes the watcher holds, and
// reports whether there were any.
func (e *Engine) flushDefinitions() bool {
	e.defs.mu.Lock()
	flush := e.defs.flush
	e.defs.mu.Unlock()
	return flush != nil && flush()
}

// projectRoot is the folder of a project, when the engine knows it: from
// its editor, or from a caller that named the project by its folder.
func (e *Engine) projectRoot(hash string) string {
	if hash == "" {
		return ""
	}
	if info, ok := e.Hub.Editor(hash); ok && info.ProjectPath != "" {
		return filepath.FromSlash(info.ProjectPath)
	}
	if given, ok := e.pathHints.Load(hash); ok {
		return filepath.FromSlash(given.(string))
	}
	return ""
}

// learnedRoot is called when a caller names a project by its folder: if the
// project's definitions were loaded without its committed folder, the
// watcher reloads them (off the call path).
func (e *Engine) learnedRoot(hash, root string) {
	e.defs.mu.Lock()
	set, watch := e.defs.sets[hash], e.defs.watch
	e.defs.mu.Unlock()
	if watch != nil {
		watch(hash, filepath.FromSlash(root), set != nil && !set.HasDir(definitions.CommittedDir(filepath.FromSlash(root))))
	}
}

// definitionSet returns (loading it on first use) a project's definitions.
func (e *Engine) definitionSet(hash string) *definitions.Set {
	e.defs.mu.Lock()
	set, ok := e.defs.sets[hash]
	e.defs.mu.Unlock()
	if ok {
		return set
	}
	return e.loadDefinitions(hash)
}

// definitionDirs are the folders of a project's definitions, the winner of
// a name first: the per-user project folder, the committed folder (when the
// project's folder is known), the shared folder.
func (e *Engine) definitionDirs(hash string) []definitions.Dir {
	if e.opt.State.Root == "" {
		return nil
	}
	dirs := []definitions.Dir{}
	if hash != "" {
		dirs = append(dirs, definitions.Dir{Path: e.opt.State.ToolsDir(hash), Source: definitions.SourceProject})
		if root := e.projectRoot(hash); root != "" {
			dirs = append(dirs, definitions.Dir{Path: definitions.CommittedDir(root), Source: definitions.SourceCommitted})
		}
	}
	return append(dirs, definitions.Dir{Path: e.opt.State.SharedToolsDir(), Source: definitions.SourceShared})
}

// DefinitionDirs are the folders a project's definitions come from.
func (e *Engine) DefinitionDirs(hash string) []definitions.Dir { return e.definitionDirs(hash) }

// loaderTools are the tools a project's definitions may call besides each
// other: the built-ins, the tools its editor declared, and the isuzu names
// a built-in covers (engine/isuzu).
func (e *Engine) loaderTools(hash string) map[string]definitions.Tool {
	return isuzu.WithNames(catalog.ForLoader(e.builtins, e.declaredOf(hash)))
}

func (e *Engine) loadDefinitions(hash string) *definitions.Set {
	if e.opt.State.Root != "" && hash != "" {
		os.MkdirAll(e.opt.State.ToolsDir(hash), 0o700) // the folder /health points at exists
	}
	// The files are read outside the load lock (each bounded in size and
	// time), so a slow file never holds up another project's load.
	seq := e.defs.seq.Add(1)
	files := definitions.ReadDirs(e.definitionDirs(hash))
	// One link at a time, and an older read never replaces a newer set.
	e.defs.loadMu.Lock()
	defer e.defs.loadMu.Unlock()
	if e.defs.applied == nil {
		e.defs.applied = map[string]uint64{}
	}
	if e.defs.applied[hash] > seq {
		e.defs.mu.Lock()
		set := e.defs.sets[hash]
		e.defs.mu.Unlock()
		if set != nil {
			return set
		}
	}
	e.defs.applied[hash] = seq
	set := files.Link(e.loaderTools(hash))
	e.defs.mu.Lock()
	e.defs.sets[hash] = set
	watch := e.defs.watch
	e.defs.mu.Unlock()
	if root := e.projectRoot(hash); watch != nil && root != "" {
		watch(hash, root, false)
	}
	return set
}

// ReloadDefinitions reloads the definitions of the folders that changed
// ("shared" or project hashes; nil = all), rebuilds the catalogs, tells
// every front end, and only then publishes definitions.changed: whoever
// lists tools when it arrives sees the new catalog.
func (e *Engine) ReloadDefinitions(folders []string) {
	e.defs.mu.Lock()
	var hashes []string
	for h := range e.defs.sets {
		hashes = append(hashes, h)
	}
	e.defs.mu.Unlock()
	all := folders == nil
	for _, f := range folders {
		all = all || f == definitions.SourceShared
	}
	reload := map[string]bool{}
	if all {
		for _, h := range hashes {
			reload[h] = true
		}
		reload[""] = true
	} else {
		for _, f := range folders {
			reload[f] = true
		}
	}
	sets := map[string]*definitions.Set{}
	for h := range reload {
		sets[h] = e.loadDefinitions(h)
	}
	if all {
		e.catalogChanged("")
	} else {
		changed := []string{""}
		for h := range reload {
			changed = append(changed, h)
		}
		e.rebuild(changed...)
		// A project's listeners update the unpinned catalog's sessions too
		// (mcp.go): notifying "" as well told each session twice.
		for h := range reload {
			e.notify(h)
		}
	}
	for h, set := range sets {
		e.publish(api.EventDefinitionsChanged, h, api.DefinitionsChanged{Loaded: len(set.Defs), Rejected: len(set.Rejected), Folders: folders})
	}
}

// definitionTools converts a project's definitions into catalog tools.
func (e *Engine) definitionTools(hash string) []*catalog.Tool {
	set := e.definitionSet(hash)
	out := make([]*catalog.Tool, 0, len(set.Defs))
	for _, d := range set.Defs {
		out = append(out, catalog.FromDefinition(d))
	}
	return out
}

// DefinitionInfo is one loaded definition in a DefinitionsReport.
type DefinitionInfo struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	File      string `json:"file"`
	Group     string `json:"group"`
	Source    string `json:"source"`
	SourceDir string `json:"source_dir"`
}

// DefinitionsReport is definitions_list's answer and the CLI's listing.
type DefinitionsReport struct {
	SharedDefinitionsDir string `json:"shared_definitions_dir"`
	// DefinitionsDir is the project's per-user folder, CommittedDefinitionsDir
	// the one committed with it (<project>/.unitymcp/tools, which may not
	// exist yet); null when the project (or its folder) is not known.
	DefinitionsDir          *string                 `json:"definitions_dir"`
	CommittedDefinitionsDir *string                 `json:"committed_definitions_dir"`
	ProjectHash             string                  `json:"project_hash,omitempty"`
	Tools                   []DefinitionInfo        `json:"tools"`
	Rejected                []definitions.Rejection `json:"rejected"`
	// Errors are the rejections as one line each.
	Errors   []string `json:"errors"`
	Shadowed []string `json:"shadowed"`
	// Warnings are what loaded but is probably a mistake, one line each.
	Warnings []string `json:"warnings"`
	// Skipped are .json files that were not read as definitions.
	Skipped []definitions.Skip `json:"skipped"`
}

// DefinitionsReport describes a project's definitions ("" = shared only).
func (e *Engine) DefinitionsReport(hash string) DefinitionsReport {
	return e.report(hash, e.definitionSet(hash))
}

func (e *Engine) report(hash string, set *definitions.Set) DefinitionsReport {
	rep := DefinitionsReport{SharedDefinitionsDir: filepath.ToSlash(e.opt.State.SharedToolsDir()),
		Tools: []DefinitionInfo{}, Rejected: []definitions.Rejection{}, Errors: []string{}, Warnings: []string{},
		Skipped: append([]definitions.Skip{}, set.Skipped...), Shadowed: append([]string{}, set.Shadowed...)}
	for _, d := range set.Defs {
		rep.Tools = append(rep.Tools, DefinitionInfo{Name: d.Name, Kind: d.Kind, File: filepath.ToSlash(d.Path),
			Group: d.Group, Source: d.Source, SourceDir: filepath.ToSlash(d.Dir)})
		for _, w := range d.Warnings {
			rep.Warnings = append(rep.Warnings, filepath.ToSlash(d.Path)+": "+w)
		}
	}
	for _, r := range set.Rejected {
		rep.Rejected = append(rep.Rejected, r)
		rep.Errors = append(rep.Errors, fmt.Sprintf("%s: %s", filepath.ToSlash(r.File), strings.Join(r.Reasons, "; ")))
	}
	for _, d := range set.Dirs {
		dir := filepath.ToSlash(d.Path)
		switch d.Source {
		case definitions.SourceProject:
			rep.DefinitionsDir, rep.ProjectHash = &dir, hash
		case definitions.SourceCommitted:
			rep.CommittedDefinitionsDir = &dir
		}
	}
	return rep
}

// CheckDefinitions loads definition folders for a project the way the
// daemon would, without keeping the result (the CLI's validate).
func (e *Engine) CheckDefinitions(hash string, dirs []definitions.Dir) *definitions.Set {
	return definitions.Load(dirs, e.loaderTools(hash))
}
