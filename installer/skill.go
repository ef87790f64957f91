package installer

import (
	_ "embed"
	"fmt"
	"path/filepath"
)

//go:embed SKILL.md.tmpl
var skill []byte

// SkillPath is where an agent looks for the skill.
func SkillPath(agent string, env Env, scope, dir string) (string, error) {
	if dir != "" {
		return filepath.Join(dir, "unitymcp", "SKILL.md"), nil
	}
	base := map[string]string{"claude-code": ".claude", "codex": ".codex", "copilot-cli": ".copilot", "opencode": filepath.Join(".config", "opencode")}[agent]
	if base == "" {
		return "", fmt.Errorf("no skill folder known for %q; use --agent claude-code, codex, copilot-cli or opencode, or --dir DIR", agent)
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
// old one backed up in the state directory stateDir).
func InstallSkill(path, stateDir string) (ClientResult, error) {
	res := ClientResult{Client: "skill", Path: path}
	doc, _, err := readConfig(path)
	if err != nil {
		return res, err
	}
	if string(doc) == string(skill) {
		return res, nil
	}
	return res, commit(&res, store{stateDir}, path, doc, skill, true, 0o644)
}
