package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ErrorCode is the "code" of an error body.
type ErrorCode = string

// Error codes of tool errors. They are the "code" of the JSON body
// {"error": {"code", "message"}} every front end returns.
const (
	CodeInvalidParams      ErrorCode = "invalid_params"
	CodeUnknownTool        ErrorCode = "unknown_tool"
	CodeEditorNotConnected ErrorCode = "editor_not_connected"
	CodeProjectAmbiguous   ErrorCode = "project_ambiguous"
	CodeUnknownProject     ErrorCode = "unknown_project"
	CodeDeadline           ErrorCode = "deadline_exceeded"
	CodeCancelled          ErrorCode = "cancelled"
	CodeInterrupted        ErrorCode = "interrupted_by_reload"
	CodeEditorDisconnected ErrorCode = "editor_disconnected"
	CodeEditorBlocked      ErrorCode = "editor_blocked" // a modal dialog (or a hung process) holds the editor
	CodeDaemonStopping     ErrorCode = "daemon_stopping"
	CodeDaemonRestarted    ErrorCode = "daemon_restarted" // went away mid-request (stdio); not repeated
	CodeSessionPinned      ErrorCode = "session_pinned"   // editor_select on a session pinned by its URL
	CodeEditorError        ErrorCode = "editor_error"
	CodeNotSupported       ErrorCode = "not_supported"
	CodeResultTooLarge     ErrorCode = "result_too_large"
	CodeConfirmRequired    ErrorCode = "confirmation_required"
	CodeNotFound           ErrorCode = "not_found"
	CodeInternal           ErrorCode = "internal_error"
	// Codes of the HTTP guards (no tool ran).
	CodeUnauthorized    ErrorCode = "unauthorized"
	CodeForbiddenHost   ErrorCode = "forbidden_host"
	CodeForbiddenOrigin ErrorCode = "forbidden_origin"
	CodeBodyTooLarge    ErrorCode = "body_too_large"
	// Codes of the daemon's bounds (503: try again once one ends).
	CodeShuttingDown    ErrorCode = "shutting_down"
	CodeTooManyStreams  ErrorCode = "too_many_streams"
	CodeTooManyProjects ErrorCode = "too_many_projects"
	CodeTooManySessions ErrorCode = "too_many_sessions"
)

// ToolError is a failure the user can act on; its message says what to do.
type ToolError struct {
	Code    ErrorCode `json:"code"`
	Message string    `json:"message"`
	// Data carries structured details (compile diagnostics, editors list…).
	Data any `json:"data,omitempty"`
}

func (e *ToolError) Error() string { return e.Code + ": " + e.Message }

// Errorf builds a ToolError.
func Errorf(code ErrorCode, format string, args ...any) *ToolError {
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

// ErrorBody is the JSON body of every error answer: {"error": {…}}.
type ErrorBody struct {
	Error *ToolError `json:"error"`
}

// Body is the JSON body of an error result.
func (e *ToolError) Body() ErrorBody { return ErrorBody{Error: e} }

// ErrorCodeOf is the code of an error body (ErrorBody), "" for anything
// else.
func ErrorCodeOf(body []byte) ErrorCode {
	var m struct {
		Error struct {
			Code ErrorCode `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &m) != nil {
		return ""
	}
	return m.Error.Code
}

// ErrorMessage is the message of an error body (the daemon's ErrorBody, or
// a JSON-RPC error), else the body itself as text.
func ErrorMessage(body []byte) string {
	var m struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &m) == nil && m.Error.Message != "" {
		return m.Error.Message
	}
	return strings.TrimSpace(string(body))
}
