package state

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Instance is instances/<projectHash>.json: what the daemon knows of one
// project's editor, kept while the editor is away so its tools stay listed.
type Instance struct {
	ProjectHash    string            `json:"projectHash"`
	ProjectPath    string            `json:"projectPath"`
	DataPath       string            `json:"dataPath"`
	ProductName    string            `json:"productName"`
	UnityVersion   string            `json:"unityVersion"`
	PackageVersion string            `json:"packageVersion"`
	PID            int               `json:"pid"`
	State          string            `json:"state"`
	Simulator      bool              `json:"simulator,omitempty"`
	MCPURL         string            `json:"mcpUrl"`
	LastSeen       time.Time         `json:"lastSeen"`
	Tools          []string          `json:"tools"`
	DeclaredTools  []json.RawMessage `json:"declaredTools"`
}

// WriteInstance writes the descriptor atomically.
func (d Dir) WriteInstance(in Instance) error { return writeJSON(d.InstancePath(in.ProjectHash), in) }

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
