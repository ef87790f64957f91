package packaging

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// schema compiles one of the package managers' published schemas in
// testdata/schemas (their README says where each comes from), with formats
// (uri, regex) asserted as the package managers' validators do.
func schema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	s, err := c.Compile(filepath.Join("testdata", "schemas", name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// asJSON is a manifest as the plain values a JSON Schema validates: JSON
// as it is, YAML (winget) read the way winget reads it, then through JSON.
func asJSON(t *testing.T, name string, b []byte, isYAML bool) any {
	t.Helper()
	if isYAML {
		var y any
		if err := yaml.Unmarshal(b, &y); err != nil {
			t.Fatalf("%s is not YAML: %v\n%s", name, err, b)
		}
		var err error
		if b, err = json.Marshal(y); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s is not JSON: %v\n%s", name, err, b)
	}
	return v
}

// The generated manifests against the schemas Scoop and winget publish
// (winget at the ManifestVersion the files declare): every key one they
// know, every value of its type, pattern and enum, nothing required
// missing.
func TestManifestsAgainstSchemas(t *testing.T) {
	r, _ := fakeRelease(t)
	scoop, err := ScoopManifest(r)
	if err != nil {
		t.Fatal(err)
	}
	winget, err := WingetManifests(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, schema string
		text         []byte
		yaml         bool
	}{
		{"unitymcp.json", "scoop.schema.json", scoop, false},
		{WingetID + ".installer.yaml", "winget.installer." + wingetManifestVersion + ".schema.json", winget[WingetID+".installer.yaml"], true},
		{WingetID + ".locale.en-US.yaml", "winget.defaultLocale." + wingetManifestVersion + ".schema.json", winget[WingetID+".locale.en-US.yaml"], true},
		{WingetID + ".yaml", "winget.version." + wingetManifestVersion + ".schema.json", winget[WingetID+".yaml"], true},
	} {
		if err := schema(t, c.schema).Validate(asJSON(t, c.file, c.text, c.yaml)); err != nil {
			t.Errorf("%s against %s:\n%v\n%s", c.file, c.schema, err, c.text)
		}
	}
	if len(winget) != 3 {
		t.Errorf("winget files %d, the three of a multi-file manifest checked here", len(winget))
	}
}
