package api

// Health is the body of GET /health.
type Health struct {
	Status   string       `json:"status"`
	Version  string       `json:"version"`
	PID      int          `json:"pid"`
	StateDir string       `json:"stateDir"`
	MCPURL   string       `json:"mcpUrl"`
	Editors  []EditorInfo `json:"editors"`
	// Closed are the projects whose editor connected once (an instance
	// descriptor) and is not connected now: editor_open starts them.
	Closed         []EditorInfo `json:"closedEditors,omitempty"`
	ProjectHash    string       `json:"projectHash,omitempty"`
	DefinitionsDir string       `json:"definitionsDir,omitempty"`
	// CommittedDefinitionsDir is <project>/.unitymcp/tools, the definitions
	// committed with the project (known when the project's folder is; the
	// folder may not exist yet).
	CommittedDefinitionsDir string `json:"committedDefinitionsDir,omitempty"`
	SharedDefinitionsDir    string `json:"sharedDefinitionsDir"`
}

// Notification kinds (the switches of GET/POST /config and config.json).
const (
	NotifyCompile = "compile"
	NotifyTests   = "tests"
	NotifyReload  = "reload"
)

// NotificationKinds lists every kind, in menu order.
var NotificationKinds = []string{NotifyCompile, NotifyTests, NotifyReload}

// Config is the body of GET /config and of POST /config (partial).
type Config struct {
	Notifications map[string]bool `json:"notifications"`
}
