package state

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Instance is instances/<projectHash>.json: what the daemon knows of one
// project's editor, kept while the editor is away so its tools stay listed.
type Instance struct {
	api.EditorInfo
	// MCPURL is the MCP endpoint pinned to the project.
	MCPURL string `json:"mcpUrl"`
}

// WriteInstance writes the descriptor atomically.
func (d Dir) WriteInstance(in Instance) error { return writeJSON(d.InstancePath(in.ProjectHash), in) }

// RemoveInstance removes a project's descriptor (none is fine).
func (d Dir) RemoveInstance(hash string) error {
	if err := os.Remove(d.InstancePath(hash)); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// Instances reads every descriptor; unreadable files are skipped.
func (d Dir) Instances() []Instance {
	entries, err := os.ReadDir(d.InstancesDir())
	if err != nil {
		return nil
	}
	var out []Instance
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		var in Instance
		if readJSON(filepath.Join(d.InstancesDir(), e.Name()), &in) == nil && in.ProjectHash != "" {
			out = append(out, in)
		}
	}
	return out
}
