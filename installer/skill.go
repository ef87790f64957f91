package installer

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

//go:embed SKILL.md.tmpl
var skill []byte

// SkillAgents are the agents whose skill folder SkillPath knows.
var SkillAgents = []string{"claude-code", "codex", "copilot-cli", "opencode"}

// SkillPath is where an agent looks for the skill.
func SkillPath(agent string, env Env, scope, dir string) (string, error) {
	if dir != "" {
		return filepath.Join(dir, "unitymcp", "SKILL.md"), nil
	}
	base := map[string]string{"claude-code": ".claude", "codex": ".codex", "copilot-cli": ".copilot", "opencode": filepath.Join(".config", "opencode")}[agent]
	if base == "" {
		return "", fmt.Errorf("no skill folder known for %q; use --agent %s, or --dir DIR", agent, strings.Join(SkillAgents, ", "))
	}
	root := env.Home
	if scope == "project" {
		if env.Project == "" {
			return "", fmt.Errorf("--scope project needs --project DIR")
		}
		root = env.Project
		if agent == "opencode" {
			base = ".opencode"
		}
	}
	return filepath.Join(root, base, "skills", "unitymcp", "SKILL.md"), nil
}

// InstallSkill writes SKILL.md (atomically; unchanged when identical; the
// old one backed up in the state directory stateDir). project is the
// project folder of a project-scope skill, which path must lead inside
// (linkedFile), or "".
func InstallSkill(path, project, stateDir string) (ClientResult, error) {
	res := ClientResult{Client: "skill", Path: path}
	file, err := linkedFile(path, project)
	if err != nil {
		return res, err
	}
	doc, _, err := readConfig(file)
	if err != nil {
		return res, err
	}
	if string(doc) == string(skill) {
		return res, nil
	}
	return res, commit(&res, store{stateDir}, file, doc, skill, true, 0o644)
}

// UninstallSkill removes the SKILL.md that install skill wrote at path
// (backed up in the state directory stateDir first) and its unitymcp
// folder when that is left empty; nothing changes when there is none.
func UninstallSkill(path, project, stateDir string) (ClientResult, error) {
	res := ClientResult{Client: "skill", Path: path}
	file, err := linkedFile(path, project)
	if err != nil {
		return res, err
	}
	doc, _, err := readConfig(file)
	if err != nil || doc == nil {
		return res, err
	}
	if res.Backup, err = (store{stateDir}).backup(file, doc); err != nil {
		return res, err
	}
	if err := os.Remove(file); err != nil {
		return res, fmt.Errorf("removing %s: %w", file, err)
	}
	res.Changed, res.Removed = true, true
	os.Remove(filepath.Dir(file)) // the skill's own folder, only when empty
	return res, nil
}
