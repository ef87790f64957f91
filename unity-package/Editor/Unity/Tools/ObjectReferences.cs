using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Object references for inspect_write, and how inspect_read shows them. A value is
    /// null; a scene object as {path} or {instance_id} (or a path string), with {component:
    /// "Rigidbody"} for a component of it; or an asset as {asset: "Assets/…"} (or that path as a
    /// string) or {guid}, with {sub: "Sheet_3"} for an object inside the file by name (a sprite
    /// of a sheet). The object must fit the field's type, as the Inspector's object field
    /// allows (EditorGUI.ValidateObjectFieldAssignment): a GameObject given for a component
    /// field gives its component of that type; an asset whose main object does not fit gives
    /// the one sub-asset that does (dragging a one-sprite texture onto a Sprite field gives its
    /// sprite, SpriteUtility.TextureToSprite), and several are refused with their names rather
    /// than the first taken silently. A read answers the bundle the next write takes as is:
    /// {path, instance_id, type} for a scene object, {asset, guid, type, name, sub?} for an
    /// asset ("type" and "name" are checked when a write gives them).</summary>
    static class References
    {
        static readonly string[] Keys = { "path", "instance_id", "component", "asset", "guid", "sub", "type", "name" };
        static readonly Regex Hex32 = new Regex("^[0-9a-fA-F]{32}$");

        /// <summary>A reference as the identity bundle the next call can take; null for none.</summary>
        public static JToken Bundle(UnityEngine.Object o)
        {
            if (o == null) return JValue.CreateNull();
            var go = GameObjectOf(o);
            if (go != null && go.scene.IsValid())
                return new JObject { { "path", ObjectAddress.PathOf(go) }, { "instance_id", ObjectAddress.Id(o) }, { "type", o.GetType().Name } };
            var path = AssetDatabase.GetAssetPath(o);
            if (string.IsNullOrEmpty(path)) return new JObject { { "instance_id", ObjectAddress.Id(o) }, { "name", o.name }, { "type", o.GetType().Name } };
            var b = new JObject { { "asset", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "type", o.GetType().Name }, { "name", o.name } };
            if (!AssetDatabase.IsMainAsset(o)) b["sub"] = o.name;
            return b;
        }

        static GameObject GameObjectOf(UnityEngine.Object o) { return o as GameObject ?? (o is Component ? ((Component)o).gameObject : null); }

        public static UnityEngine.Object Resolve(SerializedProperty p, JToken v, UnityEngine.Object target)
        {
            if (v.Type == JTokenType.Null) return null;
            var fieldType = FieldType(p, target);
            JObject o;
            if (v.Type == JTokenType.String)
            {
                var s = ((string)v).Trim();
                o = s.StartsWith("Assets/", StringComparison.Ordinal) ? new JObject { { "asset", s } } : new JObject { { "path", v } };
            }
            else o = v as JObject;
            if (o == null) throw SerializedValues.Bad(p, "takes a reference: null, a scene object as {\"path\": \"/A/B\"} or {\"instance_id\": \"…\"} (with \"component\" for one of its components), or an asset as {\"asset\": \"Assets/…\"} or {\"guid\": \"…\"} (with \"sub\" for an object inside it); got " + SerializedValues.Show(v));
            foreach (var prop in o.Properties())
                if (Array.IndexOf(Keys, prop.Name) < 0)
                    throw SerializedValues.Bad(p, "reference has \"" + prop.Name + "\"; give path or instance_id (and component), asset or guid (and sub), or null");
            UnityEngine.Object source;
            var picked = o["asset"] != null || o["guid"] != null ? FromAsset(p, o, fieldType, out source) : FromScene(p, o, fieldType, target, out source);
            Echo(p, o, picked, source);
            return picked;
        }

        static UnityEngine.Object FromScene(SerializedProperty p, JObject o, Type fieldType, UnityEngine.Object target, out UnityEngine.Object source)
        {
            if (o["sub"] != null) throw SerializedValues.Bad(p, "reference: sub names an object inside an asset file; give it with asset or guid");
            UnityEngine.Object picked;
            if (o["path"] != null && o["instance_id"] != null) throw SerializedValues.Bad(p, "reference: give path or instance_id, not both");
            if (o["path"] != null) picked = ObjectAddress.ByPath((string)o["path"], p.propertyPath + " path");
            else if (o["instance_id"] != null)
            {
                picked = ObjectIds.Find(((string)o["instance_id"] ?? "").Trim());
                if (picked == null) throw new ToolException("not_found", p.propertyPath + ": instance_id " + (string)o["instance_id"] + " names no live object (find it again with scene_browse_hierarchy)");
            }
            else throw SerializedValues.Bad(p, "reference needs path or instance_id, asset or guid (or null for none)");
            source = picked;
            var go = GameObjectOf(picked);
            bool named = o["component"] != null;
            if (named)
            {
                if (go == null) throw SerializedValues.Bad(p, "reference: " + picked.name + " is no scene object, so it has no components");
                var type = ComponentTypes.Resolve((string)o["component"] ?? "", false);
                picked = go.GetComponent(type);
                if (picked == null) throw new ToolException("not_found", p.propertyPath + ": " + ObjectAddress.PathOf(go) + " has no " + type.Name + "; it has: " + string.Join(", ", ObjectAddress.ComponentNames(go).ToObject<string[]>()));
            }
            else if (picked is GameObject && typeof(Component).IsAssignableFrom(fieldType))
            {
                // A GameObject given for a component field: its component of that type, as the
                // Inspector takes a GameObject dropped on such a field (a component given is
                // taken as it is, and must fit).
                picked = go.GetComponent(fieldType);
                if (picked == null) throw SerializedValues.Bad(p, "takes a " + fieldType.Name + ", and " + ObjectAddress.PathOf(go) + " has none; it has: " + string.Join(", ", ObjectAddress.ComponentNames(go).ToObject<string[]>()));
            }
            else if (go != null && fieldType == typeof(GameObject)) picked = go;
            if (!fieldType.IsInstanceOfType(picked))
                throw SerializedValues.Bad(p, "takes a " + fieldType.Name + "; " + Describe(picked) + " is a " + picked.GetType().Name);
            // The Editor keeps scenes apart: a component cannot reference another scene's objects.
            var owner = target as Component;
            if (owner != null && go != null && go.scene.IsValid() && go.scene != owner.gameObject.scene)
                throw SerializedValues.Bad(p, "cannot reference " + ObjectAddress.PathOf(go) + ": it is in another scene (" + go.scene.name + "), and Unity does not keep references across scenes");
            return picked;
        }

        static string Describe(UnityEngine.Object o)
        {
            var c = o as Component;
            if (c != null && c.gameObject.scene.IsValid()) return ObjectAddress.PathOf(c.gameObject) + "'s " + c.GetType().Name;
            return o is GameObject && ((GameObject)o).scene.IsValid() ? ObjectAddress.PathOf((GameObject)o) : o.name;
        }

        // ---- assets ----

        /// <summary>The asset object {asset}/{guid} (and sub, component) name, fitted to the field.</summary>
        static UnityEngine.Object FromAsset(SerializedProperty p, JObject o, Type fieldType, out UnityEngine.Object source)
        {
            if (o["path"] != null || o["instance_id"] != null)
                throw SerializedValues.Bad(p, "reference: give an asset (asset or guid) or a scene object (path or instance_id), not both");
            var path = AssetPath(p, o);
            var all = AssetDatabase.LoadAllAssetsAtPath(path);
            var main = AssetDatabase.LoadMainAssetAtPath(path);
            if (main == null) throw new ToolException("not_found", p.propertyPath + ": " + path + " holds no object the AssetDatabase loads" + Closest(path));
            Type component = null;
            if (o["component"] != null) component = ComponentTypes.Resolve((string)o["component"] ?? "", false);
            var sub = o["sub"];
            if (sub != null)
            {
                if (sub.Type != JTokenType.String || ((string)sub).Length == 0) throw SerializedValues.Bad(p, "reference: sub is the name of an object inside " + path + "; got " + SerializedValues.Show(sub));
                var named = Array.FindAll(all, x => x != null && x.name == (string)sub);
                if (named.Length == 0)
                    throw new ToolException("not_found", p.propertyPath + ": " + path + " holds no object named \"" + (string)sub + "\"; it holds " + Holds(all, main) + Closest((string)sub, all));
                foreach (var x in named)
                {
                    var fit = Fit(x, fieldType, component);
                    if (fit != null) { source = x; return fit; }
                }
                source = named[0];
                throw SerializedValues.Bad(p, "takes a " + Wanted(fieldType, component) + "; " + (string)sub + " in " + path + " is a " + named[0].GetType().Name);
            }
            source = main;
            var direct = Fit(main, fieldType, component);
            if (direct != null) return direct;
            var fits = new List<UnityEngine.Object>();
            var from = new List<UnityEngine.Object>();
            foreach (var x in all)
            {
                var fit = x == null || x == main ? null : Fit(x, fieldType, component);
                if (fit != null && !fits.Contains(fit)) { fits.Add(fit); from.Add(x); }
            }
            if (fits.Count == 1) { source = from[0]; return fits[0]; }
            var holds = path + " holds " + Holds(all, main);
            if (fits.Count == 0) throw SerializedValues.Bad(p, "takes a " + Wanted(fieldType, component) + "; " + holds);
            throw SerializedValues.Bad(p, "takes a " + Wanted(fieldType, component) + "; " + holds + ": give \"sub\", the name of one of them, e.g. {\"asset\": \"" + path + "\", \"sub\": \"" + from[0].name + "\"}");
        }

        static string Wanted(Type fieldType, Type component) { return component != null && component != fieldType ? fieldType.Name + " (" + component.Name + " asked for)" : fieldType.Name; }

        /// <summary>The object itself, or what it gives for the field (a GameObject's component
        /// for a component field, a component's GameObject for a GameObject field); null when
        /// it does not fit.</summary>
        static UnityEngine.Object Fit(UnityEngine.Object x, Type fieldType, Type component)
        {
            var go = GameObjectOf(x);
            if (component != null) x = go != null ? go.GetComponent(component) : null;
            else if (x is GameObject && typeof(Component).IsAssignableFrom(fieldType)) x = go.GetComponent(fieldType);
            else if (x is Component && fieldType == typeof(GameObject)) x = go;
            return x != null && fieldType.IsInstanceOfType(x) ? x : null;
        }

        /// <summary>The asset path an {asset} or {guid} names (they must agree when both are given).</summary>
        static string AssetPath(SerializedProperty p, JObject o)
        {
            string path = null;
            if (o["guid"] != null)
            {
                var guid = ((string)o["guid"] ?? "").Trim().ToLowerInvariant();
                if (!Hex32.IsMatch(guid)) throw SerializedValues.Bad(p, "reference: guid is 32 hexadecimal digits, as a .meta file has it; got " + SerializedValues.Show(o["guid"]));
                path = AssetDatabase.GUIDToAssetPath(guid);
                if (string.IsNullOrEmpty(path) || !AssetPaths.Exists(path))
                    throw new ToolException("not_found", p.propertyPath + ": guid " + guid + " names no asset of this project (read the reference again, or give its asset path)");
            }
            if (o["asset"] != null)
            {
                var asset = ((string)o["asset"] ?? "").Trim().Replace('\\', '/').TrimEnd('/');
                if (path != null && asset != path) throw SerializedValues.Bad(p, "reference: asset " + asset + " and guid (" + path + ") name different files; give one of them");
                if (asset.Length == 0 || !AssetPaths.Exists(asset))
                    throw new ToolException("not_found", p.propertyPath + ": no asset at \"" + asset + "\"" + Closest(asset));
                path = asset;
            }
            return path;
        }

        /// <summary>What a file holds, as an agent picks from it: "Texture2D Sheet and Sprites
        /// Sheet_0…Sheet_3 (4)".</summary>
        static string Holds(UnityEngine.Object[] all, UnityEngine.Object main)
        {
            var order = new List<string>();
            var names = new Dictionary<string, List<string>>();
            foreach (var x in all)
            {
                if (x == null || x == main) continue;
                var t = x.GetType().Name;
                if (!names.ContainsKey(t)) { order.Add(t); names[t] = new List<string>(); }
                names[t].Add(x.name);
            }
            var parts = new List<string> { main.GetType().Name + " " + main.name };
            foreach (var t in order)
            {
                if (parts.Count == 6) { parts.Add("more"); break; }
                var n = names[t];
                var list = n.Count <= 3 ? string.Join(", ", n.ToArray()) : n[0] + "…" + n[n.Count - 1] + " (" + n.Count + ")";
                parts.Add((n.Count == 1 ? t : Plural(t)) + " " + list);
            }
            if (parts.Count == 1) return parts[0];
            return string.Join(", ", parts.GetRange(0, parts.Count - 1).ToArray()) + " and " + parts[parts.Count - 1];
        }

        static string Plural(string t) { return t.EndsWith("s", StringComparison.Ordinal) || t.EndsWith("sh", StringComparison.Ordinal) || t.EndsWith("x", StringComparison.Ordinal) ? t + "es" : t + "s"; }

        static string Closest(string sub, UnityEngine.Object[] all)
        {
            var names = new List<string>();
            foreach (var x in all) if (x != null && !names.Contains(x.name)) names.Add(x.name);
            var near = HierarchyPath.Closest(names, sub, 3);
            return near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "";
        }

        /// <summary>The project's asset files closest to a path, for a not_found message.</summary>
        static string Closest(string path)
        {
            var files = new List<string>();
            var assets = ProjectPaths.Root + "/Assets";
            if (Directory.Exists(assets))
                foreach (var f in Directory.GetFiles(assets, "*", SearchOption.AllDirectories))
                {
                    if (f.EndsWith(".meta", StringComparison.Ordinal)) continue;
                    files.Add(f.Substring(ProjectPaths.Root.Length + 1).Replace('\\', '/'));
                    if (files.Count >= 20000) break;
                }
            files.Sort(StringComparer.Ordinal);
            var near = HierarchyPath.Closest(files, path, 3);
            return near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "; the project has no asset files under Assets/";
        }

        /// <summary>"type" and "name" of a bundle given back must match what it names now.</summary>
        static void Echo(SerializedProperty p, JObject o, UnityEngine.Object picked, UnityEngine.Object source)
        {
            var type = o["type"];
            if (type != null && picked != null)
            {
                var t = (string)type;
                bool same = t == picked.GetType().Name || t == picked.GetType().FullName || t == source.GetType().Name || t == source.GetType().FullName;
                if (!same) throw SerializedValues.Bad(p, "reference says type " + t + ", but it names " + Describe(picked) + ", a " + picked.GetType().Name + " (drop \"type\", or name the object you meant)");
            }
            var name = o["name"];
            if (name != null && picked != null && (string)name != picked.name && (string)name != source.name)
                throw SerializedValues.Bad(p, "reference says name " + SerializedValues.Show(name) + ", but it names " + Describe(picked) + " (drop \"name\", or give \"sub\" for an object inside the file)");
        }

        static readonly Dictionary<string, Type> byName = new Dictionary<string, Type>();

        /// <summary>The type a reference field takes: the script field's type, else the one
        /// its property type names ("PPtr&lt;$Rigidbody&gt;", "PPtr&lt;Transform&gt;").</summary>
        public static Type FieldType(SerializedProperty p, UnityEngine.Object target)
        {
            var t = FieldPath.Of(target, p.propertyPath, p.serializedObject).Type;
            if (t != null && typeof(UnityEngine.Object).IsAssignableFrom(t)) return t;
            var m = Regex.Match(p.type, @"^PPtr<\$?([A-Za-z0-9_]+)>$");
            if (!m.Success) return typeof(UnityEngine.Object);
            var name = m.Groups[1].Value;
            Type found;
            if (byName.TryGetValue(name, out found)) return found;
            found = typeof(UnityEngine.Object);
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type[] types;
                try { types = asm.GetTypes(); }
                catch (ReflectionTypeLoadException e) { types = e.Types; }
                foreach (var x in types)
                    if (x != null && x.Name == name && typeof(UnityEngine.Object).IsAssignableFrom(x)) { found = x; break; }
                if (found != typeof(UnityEngine.Object)) break;
            }
            return byName[name] = found;
        }
    }
}
