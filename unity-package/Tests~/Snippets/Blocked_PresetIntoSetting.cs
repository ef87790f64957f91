// expect: writing serialized data into a value typed UnityEngine.Object through a Preset, and changing the default presets (ProjectSettings/PresetManager.asset)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_PresetIntoSetting.dll).
using UnityEditor; using UnityEditor.Presets;
namespace McpSnippets
{
    public static class Snippet_Blocked_PresetIntoSetting
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var setting = AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/ProjectSettings.asset")[0];
            var preset = new Preset(setting);
            preset.ApplyTo(setting);
            Preset.RemoveFromDefault(preset);
            return null;
        }
    }
}
