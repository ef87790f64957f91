// Behavioural fake of Unity Search (UnityEditor.Search; UnityCsReference, branch 2022.3, the
// same members in 6000.0-6000.7: Modules/QuickSearch/Editor/SearchService.cs, SearchContext.cs,
// SearchItem.cs, SearchProvider.cs, SearchFlags.cs) with two of its providers, as the Manual's
// "Search" pages describe their syntax:
// - "asset" (Project, filter "p:"): the project's files under Assets/ (Providers/AssetProvider.cs
//   gives each item the asset's GlobalObjectId as id, "GlobalObjectId_V1-1-<guid>-<local id>-0",
//   the file name as label and the path as description);
// - "scene" (Hierarchy, filter "h:"): the loaded scenes' GameObjects (Providers/
//   SceneProvider.cs gives each item the instance id as id and the GameObject's name as label).
// A query is words, all of which must match: "p:" or "h:" at a word's start keeps one
// provider; "t:Type" keeps assets whose main type is Type or derives from it and GameObjects
// with a component of that type; any other word is a case-insensitive part of the name.
// Request answers every match at once (the fake's providers are synchronous), unsorted:
// assets by path, then GameObjects in hierarchy order (a list is sorted only with
// SearchFlags.Sorted, which 6000.5 made obsolete). Each item has a score, lower better, as
// Unity's providers give one: the fake's is 0 for a name that starts with the query's first
// word, 1 for one that only contains it (not Unity's formula). ToObject loads an asset item's
// asset (AssetDatabase.LoadMainAssetAtPath), which SearchService.Loads counts. When a test
// sets Unavailable, CreateContext throws, as a broken Search would (the adapters' fallback
// path). Not modelled: the other providers, indexing, expressions, property filters.
using System;
using System.Collections.Generic;
using System.IO;
using UnityEngine;
using UnityEngine.SceneManagement;

namespace UnityEditor.Search
{
    // UnityCsReference: Modules/QuickSearch/Editor/SearchFlags.cs (a few of its members;
    // Default is Sorted, 1 << 1, which 6000.5 made obsolete and Default a value of its own)
    [Flags]
    public enum SearchFlags
    {
        None = 0,
        Synchronous = 1 << 0,
        Default = 1 << 1,
    }

    // UnityCsReference: Modules/QuickSearch/Editor/SearchList.cs (the members the adapters use)
    public interface ISearchList : IList<SearchItem>, IDisposable
    {
        bool pending { get; }
        SearchContext context { get; }
    }

    // UnityCsReference: Modules/QuickSearch/Editor/SearchProvider.cs
    public class SearchProvider : ISerializationCallbackReceiver
    {
        private string m_Id, m_Name;
        public SearchProvider(string id, string displayName) { m_Id = id; m_Name = displayName; }
        public string id { get { return m_Id; } }
        public string name { get { return m_Name; } }
        void ISerializationCallbackReceiver.OnBeforeSerialize() { }
        void ISerializationCallbackReceiver.OnAfterDeserialize() { }
    }

    // UnityCsReference: Modules/QuickSearch/Editor/SearchContext.cs
    public class SearchContext : IDisposable, ISerializationCallbackReceiver
    {
        private string m_SearchText;
        internal SearchContext(string text) { m_SearchText = text ?? ""; }
        public string searchText { get { return m_SearchText; } set { m_SearchText = value ?? ""; } }
        public void Dispose() { }
        void ISerializationCallbackReceiver.OnBeforeSerialize() { }
        void ISerializationCallbackReceiver.OnAfterDeserialize() { }
    }

    // UnityCsReference: Modules/QuickSearch/Editor/SearchItem.cs
    public class SearchItem
    {
        public readonly string id;
        public int score;
        public string label;
        public string description;
        public SearchProvider provider;
        internal Func<UnityEngine.Object> fakeObject;
        public SearchItem(string _id) { id = _id; }
        public string GetLabel(SearchContext context, bool stripHTML = false) { return label; }
        public string GetDescription(SearchContext context, bool stripHTML = false) { return description; }
        internal bool fakeAsset;
        public UnityEngine.Object ToObject()
        {
            if (fakeAsset) SearchService.Loads++;
            return fakeObject != null ? fakeObject() : null;
        }
    }

    // UnityCsReference: Modules/QuickSearch/Editor/SearchService.cs
    public static class SearchService
    {
        /// <summary>When set, Search is broken: CreateContext throws with it.</summary>
        internal static string Unavailable;
        /// <summary>Assets loaded through SearchItem.ToObject.</summary>
        internal static int Loads;

