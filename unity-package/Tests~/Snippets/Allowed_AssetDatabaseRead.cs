// expect: (nothing blocked): finding and loading assets, refreshing
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_AssetDatabaseRead.dll).
using UnityEditor; using UnityEngine; using System.Linq;
namespace McpSnippets
{
    public static class Snippet_Allowed_AssetDatabaseRead
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var guids = AssetDatabase.FindAssets("t:Prefab");
            var paths = guids.Select(AssetDatabase.GUIDToAssetPath).ToArray();
            var first = paths.Length > 0 ? AssetDatabase.LoadAssetAtPath<GameObject>(paths[0]) : null;
            AssetDatabase.Refresh();
            var product = PlayerSettings.productName;
            return new { paths, first = first == null ? null : first.name, product };
        }
    }
}
