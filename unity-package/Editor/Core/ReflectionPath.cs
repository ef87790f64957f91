using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace UnityMcp.Core
{
    /// <summary>One [n] or ["key"] suffix of a segment.</summary>
    public sealed class PathIndex
    {
        public int Int;
        public string Key;
        public bool IsKey;
    }

    /// <summary>One "/"-separated step of a path.</summary>
    public sealed class PathSegment
    {
        public string Name;
        public List<PathIndex> Indexes = new List<PathIndex>();
    }

    /// <summary>A parsed reflection path: root, its argument, member segments.</summary>
    public sealed class ReflectionPathParsed
    {
        /// <summary>"type", "scene", "id", "selection" or "sceneview".</summary>
        public string Root;
        /// <summary>Type name (type), instance id (id), "camera" (sceneview).</summary>
        public string Arg;
        public List<PathSegment> Segments = new List<PathSegment>();

        public override string ToString()
        {
            var b = new StringBuilder();
            switch (Root)
            {
                case "scene": b.Append("@scene:"); break;
                case "id": b.Append("@id:").Append(Arg); break;
                case "selection": b.Append("@selection"); break;
                case "sceneview": b.Append("@sceneview:").Append(Arg); break;
                default: b.Append("@type:").Append(Arg); break;
            }
            foreach (var s in Segments)
            {
                b.Append('/').Append(s.Name);
                foreach (var i in s.Indexes)
                {
                    if (i.IsKey) b.Append("[\"").Append(i.Key).Append("\"]");
                    else b.Append('[').Append(i.Int.ToString(CultureInfo.InvariantCulture)).Append(']');
                }
            }
            return b.ToString();
        }
    }

    /// <summary>The decimal text of the object ids agents see (an instance id, or from Unity
    /// 6000.5 on EntityId's 64-bit value), always in the invariant culture: ids travel as JSON
    /// and come back in @id: paths, and the current culture may write a minus sign other than
    /// '-' (Mono's CLDR data gives several Nordic locales U+2212), which an invariant parse
    /// then refuses (issue 27 item 7; review finding 12: 6000.3/6000.4's EntityId.ToString()
    /// is m_Data.ToString() in the current culture, UnityCsReference
    /// Runtime/Export/Scripting/UnityEngineObject.bindings.cs).</summary>
    public static class ObjectIdText
    {
        public static string Format(long id) { return id.ToString(CultureInfo.InvariantCulture); }

        public static string Format(ulong id) { return id.ToString(CultureInfo.InvariantCulture); }

        /// <summary>An instance id (an int, scene objects' negative) from its decimal text.</summary>
        public static bool TryParseInt(string text, out int id)
        {
            return int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out id);
        }

        /// <summary>An EntityId's 64-bit value (6000.5 on) from its decimal text.</summary>
        public static bool TryParseULong(string text, out ulong id)
        {
            return ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out id);
        }
    }

    /// <summary>Parses reflection paths exactly like the daemon (Go package
    /// engine/reflectpath): @type:Ns.Type or a bare type name, @scene:/A/B[1],
    /// @id:N, @selection, @sceneview:camera, then members with [n] / ["key"].</summary>
    public static class ReflectionPath
    {
        const int MaxLength = 4096;
        const int MaxSegments = 128;

        /// <summary>Parses s; throws FormatException saying what is wrong.</summary>
        public static ReflectionPathParsed Parse(string s)
        {
            if (string.IsNullOrEmpty(s) || s.Trim().Length == 0) throw new FormatException("empty path");
            if (s.Length > MaxLength) throw new FormatException("path longer than " + MaxLength + " characters");
            var p = new ReflectionPathParsed();
            string rest;
            if (s.StartsWith("@scene:", StringComparison.Ordinal))
            {
                p.Root = "scene";
                rest = s.Substring(7);
                if (!rest.StartsWith("/", StringComparison.Ordinal))
                    throw new FormatException("@scene: must be followed by a hierarchy path starting with /, e.g. @scene:/Canvas/Button");
                rest = rest.Substring(1);
                if (rest.Length == 0) throw new FormatException("@scene:/ names no GameObject");
            }
            else if (s.StartsWith("@type:", StringComparison.Ordinal))
            {
                p.Root = "type";
                Cut(s.Substring(6), out p.Arg, out rest);
                CheckTypeName(p.Arg, "@type:" + p.Arg);
            }
            else if (s.StartsWith("@id:", StringComparison.Ordinal))
            {
                p.Root = "id";
                Cut(s.Substring(4), out p.Arg, out rest);
                long ignored;
                if (!long.TryParse(p.Arg, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out ignored))
                    throw new FormatException("@id:" + p.Arg + ": the instance id must be an integer");
            }
            else if (s == "@selection" || s.StartsWith("@selection/", StringComparison.Ordinal))
            {
                p.Root = "selection";
                rest = s.Length > 10 ? s.Substring(11) : "";
            }
            else if (s.StartsWith("@sceneview:", StringComparison.Ordinal))
            {
                p.Root = "sceneview";
                Cut(s.Substring(11), out p.Arg, out rest);
                if (p.Arg != "camera") throw new FormatException("@sceneview:" + p.Arg + ": only @sceneview:camera is known");
            }
            else if (s.StartsWith("@", StringComparison.Ordinal))
            {
                string root, ignored;
                Cut(s, out root, out ignored);
                throw new FormatException("unknown root \"" + root + "\"; roots are @type:, @scene:, @id:, @selection, @sceneview:camera, or a bare type name");
            }
            else
            {
                p.Root = "type";
                Cut(s, out p.Arg, out rest);
                CheckTypeName(p.Arg, "type \"" + p.Arg + "\"");
                if (rest.Length == 0) throw new FormatException("\"" + s + "\" names a type but no member; add one, e.g. " + s + "/memberName");
            }
            if (rest.Length == 0) return p;
            var parts = rest.Split('/');
            if (parts.Length > MaxSegments) throw new FormatException("more than " + MaxSegments + " segments");
            for (int i = 0; i < parts.Length; i++)
            {
                try { p.Segments.Add(ParseSegment(parts[i])); }
                catch (FormatException e) { throw new FormatException("segment " + (i + 1) + " \"" + parts[i] + "\": " + e.Message); }
            }
            return p;
        }

        static void Cut(string s, out string head, out string rest)
        {
            int i = s.IndexOf('/');
            if (i < 0) { head = s; rest = ""; }
            else { head = s.Substring(0, i); rest = s.Substring(i + 1); }
        }

        static void CheckTypeName(string t, string what)
        {
            if (string.IsNullOrEmpty(t)) throw new FormatException(what + ": no type name");
            foreach (var c in t)
            {
                bool ok = c == '.' || c == '_' || c == '+' || c == '`' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
                if (!ok) throw new FormatException(what + ": '" + c + "' is not allowed in a type name");
            }
        }

        static PathSegment ParseSegment(string raw)
        {
            string name = raw, idx = "";
            int b = raw.IndexOf('[');
            if (b >= 0) { name = raw.Substring(0, b); idx = raw.Substring(b); }
            if (name.Trim().Length == 0 && idx.Length == 0) throw new FormatException("empty segment (a doubled or trailing /)");
            if (name.IndexOf(']') >= 0 || name.IndexOf('"') >= 0) throw new FormatException("stray ] or \" in a name");
            var seg = new PathSegment { Name = name };
            while (idx.Length > 0)
            {
                if (idx[0] != '[') throw new FormatException("text after an index: \"" + idx + "\"");
                if (idx.Length > 1 && idx[1] == '"')
                {
                    int q = idx.IndexOf('"', 2);
                    if (q < 0 || q + 1 >= idx.Length || idx[q + 1] != ']') throw new FormatException("unterminated [\"key\"] index");
                    seg.Indexes.Add(new PathIndex { Key = idx.Substring(2, q - 2), IsKey = true });
                    idx = idx.Substring(q + 2);
                    continue;
                }
                int end = idx.IndexOf(']');
                if (end < 0) throw new FormatException("missing ] in index");
                int n;
                var num = idx.Substring(1, end - 1);
                if (!int.TryParse(num, NumberStyles.None, CultureInfo.InvariantCulture, out n))
                    throw new FormatException("index \"" + num + "\" must be a non-negative integer or a \"quoted key\"");
                seg.Indexes.Add(new PathIndex { Int = n });
                idx = idx.Substring(end + 1);
            }
            return seg;
        }
    }
}
