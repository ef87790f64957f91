// expect: writing serialized data into a value typed UnityEngine.Object: PlayerSettings through SerializedObject (review finding 8)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SerializedProjectSettings.dll).
using UnityEditor;
namespace McpSnippets
{
    public static class Snippet_Blocked_SerializedProjectSettings
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var ps = AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/ProjectSettings.asset")[0];
            var so = new SerializedObject(ps);
            so.FindProperty("additionalCompilerArguments").stringValue = "-doc:/tmp/x";
            return so.ApplyModifiedProperties();
        }
    }
}
