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

// Sources of a definition.
const (
	SourceProject = "project"
	SourceShared  = "shared"
)

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

// Set is the outcome of loading a project's definitions.
type Set struct {
	Defs     []*Def
	Rejected []Rejection
	// Shadowed lists shared definitions a project definition replaced.
	Shadowed []string
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

// Load reads every .json file of the folders (project first, then shared:
// the project's definition wins a name clash) and checks the set. tools
// answers for names that are not definitions (built-in and editor tools).
func Load(dirs []Dir, tools Tools) *Set {
	set := &Set{}
	byName := map[string]*Def{}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir.Path)
		if err != nil {
			continue // a missing folder holds no definitions
		}
		names := make([]string, 0, len(entries))
		for _, e := range entries {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".json") && !strings.HasPrefix(e.Name(), ".") {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		parsed := parseAll(dir, names)
		inDir := map[string]string{}
		for i, n := range names {
			path := filepath.Join(dir.Path, n)
			d, reasons := parsed[i].def, parsed[i].reasons
			if reasons != nil {
				name := ""
				if d != nil {
					name = d.Name
				}
				set.reject(path, dir.Source, name, reasons)
				continue
			}
			if other, ok := inDir[d.Name]; ok {
				set.reject(path, dir.Source, d.Name, []string{fmt.Sprintf("$.name: %q is already defined by %s in the same folder", d.Name, other)})
				continue
			}
			inDir[d.Name] = path
			if exists, _ := tools(d.Name); exists {
				set.reject(path, dir.Source, d.Name, []string{fmt.Sprintf("$.name: %q is already a built-in or editor tool; choose another name", d.Name)})
				continue
			}
			if prev, ok := byName[d.Name]; ok {
				set.Shadowed = append(set.Shadowed, fmt.Sprintf("%s (%s) is replaced by %s", d.Name, path, prev.Path))
				continue
			}
			byName[d.Name] = d
			set.Defs = append(set.Defs, d)
		}
	}
	set.checkSequences(byName, tools)
	sort.Slice(set.Defs, func(i, j int) bool { return set.Defs[i].Name < set.Defs[j].Name })
	return set
}

func (s *Set) reject(path, source, name string, reasons []string) {
	s.Rejected = append(s.Rejected, Rejection{File: path, Source: source, Name: name, Reasons: reasons})
}

// checkSequences resolves step tools, rejects cycles and sequences built on
// rejected or unknown tools, and works out destructiveness.
func (s *Set) checkSequences(byName map[string]*Def, tools Tools) {
	bad := map[string][]string{}
	// Cycles, through chains of any length.
	const (
		unseen = iota
		active
		done
	)
	mark := map[string]int{}
	var stack []string
	var visit func(name string)
	visit = func(name string) {
		mark[name] = active
		stack = append(stack, name)
		for _, st := range byName[name].Steps {
			next, ok := byName[st.Tool]
			if !ok || next.Kind != KindSequence {
				continue
			}
			switch mark[st.Tool] {
			case active:
				i := len(stack) - 1
				for stack[i] != st.Tool {
					i--
				}
				cycle := append(append([]string{}, stack[i:]...), st.Tool)
				for _, n := range stack[i:] {
					bad[n] = append(bad[n], "$.steps: sequences call each other in a cycle: "+strings.Join(cycle, " → "))
				}
			case unseen:
				visit(st.Tool)
			}
		}
		stack = stack[:len(stack)-1]
		mark[name] = done
	}
	names := make([]string, 0, len(byName))
	for n, d := range byName {
		if d.Kind == KindSequence {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if mark[n] == unseen {
			visit(n)
		}
	}
	// Unknown step tools; rejections propagate to the sequences that use them.
	for changed := true; changed; {
		changed = false
		for _, n := range names {
			if len(bad[n]) > 0 {
				continue
			}
			for i, st := range byName[n].Steps {
				if d, ok := byName[st.Tool]; ok {
					if len(bad[d.Name]) > 0 {
						bad[n] = append(bad[n], fmt.Sprintf("$.steps[%d].tool: %q was rejected", i, st.Tool))
						changed = true
					}
					continue
				}
				if exists, _ := tools(st.Tool); !exists {
					bad[n] = append(bad[n], fmt.Sprintf("$.steps[%d].tool: no tool is named %q (a built-in, a tool the editor declared, or another definition)", i, st.Tool))
					changed = true
				}
			}
		}
	}
	// Destructiveness, deepest first.
	var destructive func(name string, seen map[string]bool) bool
	destructive = func(name string, seen map[string]bool) bool {
		if d, ok := byName[name]; ok {
			if d.Kind != KindSequence || seen[name] {
				return d.Destructive
			}
			seen[name] = true
			for _, st := range d.Steps {
				if destructive(st.Tool, seen) {
					return true
				}
			}
			return d.Destructive
		}
		_, de := tools(name)
		return de
	}
	for _, n := range names {
		d := byName[n]
		if len(bad[n]) > 0 {
			continue
		}
		for i, st := range d.Steps {
			if destructive(st.Tool, map[string]bool{n: true}) {
				if d.explicitNotDestructive {
					bad[n] = append(bad[n], fmt.Sprintf("$.destructive: false, but step %d (%s) is destructive; remove destructive: false (the sequence is destructive and takes confirm)", i, st.Tool))
				}
				d.Destructive = true
			}
		}
	}
	if len(bad) == 0 {
		return
	}
	kept := s.Defs[:0]
	for _, d := range s.Defs {
		if reasons := bad[d.Name]; len(reasons) > 0 {
			s.reject(d.Path, d.Source, d.Name, reasons)
			continue
		}
		kept = append(kept, d)
	}
	s.Defs = kept
}

type parsedFile struct {
	def     *Def
	reasons []string
}

// parseAll reads and parses the files of one folder on all cores; the
// result is in the order of names.
func parseAll(dir Dir, names []string) []parsedFile {
	out := make([]parsedFile, len(names))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(names)/16))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				path := filepath.Join(dir.Path, names[i])
				data, err := os.ReadFile(path)
				if err != nil {
					out[i] = parsedFile{reasons: []string{"cannot read: " + err.Error()}}
					continue
				}
				d, reasons := Parse(data, path, dir.Source)
				out[i] = parsedFile{def: d, reasons: reasons}
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
