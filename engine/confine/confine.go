// Package confine keeps the files tools read and write where they belong:
// paths given relative to a project stay inside it, and recording names
// become safe file names. The daemon and the editor simulator share it.
package confine

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/unitymcp/unitymcp/engine/api"
)

// Join resolves p relative to root and refuses a result outside root; arg
// names the argument for the error.
func Join(root, p, arg string) (string, *api.ToolError) {
	full := filepath.Clean(filepath.Join(root, p))
	if !Within(root, full) {
		return "", api.Errorf(api.CodeInvalidParams, "%s %q leaves the project folder %s; give a path inside it", arg, p, root)
	}
	return full, nil
}

// Within reports whether the clean path p is dir or inside it.
func Within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// RecordingFile turns a recording name into its file name inside
// recordings/<projectHash>/: characters outside [A-Za-z0-9_-] become _,
// Windows device names are refused.
func RecordingFile(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("the recording name is empty")
	}
	if len(name) > 100 {
		return "", fmt.Errorf("the recording name is longer than 100 characters")
	}
	b := []byte(name)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			b[i] = '_'
		}
	}
	safe := string(b)
	switch strings.ToUpper(safe) {
	case "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
		"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9":
		return "", fmt.Errorf("%q is a reserved device name on Windows; choose another recording name", name)
	}
	return safe + ".json", nil
}
