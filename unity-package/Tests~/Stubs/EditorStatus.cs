// Stubs of what the Editor says of itself (the _editor_state tool, DiagnosticTools.cs).
// Identical in UnityCsReference 2022.3 and 6000.7.0a1; each member names its file there.
namespace UnityEditor
{
    public sealed partial class EditorApplication
    {
        // Editor/Mono/EditorApplication.bindings.cs: true while the AssetDatabase imports or refreshes.
        public static bool isUpdating { get { return FakeUpdating; } }
        internal static bool FakeUpdating;
    }
}

namespace UnityEditorInternal
{
    public partial class InternalEditorUtility
    {
        // Editor/Mono/InternalEditorUtility.bindings.cs: whether the Editor's application has the OS focus.
        public static bool isApplicationActive { get { return FakeActive; } }
        internal static bool FakeActive = true;
    }
}
