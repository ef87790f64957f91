#!/usr/bin/env bash
# Starts an editor without Unity: the package's real C# (Core and the tool handlers) over
# the behavioural fake of Unity in Tests~/Stubs, dialing the unitymcp daemon like an Editor.
# Usage: headless-editor.sh --project DIR [--state DIR] [--addr HOST:PORT]
#   --project  the project folder it claims (its Assets/ is created)
#   --state    the daemon's state folder (UNITYMCP_HOME); default the per-user one
#   --addr     the daemon it must reach (checked against the state folder's daemon.json,
#              whose token it uses: the token goes only to that daemon)
# Needs mono (apt: mono-mcs mono-runtime). Builds into $UNITYMCP_HEADLESS_BUILD (default a
# folder under the system temp dir) the first time, and again when a source is newer.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pkg="$(dirname "$here")"
out="${UNITYMCP_HEADLESS_BUILD:-${TMPDIR:-/tmp}/unitymcp-headless-editor}"
exe="$out/headless-editor/UnityMcp.HeadlessEditor.exe"
if [ ! -f "$exe" ] || [ -n "$(find "$pkg/Editor" "$here/Stubs" "$here/HeadlessEditor" -name '*.cs' -newer "$exe" -print -quit)" ]; then
  bash "$here/build.sh" "$out" >&2
fi
exec mono "$exe" "$@"
