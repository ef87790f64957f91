package server

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/unitymcp/unitymcp/engine/bridge"
)

// forgetEditor answers DELETE /editors?project=SEL (`unitymcp forget`): the
// daemon forgets a closed project's editor — it leaves status's
// closedEditors and editors_list, with its last Console, compile result and
// declared tools — as it does by itself once the project's folder is gone.
// SEL is a folder, a project name or a hash, as for /health; a connected
// editor is refused (409), an unknown project is 404.
func (s *Server) forgetEditor(w http.ResponseWriter, r *http.Request) {
	sel := r.URL.Query().Get("project")
	if sel == "" {
		httpError(w, http.StatusBadRequest, "invalid_params", "give the project to forget: ?project=<folder, name or hash> (status lists closedEditors)")
		return
	}
	t, terr := s.eng.Resolve(r.Context(), sel, nil)
	if terr != nil {
		httpError(w, httpStatus(terr), terr.Code, terr.Message)
		return
	}
	info, err := s.eng.Hub.Forget(t.Hash)
	switch {
	case errors.Is(err, bridge.ErrUnknownEditor):
		httpError(w, http.StatusNotFound, "unknown_project", fmt.Sprintf("the daemon keeps no editor of %q (project %s): nothing to forget", sel, t.Hash))
	case errors.Is(err, bridge.ErrEditorInUse):
		httpError(w, http.StatusConflict, "editor_in_use", fmt.Sprintf("the editor of %s is %s: close Unity's project first, then forget it", info.ProjectPath, info.State))
	case err != nil:
		httpError(w, http.StatusInternalServerError, "internal", err.Error())
	default:
		writeJSON(w, http.StatusOK, map[string]any{"forgotten": info})
	}
}
