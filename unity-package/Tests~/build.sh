#!/usr/bin/env bash
# Compiles the package's C# headless (no Unity here): the Unity-free Core for
# real, its NUnit tests, the headless host, and the Unity adapters against the
# API stubs in Tests~/Stubs. Usage: build.sh OUTDIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
pkg="$(dirname "$here")"
out="${1:?usage: build.sh OUTDIR}"
mkdir -p "$out"
json=$(ls /usr/lib/mono/gac/Newtonsoft.Json/*/Newtonsoft.Json.dll | head -n1)
nunit=$(ls /usr/lib/mono/gac/nunit.framework/*/nunit.framework.dll | head -n1)
cp "$json" "$out/"
mcs_() { mcs -langversion:7.2 -nologo -warnaserror+ -nowarn:1591,0618 "$@"; }
srcs() { find "$1" -name '*.cs' -print0 | sort -z | xargs -0 echo; }

# 1. Core: no UnityEngine/UnityEditor reference (noEngineReferences).
mcs_ -target:library -out:"$out/UnityMcp.Core.dll" -r:"$json" -r:System.Net.Http.dll -doc:"$out/UnityMcp.Core.xml" $(srcs "$pkg/Editor/Core")
# 2. Core tests (NUnit 2.6 here; the same tests run in Unity's NUnit 3).
mcs_ -target:library -out:"$out/UnityMcp.Core.Tests.dll" -r:"$json" -r:"$nunit" -r:"$out/UnityMcp.Core.dll" $(srcs "$here/Core")
# 3. Headless host: the real Core against the real daemon, fake adapters.
mcs_ -target:exe -out:"$out/UnityMcp.Headless.exe" -r:"$json" -r:"$out/UnityMcp.Core.dll" $(srcs "$here/Headless")
# 4. Unity API stubs, then the Unity adapters compiled against them.
if [ -d "$here/Stubs" ] && [ -n "$(find "$here/Stubs" -name '*.cs' | head -n1)" ]; then
  mcs_ -target:library -out:"$out/UnityStubs.dll" -r:"$json" -nowarn:0067,0649,0169,0414 $(srcs "$here/Stubs")
  mcs_ -target:library -out:"$out/UnityMcp.Editor.dll" -r:"$json" -r:"$out/UnityMcp.Core.dll" -r:"$out/UnityStubs.dll" \
    -define:UNITY_EDITOR -define:UNITY_2022_3_OR_NEWER -define:UNITYMCP_TEST_FRAMEWORK -define:UNITYMCP_INPUT_SYSTEM -define:UNITYMCP_UGUI \
    $(srcs "$pkg/Editor/Unity")
fi
# 5. The Unity Test Framework EditMode tests (Tests/Editor) compile against the same stubs;
#    they run inside a real Editor only.
if [ -f "$out/UnityMcp.Editor.dll" ]; then
  mcs_ -target:library -out:"$out/UnityMcp.Editor.Tests.dll" -r:"$json" -r:"$nunit" -r:"$out/UnityMcp.Core.dll" \
    -r:"$out/UnityStubs.dll" -r:"$out/UnityMcp.Editor.dll" -define:UNITY_EDITOR $(srcs "$pkg/Tests/Editor")
fi
# 6. Snippets for AssemblyCheckerTests: each file compiled on its own, as the
#    Editor compiles a snippet, so the tests check real compiler output.
if [ -f "$out/UnityStubs.dll" ]; then
  for f in "$here"/Snippets/*.cs; do
    mcs -langversion:7.2 -nologo -target:library -nowarn:0219,0168 -out:"$out/Snippet.$(basename "$f" .cs).dll" \
      -r:"$out/UnityMcp.Core.dll" -r:"$out/UnityStubs.dll" -r:System.dll -r:System.Core.dll -r:Microsoft.CSharp.dll "$f"
  done
fi
echo "built into $out"
