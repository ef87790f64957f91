package e2e

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/unitymcp/unitymcp/engine/bridge"
	"github.com/unitymcp/unitymcp/engine/editorsim"
)

// find-game-objects saves large results to a file (seed 002's resultsFilePath),
// as get-hierarchy does, and answers small ones inline.
func TestFindGameObjectsExportsLargeResults(t *testing.T) {
	e := startDaemon(t, bridge.Options{})
	proj := newProject(t, "FindBig")
	e.startSim(proj, editorsim.Config{SceneObjects: 2000})
	st, small := e.call("", "find-game-objects", map[string]any{"NamePattern": "Item 1", "SearchMode": "Exact"})
	if st != 200 || small["resultsFilePath"] != "" || len(small["results"].([]any)) != 1 {
		t.Fatalf("small search: %d %v", st, small)
	}
	st, big := e.call("", "find-game-objects", map[string]any{"NamePattern": "Item", "SearchMode": "Contains", "MaxResults": 2000, "IncludeInheritedProperties": true})
	if st != 200 {
		t.Fatalf("big search: %d %v", st, big)
	}
	path, _ := big["resultsFilePath"].(string)
	if path == "" || len(big["results"].([]any)) != 0 || !strings.Contains(big["message"].(string), "resultsFilePath") {
		t.Fatalf("large results not exported: %v", big["message"])
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Results    []map[string]any `json:"results"`
		TotalFound int              `json:"totalFound"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.Results) != doc.TotalFound || doc.TotalFound < 1000 {
		t.Fatalf("export file: %v, %d results of %d", err, len(doc.Results), doc.TotalFound)
	}
	if !strings.HasPrefix(path, proj) || !strings.Contains(path, "FindGameObjectsResults") {
		t.Errorf("export outside the project's .uloop/outputs: %s", path)
	}
}
