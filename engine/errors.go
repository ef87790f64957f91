package engine

import (
	"errors"
	"fmt"
	"net/http"
)

// Error codes of tool errors. They are the "code" of the JSON body
// {"error": {"code", "message"}} every front end returns.
const (
	CodeInvalidParams      = "invalid_params"
	CodeUnknownTool        = "unknown_tool"
	CodeEditorNotConnected = "editor_not_connected"
	CodeProjectAmbiguous   = "project_ambiguous"
	CodeUnknownProject     = "unknown_project"
	CodeDeadline           = "deadline_exceeded"
	CodeCancelled          = "cancelled"
	CodeInterrupted        = "interrupted_by_reload"
	CodeEditorDisconnected = "editor_disconnected"
	CodeDaemonStopping     = "daemon_stopping"
	CodeEditorError        = "editor_error"
	CodeNotSupported       = "not_supported"
	CodeFocusFailed        = "focus_failed"
	CodeResultTooLarge     = "result_too_large"
	CodeConfirmRequired    = "confirmation_required"
	CodeInternal           = "internal_error"
)

// ToolError is a failure the user can act on; its message says what to do.
type ToolError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Data carries structured details (compile diagnostics, editors list…).
	Data any `json:"data,omitempty"`
}

func (e *ToolError) Error() string { return e.Code + ": " + e.Message }

// Errorf builds a ToolError.
func Errorf(code, format string, args ...any) *ToolError {
	return &ToolError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// AsToolError turns any error into a ToolError (internal_error for bugs).
func AsToolError(err error) *ToolError {
	var te *ToolError
	if errors.As(err, &te) {
		return te
	}
	return &ToolError{Code: CodeInternal, Message: err.Error()}
}

// Body is the JSON body of an error result.
func (e *ToolError) Body() map[string]any { return map[string]any{"error": e} }

// HTTPStatus maps an error code to the REST status.
func (e *ToolError) HTTPStatus() int {
	switch e.Code {
	case CodeInvalidParams, "script_compile_error", CodeResultTooLarge:
		return http.StatusBadRequest
	case CodeConfirmRequired, "already_recording", "not_recording", "view_mismatch":
		return http.StatusConflict
	case CodeUnknownTool, CodeUnknownProject, "not_found", "recording_not_found":
		return http.StatusNotFound
	case CodeProjectAmbiguous:
		return http.StatusConflict
	case CodeEditorNotConnected, CodeEditorDisconnected, CodeInterrupted, CodeDaemonStopping:
		return http.StatusServiceUnavailable
	case CodeDeadline:
		return http.StatusGatewayTimeout
	case CodeCancelled:
		return 499
	case CodeInternal:
		return http.StatusInternalServerError
	default:
		return http.StatusUnprocessableEntity
	}
}
