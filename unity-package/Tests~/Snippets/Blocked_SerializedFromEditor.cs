// expect: writing serialized data through an editor's SerializedObject: Editor.serializedObject, and its targets untyped
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SerializedFromEditor.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_SerializedFromEditor
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var editor = ActiveEditorTracker.sharedTracker.activeEditors[0];
            editor.serializedObject.ApplyModifiedProperties();
            new SerializedObject(editor.targets).ApplyModifiedProperties();
            return null;
        }
    }
}
