// expect: installing or removing packages and code: UnityEditor.PackageManager.Client.Add
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_PackageManagerAdd.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_PackageManagerAdd
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var request = UnityEditor.PackageManager.Client.Add("com.example.evil");
            return request.IsCompleted;
        }
    }
}
