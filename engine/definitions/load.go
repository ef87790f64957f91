package definitions

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Sources of a definition, in the order they win a name: the per-user
// project folder, the folder committed with the project, the shared folder.
const (
	SourceProject   = "project"
	SourceCommitted = "committed"
	SourceShared    = "shared"
)

// CommittedDir is the folder of the definitions that travel with a project:
// <project>/.unitymcp/tools.
func CommittedDir(projectRoot string) string {
	return filepath.Join(projectRoot, ".unitymcp", "tools")
}

// Dir is one definition folder.
type Dir struct {
	Path   string
	Source string
}

// Rejection is a file that was not loaded, with every reason.
type Rejection struct {
	File    string   `json:"file"`
	Source  string   `json:"source"`
	Name    string   `json:"name,omitempty"`
	Reasons []string `json:"reasons"`
}

// Skip is a .json file that is not read as a definition, and why.
type Skip struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// Set is the outcome of loading a project's definitions.
type Set struct {
	Defs     []*Def
	Rejected []Rejection
	// Shadowed says, per name defined in several folders, which definition
	// is used and which are not.
	Shadowed []string
	Skipped  []Skip
	// Dirs are the folders the set was loaded from.
	Dirs []Dir
}

// Get returns the definition named name.
func (s *Set) Get(name string) *Def {
	for _, d := range s.Defs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// RejectedNamed returns the rejection of a file defining name, if any.
func (s *Set) RejectedNamed(name string) *Rejection {
	for i := range s.Rejected {
		if s.Rejected[i].Name == name {
			return &s.Rejected[i]
		}
	}
	return nil
}

// HasDir reports whether the set was loaded from the folder path.
func (s *Set) HasDir(path string) bool {
	for _, d := range s.Dirs {
		if d.Path == path {
			return true
		}
	}
	return false
}

// file is one definition file while a set loads.
type file struct {
	path, source, dir string
	def               *Def
	reasons           []string
	rejected          bool
	// linked is set when the linker's reasons are already among reasons.
	linked bool
}

func (f *file) reject(reasons ...string) {
	f.reasons = append(f.reasons, reasons...)
	f.rejected = true
}

// Files are the definition files of some folders, read (ReadDirs) but not
// yet checked against each other and the tools (Link).
type Files struct {
	dirs    []Dir
	skipped []Skip
	files   []*file
}

// Load reads every .json file of the folders and checks the set: see
// ReadDirs and Link.
func Load(dirs []Dir, tools map[string]Tool) *Set { return ReadDirs(dirs).Link(tools) }

// ReadDirs reads every .json file of the folders (hidden ones too, as
// isuzu's loader does; an editor's lock file is skipped and reported). Only
// regular files inside each folder are read (os.Root: a symbolic link out
// of it is rejected), up to MaxDefinitionSize each and within ReadTimeout;
// a FIFO, a device or a larger file is rejected with its reason. It takes
// no lock: callers read outside their load lock.
func ReadDirs(dirs []Dir) *Files {
	out := &Files{dirs: dirs}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir.Path)
		if err != nil {
			continue // a missing folder holds no definitions
		}
		var names []string
		for _, e := range entries {
			if e.IsDir() || !strings.EqualFold(filepath.Ext(e.Name()), ".json") {
				continue
			}
			if strings.HasPrefix(e.Name(), ".#") {
				out.skipped = append(out.skipped, Skip{File: filepath.Join(dir.Path, e.Name()),
					Reason: "an editor's lock file (.#name, Emacs), not a definition"})
				continue
			}
			names = append(names, e.Name())
		}
		sort.Strings(names)
		for i, p := range parseAll(dir, names) {
			out.files = append(out.files, &file{path: filepath.Join(dir.Path, names[i]), source: dir.Source, dir: dir.Path,
				def: p.def, reasons: p.reasons, rejected: p.reasons != nil})
		}
	}
	return out
}

