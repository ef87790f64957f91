package server

import (
	"net/http"

	"github.com/unitymcp/unitymcp/engine/api"
)

// httpStatus maps a tool error's code to the REST status.
func httpStatus(e *api.ToolError) int {
	switch e.Code {
	case api.CodeInvalidParams, "script_compile_error", api.CodeResultTooLarge:
		return http.StatusBadRequest
	case api.CodeConfirmRequired, "already_recording", "not_recording", "view_mismatch":
		return http.StatusConflict
	case api.CodeUnknownTool, api.CodeUnknownProject, api.CodeNotFound, "recording_not_found":
		return http.StatusNotFound
	case api.CodeProjectAmbiguous, api.CodeSessionPinned:
		return http.StatusConflict
	case api.CodeEditorNotConnected, api.CodeEditorDisconnected, api.CodeEditorBlocked, api.CodeInterrupted, api.CodeDaemonStopping:
		return http.StatusServiceUnavailable
	case api.CodeDeadline:
		return http.StatusGatewayTimeout
	case api.CodeCancelled:
		return 499
	case api.CodeInternal:
		return http.StatusInternalServerError
	default:
		return http.StatusUnprocessableEntity
	}
}
