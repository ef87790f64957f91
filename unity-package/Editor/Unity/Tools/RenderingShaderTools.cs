using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Rendering;
using UnityEngine;
using UnityEngine.Rendering;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>shader_errors and shader_info (isuzu's names and parameters). A shader that
    /// fails to compile does not stop anything: it draws magenta and says so only in its
    /// importer's messages, so shader_errors asks ShaderUtil for them (ShaderHasError first:
    /// it fetches the cached compile results, Editor/Mono/ShaderUtil.cs), one shader or every
    /// shader under Assets/. shader_info describes a shader from its own API
    /// (Shader.GetProperty*, keywordSpace, passCount, subshaderCount).</summary>
    public static class RenderingShaderTools
    {
        public static void Errors(ToolCall call)
        {
            bool warnings = Args.Bool(call, "include_warnings", false);
            int limit = Math.Max(1, Math.Min(500, Args.Int(call, "limit", 50)));
            var shaders = new List<Shader>();
            var raw = Args.Str(call, "path", "").Trim();
            if (raw.Length > 0) shaders.Add(ShaderAt(raw, "path"));
            else
            {
                var paths = new SortedSet<string>(StringComparer.Ordinal);
                foreach (var g in AssetDatabase.FindAssets("t:Shader"))
                {
                    var p = AssetDatabase.GUIDToAssetPath(g);
                    if (p.StartsWith("Assets/", StringComparison.Ordinal)) paths.Add(p);
                }
                foreach (var p in paths)
                {
                    var s = AssetDatabase.LoadAssetAtPath(p, typeof(Shader)) as Shader;
                    if (s != null) shaders.Add(s);
                }
            }
            var messages = new JArray();
            int errors = 0, warned = 0;
            var broken = new JArray();
            foreach (var s in shaders)
            {
                bool hasError = ShaderUtil.ShaderHasError(s);
                if (hasError) broken.Add(s.name);
                foreach (var msg in ShaderUtil.GetShaderMessages(s))
                {
                    bool error = msg.severity == ShaderCompilerMessageSeverity.Error;
                    if (error) errors++; else warned++;
                    if ((!error && !warnings) || messages.Count >= limit) continue;
                    var m = new JObject
                    {
                        { "shader", s.name }, { "path", AssetDatabase.GetAssetPath(s) }, { "severity", error ? "error" : "warning" },
                        { "message", msg.message }, { "file", msg.file }, { "line", msg.line }, { "platform", msg.platform.ToString() },
                    };
                    if (!string.IsNullOrEmpty(msg.messageDetails)) m["details"] = msg.messageDetails;
                    messages.Add(m);
                }
            }
            int shown = warnings ? errors + warned : errors;
            call.Reply(new JObject
            {
                { "shaders_checked", shaders.Count }, { "errors", errors }, { "warnings", warned },
                { "broken_shaders", broken }, { "messages", messages }, { "truncated", messages.Count < shown },
            });
        }

        public static void Info(ToolCall call)
        {
            var path = Args.Str(call, "path", "").Trim();
            var name = Args.Str(call, "name", "").Trim();
            if (path.Length > 0 && name.Length > 0) throw new ToolException("invalid_params", "give path or name, not both");
            if (path.Length == 0 && name.Length == 0) throw new ToolException("invalid_params", "give path (a shader asset, e.g. \"Assets/Shaders/Toon.shader\") or name (e.g. \"Universal Render Pipeline/Lit\")");
            var s = path.Length > 0 ? ShaderAt(path, "path") : MaterialValues.ShaderNamed(name, "name");
            var props = new JArray();
            for (int i = 0; i < s.GetPropertyCount(); i++) props.Add(Property(s, i));
            var res = new JObject { { "name", s.name } };
            var assetPath = AssetDatabase.GetAssetPath(s);
            if (assetPath.Length > 0) { res["path"] = assetPath; res["guid"] = AssetDatabase.AssetPathToGUID(assetPath); }
            res["supported"] = s.isSupported;
            res["render_queue"] = s.renderQueue;
            res["subshader_count"] = s.subshaderCount;
            res["pass_count"] = s.passCount;
            res["properties"] = props;
            res["keywords"] = new JArray(s.keywordSpace.keywordNames);
            int errors = 0, warnings = 0;
            if (ShaderUtil.ShaderHasError(s) || ShaderUtil.GetShaderMessageCount(s) > 0)
                foreach (var m in ShaderUtil.GetShaderMessages(s)) { if (m.severity == ShaderCompilerMessageSeverity.Error) errors++; else warnings++; }
            res["errors"] = errors;
            res["warnings"] = warnings;
            call.Reply(res);
        }

        /// <summary>One entry of the Properties block: name, display name, type, and what the
        /// type has (a Range's limits, the default, flags when any).</summary>
        static JObject Property(Shader s, int i)
        {
            var type = s.GetPropertyType(i);
            var p = new JObject { { "name", s.GetPropertyName(i) }, { "description", s.GetPropertyDescription(i) }, { "type", type.ToString() } };
            switch (type)
            {
                case ShaderPropertyType.Range:
                    var r = s.GetPropertyRangeLimits(i);
                    p["range"] = new JArray(ValueJson.Float(r.x), ValueJson.Float(r.y));
                    p["default"] = ValueJson.Float(s.GetPropertyDefaultFloatValue(i));
                    break;
                case ShaderPropertyType.Float:
                    p["default"] = ValueJson.Float(s.GetPropertyDefaultFloatValue(i));
                    break;
                case ShaderPropertyType.Int:
                    p["default"] = s.GetPropertyDefaultIntValue(i);
                    break;
                case ShaderPropertyType.Color:
                case ShaderPropertyType.Vector:
                    var v = s.GetPropertyDefaultVectorValue(i);
                    p["default"] = new JArray(ValueJson.Float(v.x), ValueJson.Float(v.y), ValueJson.Float(v.z), ValueJson.Float(v.w));
                    break;
                case ShaderPropertyType.Texture:
                    p["default"] = s.GetPropertyTextureDefaultName(i);
                    break;
            }
            var flags = s.GetPropertyFlags(i);
            if (flags != ShaderPropertyFlags.None)
            {
                var names = new JArray();
                foreach (ShaderPropertyFlags f in Enum.GetValues(typeof(ShaderPropertyFlags)))
                    if (f != ShaderPropertyFlags.None && (flags & f) == f) names.Add(f.ToString());
                p["flags"] = names;
            }
            return p;
        }

        /// <summary>The shader asset at a project path; refused with the closest shader files.</summary>
        static Shader ShaderAt(string raw, string arg)
        {
            var path = raw.Replace('\\', '/');
            var s = AssetDatabase.LoadAssetAtPath(path, typeof(Shader)) as Shader;
            if (s != null) return s;
            var main = AssetDatabase.LoadMainAssetAtPath(path);
            if (main != null) throw new ToolException("invalid_params", arg + " " + path + " is a " + main.GetType().Name + ", not a shader");
            var all = new List<string>();
            foreach (var g in AssetDatabase.FindAssets("t:Shader")) all.Add(AssetDatabase.GUIDToAssetPath(g));
            var near = HierarchyPath.Closest(all, path, 3);
            throw new ToolException("not_found", arg + ": no shader at \"" + raw + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; the project has no shader files (name takes built-in and package shaders)"));
        }
    }
}
