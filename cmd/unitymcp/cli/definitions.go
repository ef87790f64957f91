package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/unitymcp/unitymcp/engine"
	"github.com/unitymcp/unitymcp/engine/definitions"
	"github.com/unitymcp/unitymcp/engine/state"
)

// DefinitionsConfig is `unitymcp definitions list|validate`.
type DefinitionsConfig struct {
	Action  string // list | validate
	Project string
	Files   []string
	JSON    bool
}

func newDefinitionsCmd(std IO) *cobra.Command {
	sub := func(action, use, short string, args cobra.PositionalArgs) *cobra.Command {
		var cfg DefinitionsConfig
		cmd := &cobra.Command{Use: use, Short: short, Args: args,
			RunE: func(_ *cobra.Command, files []string) error {
				cfg.Action, cfg.Files = action, files
				return Definitions(cfg, std.Out)
			}}
		projectFlag(cmd, &cfg.Project, "Unity project folder (default: $CLAUDE_PROJECT_DIR, else the working directory's project)")
		if action == "list" {
			cmd.Flags().BoolVar(&cfg.JSON, "json", false, "print JSON")
		}
		return cmd
	}
	return group("definitions", "List or validate definition tools (works without a daemon)",
		sub("list", "list [--project DIR] [--json]", "List the definition tools the project sees, and the rejected files", noArgs),
		sub("validate", "validate [--project DIR] [FILE|FOLDER…]", "Check definition files (those of a folder, or the project's folders when none is given); exit 1 when any is rejected", cobra.ArbitraryArgs))
}

