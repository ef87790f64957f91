// expect: (nothing blocked): SerializedObject of components and GameObjects (typed, cast, arrays of them), reading any, CopySerialized and FromJsonOverwrite into components and plain objects, reading settings
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_SerializedComponents.dll).
using UnityEditor; using UnityEditor.Presets; using UnityEngine;
namespace McpSnippets
{
    public static class Snippet_Allowed_SerializedComponents
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var go = new GameObject("x");
            var so = new SerializedObject(go);
            so.FindProperty("m_Name").stringValue = "Renamed";
            so.ApplyModifiedProperties();
            var t = new SerializedObject(go.transform);
            t.ApplyModifiedProperties();
            var lights = go.GetComponents<Light>();
            new SerializedObject(lights).ApplyModifiedProperties();
            new SerializedObject(lights[0]).ApplyModifiedProperties();
            // A cast is checked when it runs: a setting is no Light, so this throws instead.
            var picked = Selection.activeObject;
            new SerializedObject((Light)picked).ApplyModifiedProperties();
            var other = picked as Light;
            if (other != null) new SerializedObject(other).ApplyModifiedProperties();
            Component either = parameters.Count > 0 ? (Component)lights[0] : go.transform;
            new SerializedObject(either).ApplyModifiedProperties();
            EditorUtility.CopySerialized(lights[0], lights[0]);
            var state = new State();
            JsonUtility.FromJsonOverwrite("{\"speed\":2}", state);
            JsonUtility.FromJsonOverwrite("{}", go.transform);
            new Preset(lights[0]).ApplyTo(lights[0]);
            // Reading a project setting is reading a file: allowed.
            var tags = AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/TagManager.asset");
            var found = Resources.FindObjectsOfTypeAll<UnityEngine.Object>().Length;
            return new { tags = tags.Length, found, speed = state.speed, text = JsonUtility.ToJson(state), mode = VersionControlSettings.mode };
        }

        [System.Serializable]
        public class State { public float speed; }
    }
}
