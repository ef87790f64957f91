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
mcs_() { mcs -langversion:7.2 -nologo -warnaserror+ -nowarn:1591 "$@"; }
srcs() { find "$1" -name '*.cs' -print0 | sort -z | xargs -0 echo; }

# 1. Core: no UnityEngine/UnityEditor reference (noEngineReferences).
mcs_ -target:library -out:"$out/UnityMcp.Core.dll" -r:"$json" -r:System.Net.Http.dll -doc:"$out/UnityMcp.Core.xml" $(srcs "$pkg/Editor/Core")
# 2. Core tests (NUnit 2.6 here; the same tests run in Unity's NUnit 3).
mcs_ -target:library -out:"$out/UnityMcp.Core.Tests.dll" -r:"$json" -r:"$nunit" -r:"$out/UnityMcp.Core.dll" $(srcs "$here/Core")
# 3. Headless host: the real Core against the real daemon, fake adapters.
mcs_ -target:exe -out:"$out/UnityMcp.Headless.exe" -r:"$json" -r:"$out/UnityMcp.Core.dll" $(srcs "$here/Headless")
# 4. Per supported Unity version: the API stubs under that version's defines
#    (Tests~/Stubs guard what a version added, removed or made obsolete), then the
#    Unity adapters and the EditMode tests compiled against them. Obsolete
#    warnings are errors here, as [Obsolete(..., true)] is an error in Unity, so a
#    call a version deprecates breaks the build of that version. "bare" is the
#    oldest version without the optional packages (Test Framework, Input System,
#    uGUI), which a project may not have.
# Tests~/Api/versions lists each version and the defines Unity sets for it.
versions=$(awk '!/^#/ && NF { print $1 }' "$here/Api/versions")
newest=$(awk '!/^#/ && NF { v = $1 } END { print v }' "$here/Api/versions")
oldest=$(awk '!/^#/ && NF { print $1; exit }' "$here/Api/versions")
defines() { awk -v v="$1" '$1 == v { for (i = 3; i <= NF; i++) printf " -define:%s", $i }' "$here/Api/versions"; }
if [ -d "$here/Stubs" ] && [ -n "$(find "$here/Stubs" -name '*.cs' | head -n1)" ]; then
  for v in $versions bare; do
    dir="$out/unity/$v" unity="$v" pkgs="-define:UNITYMCP_TEST_FRAMEWORK -define:UNITYMCP_INPUT_SYSTEM -define:UNITYMCP_UGUI"
    if [ "$v" = bare ]; then unity=$oldest pkgs=""; fi
    mkdir -p "$dir"
    mcs_ -target:library -out:"$dir/UnityStubs.dll" -r:"$json" -nowarn:0067,0649,0169,0414 $(defines "$unity") $(srcs "$here/Stubs")
    mcs_ -target:library -out:"$dir/UnityMcp.Editor.dll" -r:"$json" -r:"$out/UnityMcp.Core.dll" -r:"$dir/UnityStubs.dll" \
      -define:UNITY_EDITOR $(defines "$unity") $pkgs $(srcs "$pkg/Editor/Unity") || { echo "the adapters do not compile for Unity $v" >&2; exit 1; }
    # 5. The Unity Test Framework EditMode tests (Tests/Editor); they run inside a real Editor only.
    if [ -n "$pkgs" ]; then
      mcs_ -target:library -out:"$dir/UnityMcp.Editor.Tests.dll" -r:"$json" -r:"$nunit" -r:"$out/UnityMcp.Core.dll" \
        -r:"$dir/UnityStubs.dll" -r:"$dir/UnityMcp.Editor.dll" -define:UNITY_EDITOR $(defines "$unity") $pkgs $(srcs "$pkg/Tests/Editor")
    fi
  done
  cp "$out/unity/$newest/UnityStubs.dll" "$out/unity/$newest/UnityMcp.Editor.dll" "$out/unity/$newest/UnityMcp.Editor.Tests.dll" "$out/"
fi
# 6. Snippets for AssemblyCheckerTests: each file compiled on its own, as the
#    Editor compiles a snippet, so the tests check real compiler output.
if [ -f "$out/UnityStubs.dll" ]; then
  for f in "$here"/Snippets/*.cs; do
    mcs -langversion:7.2 -nologo -target:library -nowarn:0219,0168 -out:"$out/Snippet.$(basename "$f" .cs).dll" \
      -r:"$out/UnityMcp.Core.dll" -r:"$out/UnityStubs.dll" -r:System.dll -r:System.Core.dll -r:System.Xml.dll -r:System.Xml.Linq.dll -r:Microsoft.CSharp.dll "$f"
  done
fi
echo "built into $out"