// Definitions lists or validates definition files. It works without a
// running daemon: it reads the state directory like the daemon does.
// validate exits 1 when any file is rejected (for pre-commit hooks and CI).
func Definitions(cfg DefinitionsConfig, stdout io.Writer) error {
	dir, err := state.Open()
	if err != nil {
		return err
	}
	eng := engine.New(engine.Options{State: dir})
	defer eng.Close()
	if _, err := checkProject(cfg.Project); err != nil {
		return err
	}
	hash := ""
	if p := ProjectFromEnv(cfg.Project, os.Getenv("CLAUDE_PROJECT_DIR")); p != "" {
		// Resolved by its folder, as a pinned caller would: the engine then
		// knows the project's committed definitions folder too.
		t, terr := eng.Resolve(context.Background(), p, nil)
		if terr != nil {
			msg, _, _ := strings.Cut(terr.Message, ". ")
			return &ExitError{Code: 2, Err: fmt.Errorf("project %s: %s; pass --project DIR with the Unity project folder", p, msg)}
		}
		hash = t.Hash
	}
	switch cfg.Action {
	case "list":
		rep := eng.DefinitionsReport(hash)
		if cfg.JSON {
			b, _ := json.MarshalIndent(rep, "", "  ")
			fmt.Fprintln(stdout, string(b))
			return nil
		}
		if rep.DefinitionsDir != nil {
			fmt.Fprintf(stdout, "project definitions:   %s\n", *rep.DefinitionsDir)
		}
		if rep.CommittedDefinitionsDir != nil {
			fmt.Fprintf(stdout, "committed definitions: %s\n", *rep.CommittedDefinitionsDir)
		}
		fmt.Fprintf(stdout, "shared definitions:    %s\n", rep.SharedDefinitionsDir)
		for _, t := range rep.Tools {
			fmt.Fprintf(stdout, "  %-28s %-8s %-11s %s (%s)\n", t.Name, t.Kind, t.Group, t.File, t.Source)
		}
		for _, r := range rep.Rejected {
			printRejection(stdout, r)
		}
		printNotes(stdout, rep.Shadowed, rep.Warnings, rep.Skipped)
		return nil
	case "validate":
		var sets []*definitions.Set
		var want map[string]bool
		if len(cfg.Files) == 0 {
			sets = append(sets, eng.CheckDefinitions(hash, eng.DefinitionDirs(hash)))
		} else {
			want = map[string]bool{}
			dirs := map[string]bool{}
			for _, f := range cfg.Files {
				abs, err := filepath.Abs(f)
				if err != nil {
					return err
				}
				fi, err := os.Stat(abs)
				switch {
				case err != nil:
					return usageError("%s: no such file; give definition files (.json) or a folder of them", f)
				case fi.IsDir():
					// A folder: every definition file in it.
					files, _ := filepath.Glob(filepath.Join(abs, "*.json"))
					if len(files) == 0 {
						return usageError("%s: a folder with no definition file (.json) in it", f)
					}
					for _, file := range files {
						want[file] = true
					}
					dirs[abs] = true
					continue
				}
				want[abs] = true
				dirs[filepath.Dir(abs)] = true
			}
			for d := range dirs {
				sets = append(sets, eng.CheckDefinitions(hash, dirsFor(d, eng.DefinitionDirs(hash))))
			}
		}
		bad, checked := 0, 0
		loaded := map[string]bool{} // the folders the daemon loads
		for _, d := range eng.DefinitionDirs(hash) {
			loaded[d.Path] = true
		}
		for _, set := range sets {
			var warnings []string
			for _, d := range set.Defs {
				if want == nil || want[d.Path] {
					checked++
					where := string(d.Source)
					if !loaded[filepath.Dir(d.Path)] {
						where = "valid, but in no definitions folder: the daemon does not load it"
					}
					fmt.Fprintf(stdout, "ok        %s (%s %s, %s)\n", d.Path, d.Kind, d.Name, where)
					delete(want, d.Path)
					for _, w := range d.Warnings {
						warnings = append(warnings, d.Path+": "+w)
					}
				}
			}
			var skipped []definitions.Skip
			for _, sk := range set.Skipped {
				if want == nil || want[sk.File] {
					skipped = append(skipped, sk)
					delete(want, sk.File)
				}
			}
			for _, r := range set.Rejected {
				if want == nil || want[r.File] {
					printRejection(stdout, r)
					delete(want, r.File)
					bad++
					checked++
				}
			}
			printNotes(stdout, nil, warnings, skipped)
		}
		for f := range want {
			fmt.Fprintf(stdout, "skipped   %s (only .json files are definitions)\n", f)
		}
		if checked == 0 && len(cfg.Files) == 0 {
			var folders []string
			for _, d := range eng.DefinitionDirs(hash) {
				folders = append(folders, d.Path)
			}
			fmt.Fprintf(stdout, "no definition files in %s: nothing to check\n", strings.Join(folders, ", "))
		}
		if bad > 0 {
			return &ExitError{Code: 1, Err: fmt.Errorf("%d definition file(s) rejected", bad)}
		}
		return nil
	}
	return &ExitError{Code: 2, Err: fmt.Errorf("definitions: say list or validate")}
}

// dirsFor are the folders to check the definitions of folder d in: the
// project's own, when d is one of them (precedence and steps calling the
// others as the daemon has them), else d first, then the project's.
func dirsFor(d string, project []definitions.Dir) []definitions.Dir {
	for _, p := range project {
		if p.Path == d {
			return project
		}
	}
	return append([]definitions.Dir{{Path: d, Source: definitions.SourceProject}}, project...)
}

func printNotes(w io.Writer, shadowed, warnings []string, skipped []definitions.Skip) {
	for _, s := range shadowed {
		fmt.Fprintf(w, "shadowed  %s\n", s)
	}
	for _, s := range warnings {
		fmt.Fprintf(w, "warning   %s\n", s)
	}
	for _, s := range skipped {
		fmt.Fprintf(w, "skipped   %s (%s)\n", s.File, s.Reason)
	}
}

func printRejection(w io.Writer, r definitions.Rejection) {
	fmt.Fprintf(w, "REJECTED  %s\n", r.File)
	for _, reason := range r.Reasons {
		fmt.Fprintf(w, "          %s\n", strings.ReplaceAll(reason, "\n", " "))
	}
}
