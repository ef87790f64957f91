// Behavioural fake of CompilationPipeline.GetAssemblies and AssetDatabase.ExportPackage: the
// project's files as Unity compiles and exports them (UnityCsReference, branch 2022.3; the
// same members in 6000.0-6000.7 unless noted; cmd/unitystubcheck checks every declaration).
using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Text;
using UnityEngine;

namespace UnityEditor.Compilation
{
    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/CompilationPipeline.cs
    [Flags]
    public enum AssemblyFlags
    {
        None = 0,
        EditorAssembly = (1 << 0),
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/CompilationPipeline.cs
    public enum AssembliesType
    {
        Editor = 0,
        Player = 1,
        PlayerWithoutTestAssemblies = 2,
    }

    // UnityCsReference: Editor/Mono/Scripting/ScriptCompilation/CompilationPipeline.cs (class
    // Assembly; its 7-argument constructor is public in every version)
    public class Assembly
    {
        public string name { get; private set; }
        public string outputPath { get; private set; }
        public string[] sourceFiles { get; private set; }
        public string[] defines { get; private set; }
        public Assembly[] assemblyReferences { get; internal set; }
        public string[] compiledAssemblyReferences { get; private set; }
        public AssemblyFlags flags { get; private set; }

        public Assembly(string name, string outputPath, string[] sourceFiles, string[] defines, Assembly[] assemblyReferences, string[] compiledAssemblyReferences, AssemblyFlags flags)
        {
            this.name = name;
            this.outputPath = outputPath;
            this.sourceFiles = sourceFiles;
            this.defines = defines;
            this.assemblyReferences = assemblyReferences;
            this.compiledAssemblyReferences = compiledAssemblyReferences;
            this.flags = flags;
        }
    }

    // The project's script assemblies as the Editor compiles them (Manual "Assembly definitions"
    // and "Special folder names"; CompilationPipeline.GetAssemblies): one per .asmdef under
    // Assets (its "name", "references" and an "includePlatforms" of ["Editor"] making an editor
    // assembly) holding the scripts of its folder tree; the other scripts go to
    // Assembly-CSharp, or Assembly-CSharp-Editor under a folder named Editor, which references
    // Assembly-CSharp and every other assembly. For the Player (AssembliesType.Player) the
    // editor assemblies are left out. Not modelled: Plugins folders, the -firstpass
    // assemblies, version defines, .asmref files, test assemblies.
    public static partial class CompilationPipeline
    {
        public static Assembly[] GetAssemblies() { return GetAssemblies(AssembliesType.Editor); }

        public static Assembly[] GetAssemblies(AssembliesType assembliesType)
        {
            var root = System.IO.Path.GetDirectoryName(Application.dataPath);
            var defs = new List<KeyValuePair<string, Newtonsoft.Json.Linq.JObject>>();
            foreach (var f in Directory.GetFiles(Application.dataPath, "*.asmdef", SearchOption.AllDirectories))
                defs.Add(new KeyValuePair<string, Newtonsoft.Json.Linq.JObject>(Rel(root, System.IO.Path.GetDirectoryName(f)), Newtonsoft.Json.Linq.JObject.Parse(File.ReadAllText(f))));
            var sources = new Dictionary<string, List<string>> { { "Assembly-CSharp", new List<string>() }, { "Assembly-CSharp-Editor", new List<string>() } };
            foreach (var d in defs) sources[(string)d.Value["name"]] = new List<string>();
            var scripts = Directory.GetFiles(Application.dataPath, "*.cs", SearchOption.AllDirectories);
            Array.Sort(scripts, StringComparer.Ordinal);
            foreach (var f in scripts)
            {
                var path = Rel(root, f);
                string owner = null, ownerDir = "";
                foreach (var d in defs)
                    if (path.StartsWith(d.Key + "/", StringComparison.Ordinal) && d.Key.Length > ownerDir.Length) { owner = (string)d.Value["name"]; ownerDir = d.Key; }
                if (owner == null) owner = ("/" + path).Contains("/Editor/") ? "Assembly-CSharp-Editor" : "Assembly-CSharp";
                sources[owner].Add(path);
            }
            var made = new Dictionary<string, Assembly>();
            foreach (var d in defs)
            {
                var platforms = d.Value["includePlatforms"] as Newtonsoft.Json.Linq.JArray;
                bool editor = platforms != null && platforms.Count == 1 && (string)platforms[0] == "Editor";
                if (editor && assembliesType != AssembliesType.Editor) continue;
                var n = (string)d.Value["name"];
                made[n] = new Assembly(n, "Library/ScriptAssemblies/" + n + ".dll", sources[n].ToArray(), new string[0], new Assembly[0], new string[0], editor ? AssemblyFlags.EditorAssembly : AssemblyFlags.None);
            }
            foreach (var d in defs)
            {
                Assembly a;
                if (!made.TryGetValue((string)d.Value["name"], out a)) continue;
                var refs = new List<Assembly>();
                foreach (var r in (d.Value["references"] as Newtonsoft.Json.Linq.JArray) ?? new Newtonsoft.Json.Linq.JArray())
                {
                    Assembly target;
                    if (made.TryGetValue((string)r, out target)) refs.Add(target);
                }
                a.assemblyReferences = refs.ToArray();
            }
            var main = new Assembly("Assembly-CSharp", "Library/ScriptAssemblies/Assembly-CSharp.dll", sources["Assembly-CSharp"].ToArray(), new string[0], new List<Assembly>(made.Values).ToArray(), new string[0], AssemblyFlags.None);
            var all = new List<Assembly>(made.Values) { main };
            if (assembliesType == AssembliesType.Editor)
            {
                var others = new List<Assembly>(all);
                all.Add(new Assembly("Assembly-CSharp-Editor", "Library/ScriptAssemblies/Assembly-CSharp-Editor.dll", sources["Assembly-CSharp-Editor"].ToArray(), new string[0], others.ToArray(), new string[0], AssemblyFlags.EditorAssembly));
            }
            return all.ToArray();
        }

