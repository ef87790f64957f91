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
# 4. Per supported Unity version and per project: the API stubs under that
#    version's defines (Tests~/Stubs guard what a version added, removed or made
#    obsolete), then the Unity adapters and the EditMode tests compiled against
#    them. Obsolete warnings are errors here, as [Obsolete(..., true)] is an
#    error in Unity, so a call a version deprecates breaks the build of that
#    version. The optional packages (Test Framework, Input System, uGUI) each
#    set their define on their own (the asmdef's versionDefines), so every
#    subset of them is a project someone has: each package's stubs are their
#    own assembly, referenced only by the projects that have the package, and
#    the adapters are compiled for all eight subsets of every version.
# Tests~/Api/versions lists each version and the defines Unity sets for it.
versions=$(awk '!/^#/ && NF { print $1 }' "$here/Api/versions")
newest=$(awk '!/^#/ && NF { v = $1 } END { print v }' "$here/Api/versions")
defines() { awk -v v="$1" '$1 == v { for (i = 3; i <= NF; i++) printf " -define:%s", $i }' "$here/Api/versions"; }
# name:define:stub file, one optional package each.
optional="TestFramework:UNITYMCP_TEST_FRAMEWORK:TestFramework.cs InputSystem:UNITYMCP_INPUT_SYSTEM:InputSystem.cs UGUI:UNITYMCP_UGUI:UGUI.cs"
if [ -d "$here/Stubs" ] && [ -n "$(find "$here/Stubs" -name '*.cs' | head -n1)" ]; then
  engine_stubs=$(find "$here/Stubs" -name '*.cs' ! -name TestFramework.cs ! -name InputSystem.cs ! -name UGUI.cs -print0 | sort -z | xargs -0 echo)
  for v in $versions; do
    dir="$out/unity/$v"
    mkdir -p "$dir"
    mcs_ -target:library -out:"$dir/UnityStubs.dll" -r:"$json" -nowarn:0067,0649,0169,0414 $(defines "$v") $engine_stubs
    for o in $optional; do
      name=${o%%:*} file=${o##*:}
      mcs_ -target:library -out:"$dir/UnityStubs.$name.dll" -r:"$json" -r:"$dir/UnityStubs.dll" -nowarn:0067,0649,0169,0414 $(defines "$v") "$here/Stubs/$file"
    done
    # The eight projects: bit i of n says whether package i of $optional is installed.
    for n in 0 1 2 3 4 5 6 7; do
      pkgs="" refs="" label="" i=0 tf=""
      for o in $optional; do
        name=${o%%:*} rest=${o#*:}; def=${rest%%:*}
        if [ $(( (n >> i) & 1 )) = 1 ]; then
          pkgs="$pkgs -define:$def" refs="$refs -r:$dir/UnityStubs.$name.dll" label="$label+$name"
          [ "$name" = TestFramework ] && tf=1
        fi
        i=$((i + 1))
      done
      label=${label#+}; label=${label:-none}
      sub="$dir/$label"
      mkdir -p "$sub"
      mcs_ -target:library -out:"$sub/UnityMcp.Editor.dll" -r:"$json" -r:"$out/UnityMcp.Core.dll" -r:"$dir/UnityStubs.dll" $refs \
        -define:UNITY_EDITOR $(defines "$v") $pkgs $(srcs "$pkg/Editor/Unity") || { echo "the adapters do not compile for Unity $v with optional packages: $label" >&2; exit 1; }
      # 5. The Unity Test Framework EditMode tests (Tests/Editor): they need the Test
      #    Framework (UNITY_INCLUDE_TESTS), and run inside a real Editor only.
      if [ -n "$tf" ]; then
        mcs_ -target:library -out:"$sub/UnityMcp.Editor.Tests.dll" -r:"$json" -r:"$nunit" -r:"$out/UnityMcp.Core.dll" \
          -r:"$dir/UnityStubs.dll" $refs -r:"$sub/UnityMcp.Editor.dll" -define:UNITY_EDITOR $(defines "$v") $pkgs $(srcs "$pkg/Tests/Editor") \
          || { echo "the EditMode tests do not compile for Unity $v with optional packages: $label" >&2; exit 1; }
      fi
    done
  done
  all="$out/unity/$newest/TestFramework+InputSystem+UGUI"
  cp "$out/unity/$newest/"UnityStubs*.dll "$all/UnityMcp.Editor.dll" "$all/UnityMcp.Editor.Tests.dll" "$out/"
fi
# 5b. The C# samples in the package docs compile as a user's Editor script would,
#     against every version (warnings as errors: a sample must not teach an obsolete call).
docs_cs="$out/docs-samples"
mkdir -p "$docs_cs"
awk -v dir="$docs_cs" '/^```csharp$/ { n++; f = sprintf("%s/Sample%d.cs", dir, n); on = 1; next } /^```$/ { on = 0; next } on { print > f }' "$pkg/Documentation~/index.md"
if [ -d "$out/unity" ] && [ -n "$(ls "$docs_cs")" ]; then
  for v in $versions; do
    all="$out/unity/$v/TestFramework+InputSystem+UGUI"
    mcs_ -target:library -out:"$docs_cs/Samples.$v.dll" -r:"$json" -r:"$out/UnityMcp.Core.dll" -r:"$out/unity/$v/UnityStubs.dll" -r:"$all/UnityMcp.Editor.dll" \
      -define:UNITY_EDITOR $(defines "$v") "$docs_cs"/*.cs || { echo "a C# sample in Documentation~/index.md does not compile for Unity $v" >&2; exit 1; }
  done
fi
# 5c. The adapters run: Tests~/Fake's NUnit tests call the package's real tools over
#     the stubs' behavioural fake of Unity, for the oldest and the newest version (instance
#     ids up to 6000.4, 64-bit entity ids from 6000.5). Each folder holds one version's
#     assemblies, so mono loads the right ones.
if [ -d "$out/unity" ] && [ -d "$here/Fake" ]; then
  oldest=$(awk '!/^#/ && NF { print $1; exit }' "$here/Api/versions")
  for v in $oldest $newest; do
    fake="$out/fake/$v" all="$out/unity/$v/TestFramework+InputSystem+UGUI"
    mkdir -p "$fake"
    cp "$json" "$out/UnityMcp.Core.dll" "$out/unity/$v/"UnityStubs*.dll "$all/UnityMcp.Editor.dll" "$nunit" "$fake/"
    mcs_ -target:library -out:"$fake/UnityMcp.Fake.Tests.dll" -r:"$json" -r:"$nunit" -r:"$fake/UnityMcp.Core.dll" -r:"$fake/UnityStubs.dll" \
      -r:"$fake/UnityMcp.Editor.dll" -define:UNITY_EDITOR $(defines "$v") $(srcs "$here/Fake") || { echo "the fake-editor tests do not compile for Unity $v" >&2; exit 1; }
  done
fi
# 5d. The headless editor (Tests~/HeadlessEditor): the real Core and tool handlers over
#     the fake, dialing a daemon like an Editor (headless-editor.sh runs it).
if [ -d "$out/unity" ] && [ -d "$here/HeadlessEditor" ]; then
  he="$out/headless-editor" all="$out/unity/$newest/TestFramework+InputSystem+UGUI"
  mkdir -p "$he"
  cp "$json" "$out/UnityMcp.Core.dll" "$out/unity/$newest/"UnityStubs*.dll "$all/UnityMcp.Editor.dll" "$he/"
  mcs_ -target:exe -out:"$he/UnityMcp.HeadlessEditor.exe" -r:"$json" -r:"$he/UnityMcp.Core.dll" -r:"$he/UnityStubs.dll" -r:"$he/UnityMcp.Editor.dll" \
    $(srcs "$here/HeadlessEditor") || { echo "the headless editor does not compile" >&2; exit 1; }
fi
# 6. Snippets for AssemblyCheckerTests: each file compiled on its own, as the
#    Editor compiles a snippet, so the tests check real compiler output.
if [ -f "$out/UnityStubs.dll" ]; then
  for f in "$here"/Snippets/*.cs; do
    mcs -langversion:7.2 -nologo -target:library -nowarn:0219,0168 -out:"$out/Snippet.$(basename "$f" .cs).dll" \
      -r:"$out/UnityMcp.Core.dll" -r:"$out/UnityStubs.dll" -r:"$out/UnityStubs.TestFramework.dll" -r:"$out/UnityStubs.InputSystem.dll" -r:"$out/UnityStubs.UGUI.dll" -r:System.dll -r:System.Core.dll -r:System.Xml.dll -r:System.Xml.Linq.dll -r:Microsoft.CSharp.dll "$f"
  done
fi
echo "built into $out"
