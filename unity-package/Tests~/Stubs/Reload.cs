// Stubs of the UnityEditor API the reload-spanning calls use (compile, control-play-mode).
// Identical in UnityCsReference 2022.3, 6000.0, 6000.3, 6000.5 and 6000.7; each member
// names its file there.
using System;

namespace UnityEditor
{
    public sealed partial class EditorUtility
    {
        // UnityCsReference: Editor/Mono/EditorUtility.bindings.cs (FreeFunction HaveEditorCompileErrors)
        public static bool scriptCompilationFailed { get { return FakeCompileFailed; } }
        internal static bool FakeCompileFailed;
    }
}
