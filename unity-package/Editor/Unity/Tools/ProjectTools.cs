using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Compilation;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>project_assemblies and project_settings. The settings are the
    /// ProjectSettings/*.asset objects that the Editor's own settings pages edit: each page gets
    /// its object with AssetDatabase.LoadAllAssetsAtPath("ProjectSettings/X.asset")
    /// (UnityCsReference Editor/Mono/Settings/Providers/AssetSettingsProvider.cs,
    /// CreateProviderFromAssetPath), and inspects it through a SerializedObject. So do these:
    /// properties are read and written by their serialized paths with
    /// <see cref="SerializedValues"/>, as inspect_read and inspect_write do, a wrong path or
    /// value refused before anything is applied. A write is applied without Undo and saved at
    /// once (AssetDatabase.SaveAssets): Undo would not take the file back, so it needs confirm,
    /// and dry_run answers what it would write. As the settings pages, it writes nothing in
    /// Play Mode. A setting whose page does more than store the value goes through the API
    /// the page calls (<see cref="Routed"/>); one that makes Unity recompile or restart is
    /// refused with where to change it (<see cref="Refused"/>).</summary>
    public static class ProjectTools
    {
        public static void Assemblies(ToolCall call)
        {
            var filter = Args.Str(call, "name", "").Trim();
            int limit = Math.Max(1, Math.Min(500, Args.Int(call, "limit", 50)));
            // The Editor's set: every assembly of the project, the editor-only ones included.
            var all = new List<Assembly>(CompilationPipeline.GetAssemblies(AssembliesType.Editor));
            all.RemoveAll(a => filter.Length > 0 && a.name.IndexOf(filter, StringComparison.OrdinalIgnoreCase) < 0);
            all.Sort((a, b) => string.CompareOrdinal(a.name, b.name));
            var list = new JArray();
            foreach (var a in all)
            {
                if (list.Count == limit) break;
                var refs = new JArray();
                foreach (var r in a.assemblyReferences ?? new Assembly[0]) refs.Add(r.name);
                var e = new JObject
                {
                    { "name", a.name },
                    { "kind", (a.flags & AssemblyFlags.EditorAssembly) != 0 ? "editor" : "runtime" },
                    { "source_count", a.sourceFiles != null ? a.sourceFiles.Length : 0 },
                    { "references", refs },
                    { "precompiled_references", a.compiledAssemblyReferences != null ? a.compiledAssemblyReferences.Length : 0 },
                };
                var asmdef = CompilationPipeline.GetAssemblyDefinitionFilePathFromAssemblyName(a.name);
                if (!string.IsNullOrEmpty(asmdef)) e["asmdef"] = asmdef;
                list.Add(e);
            }
            call.Reply(new JObject { { "total", all.Count }, { "assemblies", list }, { "truncated", list.Count < all.Count } });
        }

        // ---- project_settings ----

        /// <summary>The settings a category names: the file under ProjectSettings/ (the names
        /// the Editor's settings pages load, "Project/Player" → ProjectSettings.asset…).</summary>
        static readonly Dictionary<string, string> Files = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            { "player", "ProjectSettings/ProjectSettings.asset" },
            { "quality", "ProjectSettings/QualitySettings.asset" },
            { "physics", "ProjectSettings/DynamicsManager.asset" },
            { "physics2d", "ProjectSettings/Physics2DSettings.asset" },
            { "tags", "ProjectSettings/TagManager.asset" },
            { "editor", "ProjectSettings/EditorSettings.asset" },
            { "time", "ProjectSettings/TimeManager.asset" },
            { "audio", "ProjectSettings/AudioManager.asset" },
            { "graphics", "ProjectSettings/GraphicsSettings.asset" },
            { "input", "ProjectSettings/InputManager.asset" },
        };

        const int MaxListed = 100, MaxWrites = 50;

        /// <summary>A setting written through its API: what the settings page calls after
        /// storing the value, or instead of it.</summary>
        sealed class Api
        {
            public string Via;
            public Type Enum;
            public Func<int> Get;
            public Action<int> Set;
        }

        /// <summary>Settings with side effects, by "category/property": the serialization mode
        /// reserializes the assets (EditorSettingsInspector.cs 2022.3 ~1104-1111 stores the
        /// property, then sets EditorSettings.serializationMode), and the colour space changes
        /// how every texture and light is read (PlayerSettingsEditor.cs 2022.3 ~1837-1845; its
        /// API, PlayerSettings.colorSpace, is the documented way).</summary>
        static readonly Dictionary<string, Api> Routed = new Dictionary<string, Api>(StringComparer.Ordinal)
        {
            { "editor/m_SerializationMode", new Api { Via = "EditorSettings.serializationMode (reserializes the assets)", Enum = typeof(SerializationMode), Get = () => (int)EditorSettings.serializationMode, Set = v => EditorSettings.serializationMode = (SerializationMode)v } },
            { "player/m_ActiveColorSpace", new Api { Via = "PlayerSettings.colorSpace (textures and lighting are reimported for it)", Enum = typeof(UnityEngine.ColorSpace), Get = () => (int)PlayerSettings.colorSpace, Set = v => PlayerSettings.colorSpace = (UnityEngine.ColorSpace)v } },
        };

        /// <summary>Player settings whose page recompiles the scripts or restarts the Editor
        /// after storing them (PlayerSettingsEditor.cs 2022.3: RecompileScripts,
        /// RestartEditorAndRecompileScripts): a stored value alone would leave the Editor
        /// running on the old one.</summary>
        static readonly Dictionary<string, string> Refused = new Dictionary<string, string>(StringComparer.Ordinal)
        {
            { "scriptingDefineSymbols", "recompile" }, { "scriptingBackend", "recompile" },
            { "apiCompatibilityLevel", "recompile" }, { "apiCompatibilityLevelPerPlatform", "recompile" },
            { "allowUnsafeCode", "recompile" }, { "additionalCompilerArguments", "recompile" },
            { "useDeterministicCompilation", "recompile" }, { "activeInputHandler", "restart the Editor" },
        };

        public static void Settings(ToolCall call)
        {
            var values = call.Args["values"] as JObject;
            if (values != null)
            {
                Write(call, values);
                return;
            }
            string category, path;
            Split(Args.Str(call, "property_path", "").Trim(), "property_path", out category, out path);
            var obj = Load(category);
            using (var so = new SerializedObject(obj))
            {
                var p = path.Length > 0 ? so.FindProperty(path) : null;
                if (p != null)
                {
                    var res = new JObject { { "category", category }, { "file", Files[category] }, { "path", p.propertyPath }, { "type", InspectTools.TypeOf(p) }, { "value", SerializedValues.Read(p, obj) } };
                    if (p.propertyType == SerializedPropertyType.Enum) res["options"] = new JArray(p.enumNames);
                    call.Reply(res);
                    return;
                }
                call.Reply(List(so, obj, category, path));
            }
        }

        /// <summary>The properties whose path starts with prefix, in the Inspector's order
        /// (structs opened, arrays given whole), at most MaxListed of them.</summary>
        static JObject List(SerializedObject so, UnityEngine.Object obj, string category, string prefix)
        {
            var list = new JArray();
            var paths = new List<string>();
            int total = 0;
            var it = so.GetIterator();
            bool enter = true;
            while (it.NextVisible(enter))
            {
                enter = it.propertyType == SerializedPropertyType.Generic && !it.isArray;
                paths.Add(it.propertyPath);
                if (!it.propertyPath.StartsWith(prefix, StringComparison.Ordinal)) continue;
                total++;
                if (list.Count < MaxListed) list.Add(new JObject { { "path", it.propertyPath }, { "type", InspectTools.TypeOf(it) }, { "value", it.propertyType == SerializedPropertyType.Generic && !it.isArray ? null : SerializedValues.Read(it, obj) } });
            }
            if (total == 0)
            {
                var near = HierarchyPath.Closest(paths, prefix, 3);
                throw new ToolException("not_found", category + " has no property \"" + prefix + "\" nor one starting with it" +
                    (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") + " (property_path \"" + category + "/\" lists them)");
            }
            var res = new JObject { { "category", category }, { "file", Files[category] }, { "total", total }, { "properties", list } };
            if (total > list.Count) res["truncated"] = "the first " + MaxListed + "; give a longer prefix";
            return res;
        }

        static void Write(ToolCall call, JObject values)
        {
            if (values.Count == 0) throw new ToolException("invalid_params", "values is empty; give {\"category/property path\": value}, e.g. {\"player/productName\": \"My Game\"}");
            if (values.Count > MaxWrites) throw new ToolException("invalid_params", "values has " + values.Count + " properties; write at most " + MaxWrites + " a call");
            bool dry = Args.Bool(call, "dry_run", false);
            if (!dry && !Args.Bool(call, "confirm", false))
                throw new ToolException("confirmation_required", "a Project Settings write is saved to disk at once and Undo does not take it back: pass confirm: true to write, or dry_run: true to see the result first");
            if (!dry && EditorApplication.isPlayingOrWillChangePlaymode)
                throw new ToolException("invalid_state", "the Editor is in Play Mode, where the settings pages write nothing (a colour space cannot change there): stop it (control-play-mode Action Stop), then write");
            var open = new Dictionary<string, SerializedObject>(StringComparer.Ordinal);
            var changes = new JArray();
            var apis = new List<KeyValuePair<Api, int>>();
            try
            {
                // Every value goes into its SerializedObject first; a refusal leaves them all
                // unapplied, so nothing is written.
                foreach (var kv in values)
                {
                    string category, path;
                    Split(kv.Key, "values key", out category, out path);
                    if (path.Length == 0) throw new ToolException("invalid_params", "values key \"" + kv.Key + "\" names no property; write \"" + category + "/<property path>\"");
                    RefuseSideEffects(category, path);
                    Api api;
                    if (Routed.TryGetValue(category + "/" + path, out api))
                    {
                        int v = EnumValue(api, kv.Key, kv.Value);
                        apis.Add(new KeyValuePair<Api, int>(api, v));
                        changes.Add(new JObject { { "property", category + "/" + path }, { "previous", System.Enum.GetName(api.Enum, api.Get()) }, { "value", System.Enum.GetName(api.Enum, v) }, { "via", api.Via } });
                        continue;
                    }
                    SerializedObject so;
                    if (!open.TryGetValue(category, out so)) open[category] = so = new SerializedObject(Load(category));
                    var p = so.FindProperty(path);
                    if (p == null)
                    {
                        var near = HierarchyPath.Closest(InspectTools.AllPaths(so), path, 3);
                        throw new ToolException("not_found", category + " has no property \"" + path + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") + " (property_path \"" + category + "/\" lists them)");
                    }
                    var previous = SerializedValues.Read(p, so.targetObject);
                    SerializedValues.Write(p, kv.Value, so.targetObject);
                    changes.Add(new JObject { { "property", category + "/" + p.propertyPath }, { "previous", previous }, { "value", SerializedValues.Read(so.FindProperty(path), so.targetObject) } });
                }
                if (dry)
                {
                    call.Reply(new JObject { { "dry_run", true }, { "written", false }, { "changes", changes } });
                    return;
                }
                var files = new JArray();
                foreach (var kv in open)
                    if (kv.Value.ApplyModifiedPropertiesWithoutUndo()) files.Add(Files[kv.Key]);
                foreach (var a in apis) a.Key.Set(a.Value);
                AssetDatabase.SaveAssets();
                // What the objects hold now, read back.
                foreach (JObject c in changes)
                {
                    string category, path;
                    Split((string)c["property"], "property", out category, out path);
                    Api api;
                    if (Routed.TryGetValue(category + "/" + path, out api))
                    {
                        c["value"] = System.Enum.GetName(api.Enum, api.Get());
                        c["changed"] = !JToken.DeepEquals(c["previous"], c["value"]);
                        continue;
                    }
                    var so = open[category];
                    so.Update();
                    c["value"] = SerializedValues.Read(so.FindProperty(path), so.targetObject);
                    c["changed"] = !JToken.DeepEquals(c["previous"], c["value"]);
                }
                call.Reply(new JObject { { "written", true }, { "saved", files }, { "changes", changes }, { "undo", "not undoable: write the previous values back" } });
            }
            finally
            {
                foreach (var so in open.Values) so.Dispose();
            }
        }

        /// <summary>Refuses a player setting whose page recompiles or restarts (a stored
        /// value would not take effect), saying where to change it.</summary>
        static void RefuseSideEffects(string category, string path)
        {
            if (category != "player") return;
            var name = path.Split('.', '[')[0];
            string what;
            if (!Refused.TryGetValue(name, out what)) return;
            throw new ToolException("invalid_params", "player/" + name + " is not written here: Unity must " + what + " for it to take effect, which its page does after storing it. Change it in Project Settings > Player, or through PlayerSettings' API with execute_code (e.g. PlayerSettings.SetScriptingDefineSymbols)");
        }

        /// <summary>The value of a routed enum setting, by name (any case) or number.</summary>
        static int EnumValue(Api api, string key, JToken value)
        {
            var names = System.Enum.GetNames(api.Enum);
            // Negative members (ColorSpace.Uninitialized) are states, not settings.
            var settable = new List<string>();
            foreach (var n in names) if ((int)System.Enum.Parse(api.Enum, n) >= 0) settable.Add(n);
            if (value.Type == JTokenType.String)
                foreach (var n in settable)
                    if (n.Equals(((string)value).Trim(), StringComparison.OrdinalIgnoreCase)) return (int)System.Enum.Parse(api.Enum, n);
            if (value.Type == JTokenType.Integer && (int)value >= 0 && System.Enum.IsDefined(api.Enum, (int)value)) return (int)value;
            throw new ToolException("invalid_params", "values[\"" + key + "\"] is " + value.ToString(Newtonsoft.Json.Formatting.None) + "; give one of " + string.Join(", ", settable.ToArray()));
        }

        /// <summary>"physics/m_Gravity.y" → ("physics", "m_Gravity.y").</summary>
        static void Split(string raw, string arg, out string category, out string path)
        {
            int slash = raw.IndexOf('/');
            category = (slash < 0 ? raw : raw.Substring(0, slash)).Trim().ToLowerInvariant();
            path = slash < 0 ? "" : raw.Substring(slash + 1).Trim();
            if (!Files.ContainsKey(category))
                throw new ToolException("invalid_params", arg + " \"" + raw + "\" must start with a category and a slash, e.g. \"physics/m_Gravity\"; categories: " + string.Join(", ", new List<string>(Files.Keys).ToArray()));
        }

        static UnityEngine.Object Load(string category)
        {
            var all = AssetDatabase.LoadAllAssetsAtPath(Files[category]);
            if (all == null || all.Length == 0 || all[0] == null)
                throw new ToolException("not_found", Files[category] + " is not loaded in this project (this Unity version or project has no " + category + " settings)");
            return all[0];
        }
    }
}
