// expect: (nothing blocked): Undo and Selection
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_UndoSelection.dll).
using UnityEditor; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Allowed_UndoSelection
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var go = new GameObject("Made by a snippet");
            Undo.RegisterCreatedObjectUndo(go, "Create");
            Undo.RecordObject(go.transform, "Move");
            go.transform.position = new Vector3(1, 2, 3);
            Undo.IncrementCurrentGroup();
            Undo.SetCurrentGroupName("Snippet");
            Undo.CollapseUndoOperations(Undo.GetCurrentGroup());
            Selection.activeObject = go;
            var picked = Selection.objects;
            Selection.objects = new Object[] { go };
            return picked == null ? 0 : picked.Length;
        }
    }
}