        // The .asmdef that defines the assembly, as a project path; null for the predefined ones.
        public static string GetAssemblyDefinitionFilePathFromAssemblyName(string assemblyName)
        {
            var root = System.IO.Path.GetDirectoryName(Application.dataPath);
            foreach (var f in Directory.GetFiles(Application.dataPath, "*.asmdef", SearchOption.AllDirectories))
                if ((string)Newtonsoft.Json.Linq.JObject.Parse(File.ReadAllText(f))["name"] == assemblyName) return Rel(root, f);
            return null;
        }

        static string Rel(string root, string full) { return full.Substring(root.Length + 1).Replace('\\', '/'); }
    }
}

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/ExportPackageOptions.cs (Modules/AssetPackageEditor/Managed
    // from 6000.0 on)
    [Flags]
    public enum ExportPackageOptions
    {
        Default = 0,
        Interactive = 1,
        Recurse = 2,
        IncludeDependencies = 4,
        IncludeLibraryAssets = 8,
    }

    // UnityCsReference: Modules/AssetDatabase/Editor/ScriptBindings/AssetDatabase.bindings.cs
    // (ExportPackage). A .unitypackage is a gzip-compressed tar holding, per asset, a folder
    // named by its GUID with "asset" (the file; none for a folder), "asset.meta" and
    // "pathname" (its project path): the fake writes that. A folder given without Recurse is
    // exported alone, its contents not (ExportPackageOptions.cs: Recurse "will recurse through
    // any subdirectories listed"); IncludeDependencies adds GetDependencies of each asset. A
    // path the AssetDatabase does not know is skipped, as Unity skips it with a warning; so is
    // what Unity never imports (Manual "Special folder names", hidden assets: a name starting
    // with '.', ending with '~', "cvs", or ending in ".tmp"), a hidden folder with its tree.
    // ExportPackage packs the files as they are on disk: a change not saved is not in it.
    // SaveAssets (UnityEditor.cs) saves the dirty asset objects (SaveDirtyAssets).
    // 6000.7 marks ExportPackage obsolete (a warning) for AssetPackage.Package.Export.
    public partial class AssetDatabase
    {
#if UNITY_6000_7_OR_NEWER
        [Obsolete("Use UnityEditor.AssetPackage.Package.Export(ExportPackageParameters) instead.", false)]
#endif
        public static void ExportPackage(string assetPathName, string fileName) { ExportPackage(new[] { assetPathName }, fileName, ExportPackageOptions.Default); }
#if UNITY_6000_7_OR_NEWER
        [Obsolete("Use UnityEditor.AssetPackage.Package.Export(ExportPackageParameters) instead.", false)]
#endif
        public static void ExportPackage(string assetPathName, string fileName, ExportPackageOptions flags) { ExportPackage(new[] { assetPathName }, fileName, flags); }
#if UNITY_6000_7_OR_NEWER
        [Obsolete("Use UnityEditor.AssetPackage.Package.Export(ExportPackageParameters) instead.", false)]
#endif
        public static void ExportPackage(string[] assetPathNames, string fileName) { ExportPackage(assetPathNames, fileName, ExportPackageOptions.Default); }

#if UNITY_6000_7_OR_NEWER
        [Obsolete("Use UnityEditor.AssetPackage.Package.Export(ExportPackageParameters) instead.", false)]
#endif
        public static void ExportPackage(string[] assetPathNames, string fileName, ExportPackageOptions flags)
        {
            var paths = new SortedSet<string>(StringComparer.Ordinal);
            foreach (var p in assetPathNames)
            {
                if (AssetPathToGUID(p).Length == 0) continue;
                paths.Add(p);
                if ((flags & ExportPackageOptions.Recurse) != 0 && Directory.Exists(Full(p)))
                    foreach (var f in Directory.GetFileSystemEntries(Full(p), "*", SearchOption.AllDirectories))
                        if (!f.EndsWith(".meta", StringComparison.Ordinal) && !HiddenUnder(p, ProjectPath(f))) paths.Add(ProjectPath(f));
                if ((flags & ExportPackageOptions.IncludeDependencies) != 0)
                    foreach (var d in GetDependencies(p, true)) paths.Add(d);
            }
            using (var file = File.Create(fileName))
            using (var gz = new GZipStream(file, CompressionMode.Compress))
            {
                foreach (var p in paths)
                {
                    var guid = EnsureMeta(p);
                    if (File.Exists(Full(p))) Tar(gz, guid + "/asset", File.ReadAllBytes(Full(p)));
                    Tar(gz, guid + "/asset.meta", File.ReadAllBytes(Full(p) + ".meta"));
                    Tar(gz, guid + "/pathname", Encoding.UTF8.GetBytes(p));
                }
                gz.Write(new byte[1024], 0, 1024); // two empty blocks end a tar
            }
        }

        // Whether a path under folder has a part Unity does not import.
        static bool HiddenUnder(string folder, string path)
        {
            foreach (var part in path.Substring(folder.Length).Split('/'))
                if (part.StartsWith(".", StringComparison.Ordinal) || part.EndsWith("~", StringComparison.Ordinal)
                    || part.Equals("cvs", StringComparison.OrdinalIgnoreCase) || part.EndsWith(".tmp", StringComparison.OrdinalIgnoreCase)) return true;
            return false;
        }

        // SaveAssets' part for asset objects: each dirty object of an asset file is saved
        // (SaveAssetIfDirty records it).
        internal static void SaveDirtyAssets()
        {
            foreach (var o in new List<UnityEngine.Object>(EditorUtility.Dirty))
                if (GetAssetPath(o).Length > 0) SaveAssetIfDirty(o);
        }

        // One ustar entry: a 512-byte header, then the data padded to 512 bytes.
        static void Tar(Stream s, string name, byte[] data)
        {
            var h = new byte[512];
            Encoding.ASCII.GetBytes(name, 0, name.Length, h, 0);
            Octal(h, 100, 8, 420); // mode 0644
            Octal(h, 108, 8, 0);
            Octal(h, 116, 8, 0);
            Octal(h, 124, 12, data.Length);
            Octal(h, 136, 12, 0);
            h[156] = (byte)'0';
            Encoding.ASCII.GetBytes("ustar\0" + "00", 0, 8, h, 257);
            for (int i = 148; i < 156; i++) h[i] = (byte)' ';
            int sum = 0;
            foreach (var b in h) sum += b;
            Octal(h, 148, 7, sum);
            s.Write(h, 0, 512);
            s.Write(data, 0, data.Length);
            var pad = (512 - data.Length % 512) % 512;
            s.Write(new byte[pad], 0, pad);
        }

        static void Octal(byte[] h, int at, int width, long v)
        {
            var text = Convert.ToString(v, 8).PadLeft(width - 1, '0');
            Encoding.ASCII.GetBytes(text, 0, text.Length, h, at);
        }
    }
}
