using System;
using System.Collections.Generic;
using System.Text;

namespace UnityMcp.Core
{
    /// <summary>One step of a hierarchy path: a GameObject's name, and which of the
    /// same-named siblings it is (-1 when the name does not repeat).</summary>
    public struct HierarchySegment
    {
        public string Name;
        public int Index;

        public HierarchySegment(string name, int index)
        {
            Name = name;
            Index = index;
        }
    }

    /// <summary>The one grammar every authoring tool addresses scene objects with, and the
    /// one scene_browse_hierarchy prints: "/" then the names from the root down, separated
    /// by "/". A name that several siblings share carries its place among them,
    /// "Button[1]" (0-based, among the siblings of that name only); a unique name carries
    /// none, so paths stay short and read as the Hierarchy window shows them. Inside a
    /// name, "\" escapes "/", "[" and "\" itself. A path parses back to exactly the
    /// segments it was made of, for any name.</summary>
    public static class HierarchyPath
    {
        /// <summary>A name as it appears in a path.</summary>
        public static string Escape(string name)
        {
            var b = new StringBuilder(name.Length + 4);
            foreach (var c in name)
            {
                if (c == '\\' || c == '/' || c == '[') b.Append('\\');
                b.Append(c);
            }
            return b.ToString();
        }

        /// <summary>A segment: the escaped name, with [index] when index ≥ 0.</summary>
        public static string Segment(string name, int index)
        {
            return index >= 0 ? Escape(name) + "[" + index.ToString(System.Globalization.CultureInfo.InvariantCulture) + "]" : Escape(name);
        }

        /// <summary>The path of segments from the root down.</summary>
        public static string Join(IList<HierarchySegment> segments)
        {
            var b = new StringBuilder();
            foreach (var s in segments) b.Append('/').Append(Segment(s.Name, s.Index));
            return b.ToString();
        }

        /// <summary>The segments of a path; throws <see cref="FormatException"/> naming what is
        /// wrong and where. A missing leading "/" is accepted (the path still starts at a
        /// root); an empty name ("//"), a dangling "\" or a malformed "[...]" are not.</summary>
        public static List<HierarchySegment> Parse(string path)
        {
            if (path == null || path.Trim().Length == 0) throw new FormatException("the path is empty; give one as scene_browse_hierarchy prints it, e.g. \"/Canvas/Button[1]\"");
            var segments = new List<HierarchySegment>();
            int i = path[0] == '/' ? 1 : 0;
            var name = new StringBuilder();
            int index = -1;
            bool closed = false; // after "[n]": only "/" or the end may follow
            for (; i <= path.Length; i++)
            {
                if (i == path.Length || path[i] == '/')
                {
                    if (name.Length == 0 && index < 0)
                        throw new FormatException("the path \"" + path + "\" has an empty name at character " + (i + 1) + " (\"//\" or a trailing \"/\"); a name with a \"/\" in it is written \"\\/\"");
                    segments.Add(new HierarchySegment(name.ToString(), index));
                    name.Length = 0;
                    index = -1;
                    closed = false;
                    continue;
                }
                if (closed) throw new FormatException("the path \"" + path + "\" has \"" + path[i] + "\" after an index at character " + (i + 1) + "; an index ends its name (\"Button[1]/Label\"), and a \"[\" inside a name is written \"\\[\"");
                var c = path[i];
                if (c == '\\')
                {
                    if (i + 1 >= path.Length) throw new FormatException("the path \"" + path + "\" ends with a lone \"\\\"; write \"\\\\\" for a backslash in a name");
                    name.Append(path[++i]);
                    continue;
                }
                if (c == '[')
                {
                    int close = path.IndexOf(']', i);
                    int n;
                    if (close < 0 || !int.TryParse(path.Substring(i + 1, close - i - 1), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out n))
                        throw new FormatException("the path \"" + path + "\" has \"[\" at character " + (i + 1) + " without a sibling index \"[n]\" after it; a \"[\" inside a name is written \"\\[\"");
                    if (name.Length == 0) throw new FormatException("the path \"" + path + "\" has an index with no name before it at character " + (i + 1));
                    index = n;
                    i = close;
                    closed = true;
                    continue;
                }
                name.Append(c);
            }
            return segments;
        }

        /// <summary>Up to <paramref name="max"/> candidates closest to <paramref name="wanted"/>
        /// (case-insensitive edit distance, then order), for "did you mean" answers.</summary>
        public static List<string> Closest(IEnumerable<string> candidates, string wanted, int max)
        {
            var scored = new List<KeyValuePair<int, string>>();
            var w = (wanted ?? "").ToLowerInvariant();
            foreach (var c in candidates)
            {
                if (c == null) continue;
                scored.Add(new KeyValuePair<int, string>(Distance(c.ToLowerInvariant(), w), c));
            }
            var order = new List<int>();
            for (int i = 0; i < scored.Count; i++) order.Add(i);
            order.Sort((a, b) => scored[a].Key != scored[b].Key ? scored[a].Key.CompareTo(scored[b].Key) : a.CompareTo(b));
            var result = new List<string>();
            foreach (var i in order)
            {
                if (result.Count >= max) break;
                if (!result.Contains(scored[i].Value)) result.Add(scored[i].Value);
            }
            return result;
        }

        static int Distance(string a, string b)
        {
            var prev = new int[b.Length + 1];
            var cur = new int[b.Length + 1];
            for (int j = 0; j <= b.Length; j++) prev[j] = j;
            for (int i = 1; i <= a.Length; i++)
            {
                cur[0] = i;
                for (int j = 1; j <= b.Length; j++)
                    cur[j] = Math.Min(Math.Min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1));
                var t = prev; prev = cur; cur = t;
            }
            return prev[b.Length];
        }
    }
}
