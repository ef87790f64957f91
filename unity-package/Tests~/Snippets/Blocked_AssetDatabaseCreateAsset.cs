// expect: writing, moving or deleting files: UnityEditor.AssetDatabase.CreateAsset
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AssetDatabaseCreateAsset.dll).
using UnityEditor; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Blocked_AssetDatabaseCreateAsset
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            AssetDatabase.CreateAsset(ScriptableObject.CreateInstance<ScriptableObject>(), "Assets/Evil.asset");
            return AssetDatabase.CopyAsset("Assets/Evil.asset", "Assets/Evil2.asset");
        }
    }
}