        static readonly SearchProvider Assets = new SearchProvider("asset", "Project");
        static readonly SearchProvider Scene = new SearchProvider("scene", "Hierarchy");

        public static SearchContext CreateContext(string searchText) { return CreateContext(searchText, SearchFlags.Default); }

        public static SearchContext CreateContext(string searchText, SearchFlags flags)
        {
            if (Unavailable != null) throw new InvalidOperationException(Unavailable);
            return new SearchContext(searchText);
        }

        // Request: on the main thread with Synchronous, every provider runs to its end before
        // it answers, so the list is complete (SearchService.cs: Request adds GetItems' items).
        public static ISearchList Request(SearchContext context, SearchFlags options = SearchFlags.None)
        {
            var list = new FakeList(context);
            list.AddRange(Items(context));
            return list;
        }

        sealed class FakeList : List<SearchItem>, ISearchList
        {
            readonly SearchContext owner;
            internal FakeList(SearchContext context) { owner = context; }
            public bool pending { get { return false; } }
            public SearchContext context { get { return owner; } }
            public void Dispose() { }
        }

        static List<SearchItem> Items(SearchContext context)
        {
            var items = new List<SearchItem>();
            string only = null, type = null;
            var words = new List<string>();
            foreach (var raw in context.searchText.Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries))
            {
                var w = raw;
                if (w.StartsWith("p:", StringComparison.Ordinal) || w.StartsWith("h:", StringComparison.Ordinal)) { only = w.StartsWith("p:", StringComparison.Ordinal) ? "asset" : "scene"; w = w.Substring(2); }
                if (w.StartsWith("t:", StringComparison.OrdinalIgnoreCase)) type = w.Substring(2);
                else if (w.Length > 0) words.Add(w);
            }
            if (only != "scene") AssetItems(items, words, type);
            if (only != "asset") SceneItems(items, words, type);
            return items;
        }

        static bool Named(string name, List<string> words)
        {
            return words.TrueForAll(w => name.IndexOf(w, StringComparison.OrdinalIgnoreCase) >= 0);
        }

        static int Score(string name, List<string> words)
        {
            return words.Count == 0 || name.StartsWith(words[0], StringComparison.OrdinalIgnoreCase) ? 0 : 1;
        }

        static bool OfType(Type t, string type)
        {
            for (; t != null; t = t.BaseType) if (t.Name.Equals(type, StringComparison.OrdinalIgnoreCase)) return true;
            return false;
        }

        static void AssetItems(List<SearchItem> items, List<string> words, string type)
        {
            var dir = Application.dataPath;
            if (string.IsNullOrEmpty(dir) || !Directory.Exists(dir)) return;
            var root = Path.GetDirectoryName(dir);
            var found = new List<string>();
            foreach (var f in Directory.GetFileSystemEntries(dir, "*", SearchOption.AllDirectories))
                if (!f.EndsWith(".meta", StringComparison.Ordinal)) found.Add(f.Substring(root.Length + 1).Replace('\\', '/'));
            found.Sort(StringComparer.Ordinal);
            foreach (var path in found)
            {
                var file = path.Substring(path.LastIndexOf('/') + 1);
                if (!Named(Path.GetFileNameWithoutExtension(file), words)) continue;
                if (type != null && !OfType(AssetDatabase.GetMainAssetTypeAtPath(path), type)) continue;
                var p = path;
                items.Add(new SearchItem("GlobalObjectId_V1-1-" + AssetDatabase.AssetPathToGUID(p) + "-0-0")
                {
                    label = file, description = p, provider = Assets, score = Score(file, words),
                    fakeObject = () => AssetDatabase.LoadMainAssetAtPath(p), fakeAsset = true,
                });
            }
        }

        static void SceneItems(List<SearchItem> items, List<string> words, string type)
        {
            var found = new List<GameObject>();
            for (int s = 0; s < SceneManager.sceneCount; s++)
                foreach (var r in SceneManager.GetSceneAt(s).GetRootGameObjects())
                    foreach (var t in r.GetComponentsInChildren<Transform>(true)) found.Add(t.gameObject);
            foreach (var go in found)
            {
                if (!Named(go.name, words)) continue;
                if (type != null && !OfType(typeof(GameObject), type) && !Array.Exists(go.GetComponents<Component>(), c => c != null && OfType(c.GetType(), type))) continue;
                var g = go;
                items.Add(new SearchItem(g.id.ToString()) { label = g.name, provider = Scene, score = Score(g.name, words), fakeObject = () => g });
            }
        }
    }
}
