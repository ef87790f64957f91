using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Asset paths as the authoring tools take them: under Assets/, forward slashes, the
    /// extension added when missing, nothing that leaves the project; and the folders a new file
    /// needs, made through the AssetDatabase (each with its .meta) and named in the answer.</summary>
    internal static class AssetPaths
    {
        internal static string Normalize(string raw, string extension, string arg, string example)
        {
            var p = raw.Trim().Replace('\\', '/');
            if (p.Length == 0) throw new ToolException("invalid_params", arg + " is required, e.g. \"" + example + "\"");
            if (!p.EndsWith(extension, StringComparison.OrdinalIgnoreCase)) p += extension;
            var parts = p.Split('/');
            if (parts[0] != "Assets" || parts.Length < 2)
                throw new ToolException("invalid_params", arg + " \"" + raw + "\" must be under Assets/, e.g. \"" + example + "\"");
            foreach (var part in parts)
                if (part.Length == 0 || part == "." || part == ".." || part.IndexOfAny(new[] { ':', '*', '?', '"', '<', '>', '|' }) >= 0)
                    throw new ToolException("invalid_params", arg + " \"" + raw + "\" has an empty or invalid part (\"" + part + "\"); give a plain path under Assets/");
            return p;
        }

        internal static bool Exists(string path) { return File.Exists(ProjectPaths.Root + "/" + path); }

        /// <summary>The project's files with that extension, as project paths.</summary>
        internal static List<string> Files(string extension)
        {
            var list = new List<string>();
            var assets = ProjectPaths.Root + "/Assets";
            if (!Directory.Exists(assets)) return list;
            foreach (var f in Directory.GetFiles(assets, "*" + extension, SearchOption.AllDirectories))
                list.Add(f.Substring(ProjectPaths.Root.Length + 1).Replace('\\', '/'));
            list.Sort(StringComparer.Ordinal);
            return list;
        }

        /// <summary>Creates the folders the path needs under Assets/; answers those it created.</summary>
        internal static JArray EnsureFolders(string path)
        {
            var created = new JArray();
            var parts = path.Split('/');
            var folder = parts[0];
            for (int i = 1; i < parts.Length - 1; i++)
            {
                var next = folder + "/" + parts[i];
                if (!AssetDatabase.IsValidFolder(next))
                {
                    if (AssetDatabase.CreateFolder(folder, parts[i]).Length == 0)
                        throw new ToolException("editor_error", "could not create the folder " + next + "; the Console says why");
                    created.Add(next);
                }
                folder = next;
            }
            return created;
        }

        /// <summary>An asset's identity: its path and GUID (and root name when known).</summary>
        internal static JObject Bundle(string path, string name)
        {
            var o = new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) } };
            if (name != null) o["name"] = name;
            return o;
        }
    }
}
