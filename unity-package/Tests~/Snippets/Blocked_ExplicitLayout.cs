// expect: native code: a struct with overlapping fields, to read a setting as a component past the serialized-write rule
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ExplicitLayout.dll).
using UnityEditor; using UnityEngine; using System.Runtime.InteropServices;
namespace McpSnippets
{
    public static class Snippet_Blocked_ExplicitLayout
    {
        [StructLayout(LayoutKind.Explicit)]
        struct Pun
        {
            [FieldOffset(0)] public UnityEngine.Object Any;
            [FieldOffset(0)] public Light AsLight;
        }

        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var pun = new Pun();
            pun.Any = AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/ProjectSettings.asset")[0];
            return new SerializedObject(pun.AsLight).ApplyModifiedProperties();
        }
    }
}
