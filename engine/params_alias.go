package engine

import "github.com/unitymcp/unitymcp/engine/params"

// Param is a tool parameter (see package params).
type Param = params.Param

// P starts a parameter description.
func P(name, typ, description string) Param { return params.P(name, typ, description) }