// Link checks the files read against each other and tools (the tools that
// are not definitions: built-in and editor tools). The first folder wins a
// name: a definition there shadows those of the same name in later
// folders. A rejected file claims no name, so the next folder's definition
// of it is used instead (definitions_list says so). Call it once per Files.
func (fl *Files) Link(tools map[string]Tool) *Set {
	set := &Set{Dirs: fl.dirs, Skipped: fl.skipped}
	files := fl.files
	// Candidates per name, in precedence order.
	cands := map[string][]*file{}
	var order []string
	for _, f := range files {
		if f.def == nil || !NameRule.MatchString(f.def.Name) {
			f.rejected = true
			continue
		}
		if _, clash := tools[f.def.Name]; clash {
			f.reject(fmt.Sprintf("$.name: %s is already a built-in tool or one the editor declares, which wins; choose another name", quote(f.def.Name)))
		}
		if cands[f.def.Name] == nil {
			order = append(order, f.def.Name)
		}
		cands[f.def.Name] = append(cands[f.def.Name], f)
	}
	chosen := link(cands, tools)
	// Steps of files rejected on their own are checked too, so one pass
	// reports every problem of a file.
	l := newLinker(chosen, cands, tools)
	for _, f := range files {
		if f.rejected && f.def != nil && f.def.Kind == KindSequence && len(f.def.Steps) > 0 && !f.linked {
			for _, r := range l.steps(f.def) {
				f.reasons = append(f.reasons, r.msg)
			}
		}
	}
	sort.Strings(order)
	for _, name := range order {
		c := chosen[name]
		for _, f := range cands[name] {
			switch {
			case c == nil || f == c:
			case f.rejected:
				set.Shadowed = append(set.Shadowed, fmt.Sprintf("%s: the %s definition (%s) was rejected, so the %s one (%s) is used", name, f.source, f.path, c.source, c.path))
			case f.dir == c.dir:
				f.reject(fmt.Sprintf("$.name: %s is already defined by %s in the same folder; rename one of them", quote(name), c.path))
			default:
				set.Shadowed = append(set.Shadowed, fmt.Sprintf("%s: the %s definition (%s) is used; it shadows the %s one (%s)", name, c.source, c.path, f.source, f.path))
			}
		}
		if c != nil {
			set.Defs = append(set.Defs, c.def)
		}
	}
	for _, f := range files {
		if f.rejected {
			name := ""
			if f.def != nil {
				name = f.def.Name
			}
			set.Rejected = append(set.Rejected, Rejection{File: f.path, Source: f.source, Name: name, Reasons: f.reasons})
		}
	}
	return set
}

type parsedFile struct {
	def     *Def
	reasons []string
}

// parse is Parse; a test replaces it to make it fail.
var parse = Parse

// parseSafely parses one file; a panic in the parser (a bug, on a file
// anyone may write) rejects that file with it as the reason instead of
// ending the daemon.
func parseSafely(data []byte, path, source string) (p parsedFile) {
	defer func() {
		if v := recover(); v != nil {
			p = parsedFile{reasons: []string{fmt.Sprintf("the daemon failed parsing this file (a bug: %v); report it with the file", v)}}
		}
	}()
	d, reasons := parse(data, path, source)
	return parsedFile{def: d, reasons: reasons}
}

// parseAll reads and parses the files of one folder on all cores; the
// result is in the order of names.
func parseAll(dir Dir, names []string) []parsedFile {
	out := make([]parsedFile, len(names))
	root, err := os.OpenRoot(dir.Path)
	if err != nil {
		for i := range out {
			out[i] = parsedFile{reasons: []string{"cannot open the folder " + dir.Path + ": " + err.Error()}}
		}
		return out
	}
	defer root.Close()
	workers := min(runtime.GOMAXPROCS(0), max(1, len(names)/16))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				path := filepath.Join(dir.Path, names[i])
				data, err := readDefinition(root, dir.Path, names[i])
				if err != nil {
					out[i] = parsedFile{reasons: []string{"not read: " + err.Error()}}
					continue
				}
				out[i] = parseSafely(data, path, dir.Source)
			}
		}()
	}
	for i := range names {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
