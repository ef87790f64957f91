package server

import (
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

func TestUnityLevel(t *testing.T) {
	t.Parallel()
	for typ, want := range map[string]mcp.LoggingLevel{
		"Log": mcp.LoggingLevelInfo, "Warning": mcp.LoggingLevelWarning, "Error": mcp.LoggingLevelError,
		"Assert": mcp.LoggingLevelError, "Exception": mcp.LoggingLevelCritical, "": mcp.LoggingLevelInfo,
	} {
		if got := unityLevel(typ); got != want {
			t.Errorf("unityLevel(%q): got %v, want %v", typ, got, want)
		}
	}
}
