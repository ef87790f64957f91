using System;
using System.Collections.Generic;
using System.IO;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>asset_find, asset_info, asset_create_folder, asset_move, asset_delete,
    /// asset_reimport (isuzu's
    /// names and parameters, a guid wherever a path is taken). Everything goes through the
    /// AssetDatabase, so a moved asset keeps its GUID (its .meta moves with it) and every
    /// reference survives. Unity's Undo does not cover the AssetDatabase: none of these is an
    /// undo step; asset_delete, the one that loses anything, needs confirm and sends to the OS
    /// trash. A refusal changes nothing and says what to do.</summary>
    public static class AssetTools
    {
        public static void Find(ToolCall call)
        {
            var words = new List<string>();
            var name = Args.Str(call, "name", "").Trim();
            var type = Args.Str(call, "type", "").Trim();
            var label = Args.Str(call, "label", "").Trim();
            foreach (var w in name.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries)) words.Add(w);
            if (type.Length > 0) words.Add("t:" + type);
            if (label.Length > 0) words.Add("l:" + label);
            var filter = string.Join(" ", words.ToArray());
            var folderArg = Args.Str(call, "folder", "").Trim();
            string[] guids;
            if (folderArg.Length > 0)
            {
                var folder = Folder(folderArg, "folder");
                if (!AssetDatabase.IsValidFolder(folder))
                    throw new ToolException("not_found", "folder \"" + folderArg + "\" is not a folder of this project" + Closest(folder, true));
                guids = AssetDatabase.FindAssets(filter, new[] { folder });
            }
            else guids = AssetDatabase.FindAssets(filter);
            // Paths under Assets/ only (FindAssets also searches Packages/), each once, sorted so
            // that offset pages through a stable order.
            var paths = new SortedDictionary<string, string>(StringComparer.Ordinal);
            foreach (var g in guids)
            {
                var p = AssetDatabase.GUIDToAssetPath(g);
                if (p.StartsWith("Assets/", StringComparison.Ordinal)) paths[p] = g;
            }
            int limit = Math.Max(1, Math.Min(500, Args.Int(call, "limit", 50)));
            int offset = Math.Max(0, Args.Int(call, "offset", 0));
            var assets = new JArray();
            int i = 0;
            foreach (var kv in paths)
            {
                if (i++ < offset) continue;
                if (assets.Count == limit) break;
                assets.Add(new JObject { { "path", kv.Key }, { "guid", kv.Value }, { "type", TypeName(kv.Key) } });
            }
            call.Reply(new JObject { { "total", paths.Count }, { "assets", assets }, { "truncated", offset + assets.Count < paths.Count } });
        }

        public static void Info(ToolCall call)
        {
            var path = Existing(call);
            var res = new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "type", TypeName(path) }, { "folder", AssetDatabase.IsValidFolder(path) } };
            var main = AssetDatabase.LoadMainAssetAtPath(path);
            var labels = new JArray();
            if (main != null) foreach (var l in AssetDatabase.GetLabels(main)) labels.Add(l);
            res["labels"] = labels;
            if (Args.Bool(call, "include_dependencies", false))
            {
                var deps = new JArray();
                foreach (var d in AssetDatabase.GetDependencies(path, false)) deps.Add(d);
                res["dependencies"] = deps;
            }
            call.Reply(res);
        }

        public static void CreateFolder(ToolCall call)
        {
            var path = Folder(Args.Str(call, "path", ""), "path");
            if (AssetDatabase.IsValidFolder(path))
            {
                call.Reply(new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "created", false } });
                return;
            }
            if (File.Exists(ProjectPaths.Root + "/" + path))
                throw new ToolException("already_exists", path + " is a file, not a folder; choose another path");
            // EnsureFolders makes the folders a file's path needs: those of a file inside this one.
            var created = AssetPaths.EnsureFolders(path + "/_");
            call.Reply(new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "created", true }, { "created_folders", created } });
        }

        public static void Move(ToolCall call)
        {
            var from = Existing(call);
            var raw = Args.Str(call, "destination", "");
            var to = AssetPaths.Normalize(raw, "", "destination", "Assets/Materials/" + from.Substring(from.LastIndexOf('/') + 1));
            if (to == from) throw new ToolException("invalid_params", "destination is where " + from + " already is; give another path or file name");
            if (Path.GetExtension(to).Length == 0 && Path.GetExtension(from).Length > 0)
                throw new ToolException("invalid_params", "destination \"" + raw + "\" has no extension; give the file name with one, e.g. \"" + to + Path.GetExtension(from) + "\"");
            if (to.StartsWith(from + "/", StringComparison.Ordinal))
                throw new ToolException("invalid_params", "destination " + to + " is inside the folder being moved; choose a path outside " + from);
            // A rename that changes only the case finds itself on a case-insensitive disk.
            if (!string.Equals(to, from, StringComparison.OrdinalIgnoreCase) && (File.Exists(ProjectPaths.Root + "/" + to) || Directory.Exists(ProjectPaths.Root + "/" + to)))
                throw new ToolException("already_exists", to + " exists; choose another destination, or move or delete that asset first");
            var guid = AssetDatabase.AssetPathToGUID(from);
            var created = AssetPaths.EnsureFolders(to);
            var error = AssetDatabase.MoveAsset(from, to);
            // MoveAsset answers "" when it moved the asset, else Unity's reason.
            if (!string.IsNullOrEmpty(error))
            {
                // The folders made for it go again, deepest first: a refusal changes nothing.
                for (int i = created.Count - 1; i >= 0; i--) AssetDatabase.DeleteAsset((string)created[i]);
                throw new ToolException("editor_error", "Unity did not move " + from + " to " + to + ": " + error);
            }
            var res = new JObject { { "from", from }, { "path", to }, { "guid", AssetDatabase.AssetPathToGUID(to) } };
            if (created.Count > 0) res["created_folders"] = created;
            if ((string)res["guid"] != guid) res["warning"] = "the GUID changed from " + guid + "; references to the asset may be broken";
            call.Reply(res);
        }

        public static void Delete(ToolCall call)
        {
            var path = Existing(call);
            var guid = AssetDatabase.AssetPathToGUID(path);
            var going = new List<string> { path };
            if (AssetDatabase.IsValidFolder(path))
                foreach (var f in Directory.GetFileSystemEntries(ProjectPaths.Root + "/" + path, "*", SearchOption.AllDirectories))
                    if (!f.EndsWith(".meta", StringComparison.Ordinal)) going.Add(ProjectPaths.Slash(f).Substring(ProjectPaths.Root.Length + 1));
            going.Sort(StringComparer.Ordinal);
            // The answer names at most 200 of them; count is all of them.
            var named = new JArray();
            for (int i = 0; i < going.Count && i < 200; i++) named.Add(going[i]);
            var res = new JObject { { "path", path }, { "guid", guid }, { "assets", named }, { "count", going.Count } };
            if (named.Count < going.Count) res["truncated"] = true;
            if (Args.Bool(call, "dry_run", false))
            {
                res["dry_run"] = true;
                res["deleted"] = false;
                call.Reply(res);
                return;
            }
            if (!Args.Bool(call, "confirm", false))
                throw new ToolException("confirmation_required", "deleting " + path + (going.Count > 1 ? " and the " + (going.Count - 1) + " asset(s) in it" : "") +
                    " cannot be undone in Unity (only the OS trash keeps it): pass confirm: true to delete, or dry_run: true to list what would go");
            if (!AssetDatabase.MoveAssetToTrash(path))
                throw new ToolException("editor_error", "Unity did not move " + path + " to the trash (is a file open or read-only?); the Console says why");
            res["deleted"] = true;
            res["recoverable"] = "OS trash";
            call.Reply(res);
        }

        public static void Reimport(ToolCall call)
        {
            var path = Existing(call);
            bool folder = AssetDatabase.IsValidFolder(path);
            bool recursive = folder && Args.Bool(call, "recursive", true);
            var options = ImportAssetOptions.ForceUpdate | (recursive ? ImportAssetOptions.ImportRecursive : ImportAssetOptions.Default);
            AssetDatabase.ImportAsset(path, options);
            var res = new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "reimported", true }, { "recursive", recursive } };
            if (path.EndsWith(".cs", StringComparison.OrdinalIgnoreCase) || recursive)
                res["note"] = "Reimporting does not wait for scripts to compile; run compile for that.";
            call.Reply(res);
        }

        /// <summary>The asset the call names by path or guid; it must exist.</summary>
        static string Existing(ToolCall call)
        {
            var guid = Args.Str(call, "guid", "").Trim();
            if (guid.Length > 0)
            {
                var p = AssetDatabase.GUIDToAssetPath(guid);
                if (p.Length == 0 || !OnDisk(p)) throw new ToolException("not_found", "no asset has GUID " + guid + "; asset_find answers the GUIDs of the project's assets");
                return p;
            }
            var raw = Args.Str(call, "path", "");
            var path = AssetPaths.Normalize(raw.Trim().Replace('\\', '/').TrimEnd('/'), "", "path", "Assets/Materials/Wood.mat");
            if (!OnDisk(path)) throw new ToolException("not_found", "no asset at " + path + Closest(path, false));
            return path;
        }

        /// <summary>A folder path under Assets/ (Assets itself included), no trailing slash.</summary>
        static string Folder(string raw, string arg)
        {
            var p = raw.Trim().Replace('\\', '/').TrimEnd('/');
            if (p == "Assets") return p;
            return AssetPaths.Normalize(p, "", arg, "Assets/Art/Materials");
        }

        static bool OnDisk(string path)
        {
            var full = ProjectPaths.Root + "/" + path;
            return (File.Exists(full) || Directory.Exists(full)) && AssetDatabase.AssetPathToGUID(path).Length > 0;
        }

        static string TypeName(string path)
        {
            var t = AssetDatabase.GetMainAssetTypeAtPath(path);
            return t != null ? t.Name : null;
        }

        static string Closest(string path, bool folders)
        {
            var all = new List<string>();
            foreach (var g in AssetDatabase.FindAssets(""))
            {
                var p = AssetDatabase.GUIDToAssetPath(g);
                if (p.StartsWith("Assets/", StringComparison.Ordinal) && (!folders || AssetDatabase.IsValidFolder(p))) all.Add(p);
            }
            var near = HierarchyPath.Closest(all, path, 3);
            return near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; asset_find gives exact paths";
        }
    }
}
