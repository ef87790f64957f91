using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>reflect_read: values at reflection paths (Core's ReflectionPath syntax).
    /// A member named in the path is a field (first) or an argument-less property, public or
    /// not, of the type and its base classes; a named property's getter is called (the caller
    /// asked for it) unless Core's SideEffectGetters refuses it (Renderer.material,
    /// TMP_Text.fontMaterial…). What is read without being named — a type's statics
    /// (@type:X alone) and the members of the value returned — follows Core's ReadRules: a
    /// script's fields and auto-properties, a built-in type's properties, no script getter
    /// (a lazy Instance would create its object). Never calls methods.
    /// @scene: paths start at the roots SceneWalk lists: the open Prefab Stage, the loaded
    /// scenes and, in Play Mode, DontDestroyOnLoad.</summary>
    public static class ReflectTool
    {
        const BindingFlags Inst = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;
        const BindingFlags Stat = BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

        public static void Invoke(ToolCall call)
        {
            int depth = Math.Max(0, Math.Min(4, Args.Int(call, "depth", 2)));
            int maxItems = Math.Max(0, Math.Min(200, Args.Int(call, "max_items", 20)));
            bool members = Args.Bool(call, "members");
            var paths = call.Args["paths"] as JArray;
            if (paths != null)
            {
                var reads = new JObject();
                foreach (var t in paths)
                {
                    var p = (string)t ?? "";
                    try { reads[p] = ReadOne(p, depth, maxItems, members); }
                    catch (Exception e) { reads[p] = new JObject { { "path", p }, { "error", Message(e) } }; }
                }
                call.Reply(new JObject { { "reads", reads } });
                return;
            }
            var path = Args.Str(call, "path", "");
            if (path.Length == 0) throw new ToolException("invalid_params", "reflect_read: give path or paths");
            JObject r;
            try { r = ReadOne(path, depth, maxItems, members); }
            catch (FormatException e) { throw new ToolException("invalid_params", "reflect_read: " + e.Message); }
            catch (ToolException) { throw; }
            catch (Exception e) { throw new ToolException("not_found", Message(e)); }
            call.Reply(r);
        }

        static string Message(Exception e)
        {
            var b = e is TargetInvocationException && e.InnerException != null ? e.InnerException : e;
            return b.Message;
        }

        /// <summary>Reads one path: {path, type, value} or {path, type, members}.</summary>
        public static JObject ReadOne(string path, int depth, int maxItems, bool members)
        {
            var p = ReflectionPath.Parse(path);
            object cur = null;
            Type staticType = null;
            int next = 0;
            switch (p.Root)
            {
                case "scene":
                {
                    GameObject g;
                    next = WalkScene(p.Segments, out g);
                    if (g == null) throw new ToolException("not_found", "no GameObject at @scene:/" + (p.Segments.Count > 0 ? p.Segments[0].Name : ""));
                    cur = g;
                    // The next segment may name a component.
                    if (next < p.Segments.Count && p.Segments[next].Indexes.Count == 0)
                    {
                        var c = SceneTools.FindComponent(g, p.Segments[next].Name);
                        if (c != null) { cur = c; next++; }
                    }
                    break;
                }
                case "selection":
                    cur = Selection.activeGameObject != null ? (object)Selection.activeGameObject : Selection.activeObject;
                    if (cur == null) throw new ToolException("not_found", "nothing is selected");
                    if (next < p.Segments.Count && cur is GameObject && p.Segments[next].Indexes.Count == 0)
                    {
                        var c = SceneTools.FindComponent((GameObject)cur, p.Segments[next].Name);
                        if (c != null) { cur = c; next++; }
                    }
                    break;
                case "id":
                {
                    var o = ObjectIds.Find(p.Arg);
                    if (o == null) throw new ToolException("not_found", "no object has instance id " + p.Arg);
                    cur = o;
                    if (next < p.Segments.Count && o is GameObject && p.Segments[next].Indexes.Count == 0)
                    {
                        var c = SceneTools.FindComponent((GameObject)o, p.Segments[next].Name);
                        if (c != null) { cur = c; next++; }
                    }
                    break;
                }
                case "sceneview":
                {
                    var sv = SceneView.lastActiveSceneView;
                    if (sv == null || sv.camera == null) throw new ToolException("not_found", "no Scene View is open");
                    cur = sv.camera;
                    break;
                }
                default:
                    staticType = ResolveType(p.Arg);
                    if (staticType == null) throw new ToolException("not_found", "no loaded type is named " + p.Arg);
                    break;
            }

            Type declared = staticType;
            for (int i = next; i < p.Segments.Count; i++)
            {
                var seg = p.Segments[i];
                if (seg.Name.Length > 0)
                {
                    Type memberType;
                    cur = ReadMember(cur, staticType, seg.Name, out memberType);
                    declared = memberType;
                    staticType = null;
                }
                foreach (var ix in seg.Indexes)
                {
                    cur = Index(cur, ix, seg.Name);
                    declared = cur != null ? cur.GetType() : typeof(object);
                }
            }

            var result = new JObject { { "path", path } };
            if (staticType != null && cur == null)
            {
                // The path is a type alone: its static fields and auto-properties, and an
                // engine type's public static properties; a script's other static getters
                // (a lazy Instance) are named in gettersNotCalled, not called.
                result["type"] = staticType.FullName;
                if (members) { result["members"] = MemberNames(staticType, true); return result; }
                var o = new JObject();
                var notCalled = new JArray();
                var writer = new ValueWriter(depth, maxItems);
                foreach (var m in ReadRules.Members(staticType, true))
                {
                    if (m.Via == ReadVia.NotCalled) { notCalled.Add(m.Name); continue; }
                    if (m.Via == ReadVia.Refused) { o[m.Name] = "(not read: " + m.Why + ")"; continue; }
                    try { o[m.Name] = writer.Write(m.Read(null), depth - 1); }
                    catch (Exception e) { o[m.Name] = "(error: " + Message(e) + ")"; }
                }
                result["value"] = o;
                if (notCalled.Count > 0)
                {
                    result["gettersNotCalled"] = notCalled;
                    result["note"] = "gettersNotCalled run the type's own code when read (a lazy Instance creates its object), so they are not called here; name one in the path (" + path + "/" + (string)notCalled[0] + ") to call it";
                }
                return result;
            }
            var rt = cur != null ? cur.GetType() : declared;
            result["type"] = rt != null ? rt.FullName : "";
            if (members)
            {
                result["members"] = rt != null ? MemberNames(rt, false) : new JArray();
                return result;
            }
            result["value"] = new ValueWriter(depth, maxItems).Write(cur, depth);
            return result;
        }

        /// <summary>Consumes the segments that name GameObjects; returns the index of the first
        /// segment that does not.</summary>
        static int WalkScene(List<PathSegment> segs, out GameObject found)
        {
            found = null;
            IEnumerable<Transform> level = SceneWalk.RootTransforms();
            int i = 0;
            for (; i < segs.Count; i++)
            {
                var s = segs[i];
                int want = 0;
                if (s.Indexes.Count == 1 && !s.Indexes[0].IsKey) want = s.Indexes[0].Int;
                else if (s.Indexes.Count > 0) break;
                Transform hit = null;
                int n = 0;
                foreach (var t in level)
                {
                    if (t.name != s.Name) continue;
                    if (n == want) { hit = t; break; }
                    n++;
                }
                if (hit == null) break;
                found = hit.gameObject;
                level = SceneWalk.Children(hit);
            }
            return i;
        }

        static IEnumerable<MemberInfo> AllMembers(Type t, bool isStatic)
        {
            var flags = isStatic ? Stat : Inst;
            for (var x = t; x != null; x = x.BaseType)
            {
                foreach (var f in x.GetFields(flags))
                {
                    if (f.Name.Contains("<")) continue; // compiler-generated backing fields
                    yield return f;
                }
                foreach (var p in x.GetProperties(flags))
                {
                    if (!p.CanRead || p.GetIndexParameters().Length > 0 || p.IsDefined(typeof(ObsoleteAttribute), true)) continue;
                    yield return p;
                }
                if (isStatic) break; // static members of base classes are not the type's own
            }
        }

        static JArray MemberNames(Type t, bool isStatic)
        {
            var names = new SortedSet<string>(StringComparer.Ordinal);
            foreach (var m in AllMembers(t, isStatic)) names.Add(m.Name);
            return new JArray(new List<string>(names).ToArray());
        }

        /// <summary>Field first, then property, on the type and its base classes (Core's
        /// ReadRules.Named): an auto-property through its backing field, another through its
        /// getter, which the path named; a SideEffectGetters getter is refused, saying what to
        /// read instead.</summary>
        static object ReadMember(object target, Type staticType, string name, out Type memberType)
        {
            bool isStatic = target == null;
            var t = isStatic ? staticType : target.GetType();
            if (t == null) throw new ToolException("not_found", "cannot read " + name + " of null");
            var m = ReadRules.Named(t, name, isStatic);
            if (m != null)
            {
                if (m.Via == ReadVia.Refused)
                    throw new ToolException("invalid_params", "not reading " + m.Member.DeclaringType.Name + "." + m.Name + ": " + m.Why);
                memberType = m.Type;
                return m.Read(target);
            }
            // A GameObject's components are members too: @id:N/Transform/position.
            var go = target as GameObject;
            if (go != null)
            {
                var c = SceneTools.FindComponent(go, name);
                if (c != null) { memberType = c.GetType(); return c; }
            }
            throw new ToolException("not_found", t.Name + " has no field or property " + name);
        }

        static object Index(object cur, PathIndex ix, string name)
        {
            if (cur == null) throw new ToolException("not_found", "cannot index " + name + ": it is null");
            if (ix.IsKey)
            {
                var d = cur as IDictionary;
                if (d == null) throw new ToolException("not_found", name + " is not a dictionary");
                foreach (DictionaryEntry e in d)
                    if (string.Equals(Convert.ToString(e.Key, CultureInfo.InvariantCulture), ix.Key, StringComparison.Ordinal)) return e.Value;
                throw new ToolException("not_found", name + " has no key \"" + ix.Key + "\"");
            }
            var list = cur as IList;
            if (list != null)
            {
                if (ix.Int >= list.Count) throw new ToolException("not_found", name + "[" + ix.Int + "] is out of range (" + list.Count + " items)");
                return list[ix.Int];
            }
            var dict = cur as IDictionary;
            if (dict != null)
            {
                foreach (DictionaryEntry e in dict)
                    if (e.Key is int && (int)e.Key == ix.Int) return e.Value;
                throw new ToolException("not_found", name + " has no key " + ix.Int);
            }
            var en = cur as IEnumerable;
            if (en != null && !(cur is string))
            {
                int n = 0;
                foreach (var item in en) if (n++ == ix.Int) return item;
                throw new ToolException("not_found", name + "[" + ix.Int + "] is out of range");
            }
            throw new ToolException("not_found", name + " cannot be indexed");
        }

        /// <summary>A type by full name, or by simple name when exactly one loaded type has
        /// it (UnityEngine and UnityEditor first).</summary>
        public static Type ResolveType(string name)
        {
            var direct = Type.GetType(name, false);
            if (direct != null) return direct;
            Type bySimple = null;
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                var t = asm.GetType(name, false);
                if (t != null) return t;
            }
            foreach (var prefix in new[] { "UnityEngine.", "UnityEditor." })
            {
                foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
                {
                    var t = asm.GetType(prefix + name, false);
                    if (t != null) return t;
                }
            }
            if (name.IndexOf('.') >= 0) return null;
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type[] types;
                try { types = asm.GetTypes(); }
                catch (ReflectionTypeLoadException e) { types = e.Types; }
                catch (Exception) { continue; }
                foreach (var t in types)
                {
                    if (t != null && t.Name == name)
                    {
                        if (bySimple == null) bySimple = t;
                        else if (bySimple != t) return bySimple; // first wins; names are rarely ambiguous
                    }
                }
            }
            return bySimple;
        }
    }
}
