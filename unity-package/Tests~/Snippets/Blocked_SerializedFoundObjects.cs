// expect: writing serialized data into values typed UnityEngine.Object and ScriptableObject: found, not loaded by path
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SerializedFoundObjects.dll).
using UnityEditor; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Blocked_SerializedFoundObjects
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // Any loaded object, the settings among them.
            var all = Resources.FindObjectsOfTypeAll<UnityEngine.Object>();
            All(all);
            Each(all);
            Scriptable();
            Cast(all[0]);
            return all.Length;
        }

        static void All(UnityEngine.Object[] all) { new SerializedObject(all).ApplyModifiedProperties(); }

        static void Each(UnityEngine.Object[] all) { foreach (var o in all) new SerializedObject(o).ApplyModifiedProperties(); }

        static void Scriptable() { new SerializedObject(Resources.FindObjectsOfTypeAll<ScriptableObject>()[0]).ApplyModifiedProperties(); }

        static void Cast(object boxed) { new SerializedObject((UnityEngine.Object)boxed).ApplyModifiedProperties(); }
    }
}
