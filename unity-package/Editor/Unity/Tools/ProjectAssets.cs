using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityEngine.SceneManagement;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>asset_export_package and asset_broken_references: the project's assets as
    /// files. An export is AssetDatabase.ExportPackage into a .unitypackage, which carries each
    /// asset with its .meta (so its GUID: imported back, references to it hold), folders with
    /// their trees (ExportPackageOptions.Recurse); the file goes outside the project (inside,
    /// Unity would import it or ship it) and never over an existing one unless asked. The
    /// export reads the files on disk, so unsaved asset changes are saved first
    /// (AssetDatabase.SaveAssets), as a user would before exporting; what Unity does not import
    /// (<see cref="Hidden"/>) is neither exported nor counted.
    /// The reference scan reads text-serialized files (scenes, prefabs, materials,
    /// ScriptableObjects…: Manual "Format of text serialized files") for object references,
    /// "{fileID: n, guid: g, type: t}", that point nowhere: a GUID no asset has (the asset
    /// was deleted, or its .meta lost: a missing script is one of these), or, within the file,
    /// a fileID no object of it has. It reads the files on disk, so unsaved scene changes are
    /// not in it (the answer names such scenes). It runs on the main thread, so one call reads
    /// a bounded share, in path order (<see cref="MaxOpened"/> files, <see cref="MaxBytes"/>
    /// bytes), skips what Unity does not import, and answers where to go on.</summary>
    public static class ProjectAssets
    {
        const int MaxPaths = 200, MaxListed = 200, MaxEntries = 200000;
        /// <summary>A call's share of the reference scan: files opened (the first bytes of
        /// each say whether it is text-serialized) and bytes read, about a second of the main
        /// thread; a file larger than the byte share is not read at all (named in the answer).
        /// A host may lower them (the fake's tests do).</summary>
        public static int MaxOpened = 5000;
        public static long MaxBytes = 32L * 1024 * 1024;

        /// <summary>Whether Unity ignores a file or folder of this name, importing and
        /// exporting nothing of it (Manual "Special folder names", hidden assets: names that
        /// start with '.' (.git, .DS_Store), end with '~' (Documentation~), are "cvs", or end in
        /// ".tmp").</summary>
        internal static bool Hidden(string name)
        {
            return name.StartsWith(".", StringComparison.Ordinal) || name.EndsWith("~", StringComparison.Ordinal)
                || name.Equals("cvs", StringComparison.OrdinalIgnoreCase) || name.EndsWith(".tmp", StringComparison.OrdinalIgnoreCase);
        }

        /// <summary>The files (not .meta) under a project folder that Unity imports, sorted by
        /// ordinal path, hidden folders not entered; at most max (more: truncated).</summary>
        static List<string> Files(string folder, bool withFolders, int max, out bool truncated)
        {
            var list = new List<string>();
            var stack = new Stack<string>();
            stack.Push(ProjectPaths.Root + "/" + folder);
            truncated = false;
            while (stack.Count > 0)
            {
                var dir = stack.Pop();
                foreach (var f in Directory.GetFiles(dir))
                {
                    var name = Path.GetFileName(f);
                    if (Hidden(name) || name.EndsWith(".meta", StringComparison.Ordinal)) continue;
                    if (list.Count == max) { truncated = true; break; }
                    list.Add(ProjectPaths.Slash(f).Substring(ProjectPaths.Root.Length + 1));
                }
                foreach (var d in Directory.GetDirectories(dir))
                {
                    if (Hidden(Path.GetFileName(d))) continue;
                    if (withFolders)
                    {
                        if (list.Count == max) { truncated = true; break; }
                        list.Add(ProjectPaths.Slash(d).Substring(ProjectPaths.Root.Length + 1));
                    }
                    stack.Push(d);
                }
                if (truncated) break;
            }
            list.Sort(StringComparer.Ordinal);
            return list;
        }

        public static void ExportPackage(ToolCall call)
        {
            var raw = Args.StrList(call, "paths");
            if (raw.Count == 0) throw new ToolException("invalid_params", "paths is required: the assets or folders to export, e.g. [\"Assets/Art\"]");
            if (raw.Count > MaxPaths) throw new ToolException("invalid_params", "paths has " + raw.Count + " entries; give at most " + MaxPaths + " (a folder takes its tree)");
            var paths = new List<string>();
            foreach (var r in raw)
            {
                var p = r.Trim().Replace('\\', '/').TrimEnd('/');
                if (p != "Assets") p = AssetPaths.Normalize(p, "", "paths", "Assets/Art");
                var full = ProjectPaths.Root + "/" + p;
                if ((!File.Exists(full) && !Directory.Exists(full)) || AssetDatabase.AssetPathToGUID(p).Length == 0)
                    throw new ToolException("not_found", "paths: no asset or folder at " + p + " (asset_find gives exact paths)");
                if (!paths.Contains(p)) paths.Add(p);
            }
            var file = PackageFile(Args.Str(call, "file", ""), Args.Bool(call, "overwrite", false));
            bool deps = Args.Bool(call, "include_dependencies", false);
            var flags = ExportPackageOptions.Recurse | (deps ? ExportPackageOptions.IncludeDependencies : ExportPackageOptions.Default);
            var contents = Contents(paths, deps);
            bool replaced = File.Exists(file);
            // ExportPackage packs the files as they are on disk.
            AssetDatabase.SaveAssets();
            try
            {
                // 6000.7 marks ExportPackage obsolete for AssetPackage.Package.Export (a
                // warning); it works the same there and is the one API of every version.
#pragma warning disable 618
                AssetDatabase.ExportPackage(paths.ToArray(), file, flags);
#pragma warning restore 618
            }
            catch (Exception e)
            {
                throw new ToolException("editor_error", "Unity could not export the package to " + file + ": " + e.GetBaseException().Message);
            }
            if (!File.Exists(file)) throw new ToolException("editor_error", "Unity wrote no package at " + file + "; get-logs says why");
            var named = new JArray();
            for (int i = 0; i < contents.Count && i < MaxListed; i++) named.Add(contents[i]);
            var res = new JObject
            {
                { "file", file },
                { "size_bytes", new FileInfo(file).Length },
                { "count", contents.Count },
                { "assets", named },
                { "replaced", replaced },
                { "note", "unsaved asset changes were saved first; each asset goes with its .meta: importing the package (Assets > Import Package) restores them with their GUIDs" },
            };
            if (named.Count < contents.Count) res["truncated"] = true;
            call.Reply(res);
        }

        /// <summary>What the export takes: the paths, everything under the folders, and what
        /// they use when deps, sorted.</summary>
        static List<string> Contents(List<string> paths, bool deps)
        {
            var all = new SortedSet<string>(StringComparer.Ordinal);
            foreach (var p in paths)
            {
                all.Add(p);
                bool more;
                if (Directory.Exists(ProjectPaths.Root + "/" + p))
                    foreach (var f in Files(p, true, MaxEntries, out more)) all.Add(f);
            }
            if (deps)
                foreach (var a in new List<string>(all))
                    if (!AssetDatabase.IsValidFolder(a))
                        foreach (var d in AssetDatabase.GetDependencies(a, true))
                            if (d.StartsWith("Assets/", StringComparison.Ordinal)) all.Add(d);
            return new List<string>(all);
        }

        /// <summary>An absolute .unitypackage path outside the project, in a folder that exists,
        /// free unless overwrite.</summary>
        static string PackageFile(string raw, bool overwrite)
        {
            raw = raw.Trim();
            const string Example = " (e.g. \"/home/me/backups/art.unitypackage\" or \"C:/Backups/art.unitypackage\")";
            if (raw.Length == 0) throw new ToolException("invalid_params", "file is required: an absolute path outside the project" + Example);
            if (!Path.IsPathRooted(raw)) throw new ToolException("invalid_params", "file \"" + raw + "\" is relative; give an absolute path outside the project" + Example);
            if (!raw.EndsWith(".unitypackage", StringComparison.OrdinalIgnoreCase)) throw new ToolException("invalid_params", "file \"" + raw + "\" must end in .unitypackage" + Example);
            string full;
            try { full = ProjectPaths.Slash(Path.GetFullPath(raw)); }
            catch (Exception e) { throw new ToolException("invalid_params", "file \"" + raw + "\" is not a valid path: " + e.Message); }
            var root = ProjectPaths.Slash(Path.GetFullPath(ProjectPaths.Root)).TrimEnd('/');
            var cmp = Application.platform == RuntimePlatform.LinuxEditor ? StringComparison.Ordinal : StringComparison.OrdinalIgnoreCase;
            if (full.StartsWith(root + "/", cmp))
                throw new ToolException("invalid_params", "file " + full + " is inside the project folder " + root + "; a package there would be imported or shipped with it: give a path outside it" + Example);
            var dir = Path.GetDirectoryName(full);
            if (string.IsNullOrEmpty(dir) || !Directory.Exists(dir)) throw new ToolException("not_found", "the folder " + dir + " does not exist; create it first, or give another file");
            if (Directory.Exists(full)) throw new ToolException("invalid_params", "file " + full + " is a folder; give a file name in it");
            if (File.Exists(full) && !overwrite) throw new ToolException("already_exists", full + " exists; pass overwrite: true to replace it, or give another file");
            return full;
        }

        // ---- asset_broken_references ----

        static readonly Regex Header = new Regex(@"^--- !u!(\d+) &(-?\d+)");
        static readonly Regex Reference = new Regex(@"\{fileID: (-?\d+)(?:, guid: ([0-9a-fA-F]{32}))?(?:, type: \d+)?\}");
        static readonly Regex Key = new Regex(@"^\s*(?:- )?([A-Za-z_][\w]*):");
        static readonly Regex BuiltIn = new Regex("^0{16}[0-9a-f]0{15}$");

        sealed class Obj { public int ClassId; public string Name, GameObject; }

        public static void BrokenReferences(ToolCall call)
        {
            var raw = Args.Str(call, "folder", "Assets").Trim().Replace('\\', '/').TrimEnd('/');
            var folder = raw == "Assets" ? raw : AssetPaths.Normalize(raw, "", "folder", "Assets/Prefabs");
            if (!AssetDatabase.IsValidFolder(folder)) throw new ToolException("not_found", "folder \"" + raw + "\" is not a folder of this project (asset_find gives paths)");
            int limit = Math.Max(1, Math.Min(500, Args.Int(call, "limit", 50)));
            var after = Args.Str(call, "after", "").Trim().Replace('\\', '/');
            bool listTruncated;
            var files = Files(folder, false, MaxEntries, out listTruncated);
            int start = after.Length == 0 ? 0 : files.BinarySearch(after, StringComparer.Ordinal);
            if (start < 0) start = ~start; // after need not exist (the file may be gone since)
            else if (after.Length > 0) start++;
            var broken = new JArray();
            var large = new JArray();
            var guids = new Dictionary<string, bool>(StringComparer.OrdinalIgnoreCase);
            int total = 0, scanned = 0, skipped = 0, i = start;
            long bytes = 0;
            for (; i < files.Count && scanned + skipped < MaxOpened; i++)
            {
                var full = ProjectPaths.Root + "/" + files[i];
                long size;
                if (!TextSerialized(full, out size)) { skipped++; continue; }
                if (size > MaxBytes) { skipped++; if (large.Count < MaxListed) large.Add(files[i]); continue; }
                if (bytes + size > MaxBytes) break; // the next call reads it
                bytes += size;
                scanned++;
                foreach (var finding in Scan(files[i], File.ReadAllLines(full), guids))
                {
                    total++;
                    if (broken.Count < limit) broken.Add(finding);
                }
            }
            var res = new JObject
            {
                { "folder", folder }, { "total", total }, { "broken", broken }, { "truncated", broken.Count < total },
                { "scanned_files", scanned }, { "other_files", skipped }, { "remaining_files", files.Count - i },
            };
            if (i < files.Count)
            {
                // The last path this call took (the first file always fits its share, so
                // every call takes at least one and the scan always moves on).
                res["next"] = files[i - 1];
                res["note"] = "this call read its share (" + MaxOpened + " files or " + MaxBytes + " bytes); call again with after: next for the rest";
            }
            if (large.Count > 0) res["too_large"] = large;
            if (listTruncated) res["listing_truncated"] = "the folder has more than " + MaxEntries + " files; scan its subfolders";
            var unsaved = new JArray();
            for (int s = 0; s < SceneManager.sceneCount; s++)
            {
                var sc = SceneManager.GetSceneAt(s);
                if (sc.isDirty) unsaved.Add(sc.path.Length > 0 ? sc.path : "Untitled");
            }
            if (unsaved.Count > 0)
            {
                res["unsaved_scenes"] = unsaved;
                res["note"] = (res["note"] != null ? (string)res["note"] + "; " : "") + "the scan reads the files: save these scenes (scene_save) for their changes to count";
            }
            call.Reply(res);
        }

        /// <summary>Whether the file is a text-serialized Unity file ("%YAML" first); size is
        /// its length.</summary>
        static bool TextSerialized(string file, out long size)
        {
            size = 0;
            try
            {
                var info = new FileInfo(file);
                size = info.Length;
                if (info.Length < 5) return false;
                var head = new byte[5];
                using (var s = File.OpenRead(file)) if (s.Read(head, 0, 5) < 5) return false;
                return Encoding.ASCII.GetString(head) == "%YAML";
            }
            catch (IOException) { return false; }
            catch (UnauthorizedAccessException) { return false; }
        }

        static IEnumerable<JObject> Scan(string path, string[] lines, Dictionary<string, bool> guids)
        {
            var objects = new Dictionary<string, Obj>(StringComparer.Ordinal);
            var refs = new List<KeyValuePair<string, string[]>>(); // object id → {property, fileID, guid}
            string current = null, lastKey = "";
            foreach (var line in lines)
            {
                var h = Header.Match(line);
                if (h.Success)
                {
                    current = h.Groups[2].Value;
                    objects[current] = new Obj { ClassId = int.Parse(h.Groups[1].Value) };
                    continue;
                }
                if (current == null) continue;
                var k = Key.Match(line);
                if (k.Success) lastKey = k.Groups[1].Value;
                var t = line.TrimStart();
                if (t.StartsWith("m_Name: ", StringComparison.Ordinal) && line.StartsWith("  m_Name", StringComparison.Ordinal)) objects[current].Name = t.Substring(8).Trim();
                foreach (Match m in Reference.Matches(line))
                {
                    if (t.StartsWith("m_GameObject: ", StringComparison.Ordinal)) objects[current].GameObject = m.Groups[1].Value;
                    refs.Add(new KeyValuePair<string, string[]>(current, new[] { lastKey, m.Groups[1].Value, m.Groups[2].Success ? m.Groups[2].Value.ToLowerInvariant() : null }));
                }
            }
            foreach (var r in refs)
            {
                string property = r.Value[0], fileId = r.Value[1], guid = r.Value[2];
                string reason = null;
                if (guid != null)
                {
                    if (BuiltIn.IsMatch(guid) || Known(guid, guids)) continue;
                    reason = property == "m_Script" ? "missing_script" : "missing_asset";
                }
                else if (fileId != "0" && !objects.ContainsKey(fileId)) reason = "missing_object";
                if (reason == null) continue;
                var o = new JObject { { "path", path }, { "object", Label(objects, r.Key) }, { "property", property }, { "file_id", fileId }, { "reason", reason } };
                if (guid != null) o["guid"] = guid;
                yield return o;
            }
        }

        /// <summary>Whether an asset has this GUID: the AssetDatabase knows it and, for a
        /// path under Assets/, the file is there.</summary>
        static bool Known(string guid, Dictionary<string, bool> cache)
        {
            bool known;
            if (cache.TryGetValue(guid, out known)) return known;
            var p = AssetDatabase.GUIDToAssetPath(guid);
            var full = ProjectPaths.Root + "/" + p;
            known = p.Length > 0 && (!p.StartsWith("Assets/", StringComparison.Ordinal) || File.Exists(full) || Directory.Exists(full));
            cache[guid] = known;
            return known;
        }

        static string Label(Dictionary<string, Obj> objects, string id)
        {
            Obj o;
            if (!objects.TryGetValue(id, out o)) return "&" + id;
            var kind = ClassName(o.ClassId);
            Obj go;
            if (o.GameObject != null && objects.TryGetValue(o.GameObject, out go) && !string.IsNullOrEmpty(go.Name)) return kind + " on " + go.Name;
            return string.IsNullOrEmpty(o.Name) ? kind + " &" + id : kind + " " + o.Name;
        }

        // The class ids of the objects a scene or prefab holds most (Manual "YAML Class ID Reference").
        static string ClassName(int id)
        {
            switch (id)
            {
                case 1: return "GameObject";
                case 4: return "Transform";
                case 20: return "Camera";
                case 21: return "Material";
                case 23: return "MeshRenderer";
                case 33: return "MeshFilter";
                case 54: return "Rigidbody";
                case 65: return "BoxCollider";
                case 82: return "AudioSource";
                case 95: return "Animator";
                case 108: return "Light";
                case 114: return "MonoBehaviour";
                case 137: return "SkinnedMeshRenderer";
                case 212: return "SpriteRenderer";
                case 224: return "RectTransform";
                case 1001: return "PrefabInstance";
                default: return "class " + id;
            }
        }
    }
}
