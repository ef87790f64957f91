// expect: writing, moving or deleting files: UnityEditor.PrefabUtility.SaveAsPrefabAsset
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SaveAsPrefab.dll).
using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Blocked_SaveAsPrefab
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return UnityEditor.PrefabUtility.SaveAsPrefabAsset(new GameObject("x"), "Assets/x.prefab");
        }
    }
}
