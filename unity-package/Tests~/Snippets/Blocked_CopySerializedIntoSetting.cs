// expect: writing serialized data into values typed UnityEngine.Object and object: CopySerialized and JsonUtility.FromJsonOverwrite
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_CopySerializedIntoSetting.dll).
using UnityEditor; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Blocked_CopySerializedIntoSetting
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var setting = AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/EditorSettings.asset")[0];
            var source = Resources.FindObjectsOfTypeAll<UnityEngine.Object>()[0];
            EditorUtility.CopySerialized(source, setting);
            JsonUtility.FromJsonOverwrite("{}", setting);
            object any = setting;
            JsonUtility.FromJsonOverwrite("{}", any);
            return null;
        }
    }
}
