package tools

import (
	"context"

	"github.com/unitymcp/unitymcp/engine"
)

// runDefinitionsList is definitions_list: the report of the call's project
// (the shared folder alone when no project is known). Loading and running
// definition tools is the engine's (definitions_load.go, tools_definitions.go).
func runDefinitionsList(ctx context.Context, c *engine.Call) (any, error) {
	hash := ""
	if t, terr := c.Target(ctx); terr == nil {
		hash = t.Hash
	}
	return c.Engine().DefinitionsReport(hash), nil
}
