// expect: writing serialized data into a value typed UnityEngine.Object: a component on one branch, a setting on the other (either order)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SerializedBranch.dll).
using UnityEditor; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Blocked_SerializedBranch
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var light = Resources.FindObjectsOfTypeAll<Light>()[0];
            var setting = AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/TagManager.asset")[0];
            ComponentFirst(parameters.Count > 0, light, setting);
            SettingFirst(parameters.Count > 0, light, setting);
            return null;
        }

        static void ComponentFirst(bool b, Light light, UnityEngine.Object setting) { new SerializedObject(b ? (UnityEngine.Object)light : setting).ApplyModifiedProperties(); }

        static void SettingFirst(bool b, Light light, UnityEngine.Object setting) { new SerializedObject(b ? setting : light).ApplyModifiedProperties(); }
    }
}
