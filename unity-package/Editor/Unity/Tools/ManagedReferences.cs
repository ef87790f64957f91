using System;
using System.Collections.Generic;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>[SerializeReference] fields (SerializedPropertyType.ManagedReference) for
    /// inspect_read and inspect_write. A read answers null or {"$type": the instance's class as
    /// managedReferenceFullTypename gives it ("Assembly Namespace.Class", nested classes with
    /// '/'), then its fields}. A write takes null; {"$type": "Namespace.Class", fields…}, a new
    /// instance of that class (fields not given keep the class's defaults); or fields without
    /// "$type", set on the instance the field holds. The class must be one Unity serializes by
    /// reference (ScriptReference SerializeReference): a [Serializable] class, neither abstract
    /// nor open generic nor a UnityEngine.Object, that the field's type takes; and one the tool
    /// can make: with a parameterless constructor. A refusal names the classes that fit.</summary>
    static class ManagedReferences
    {
        const int MaxNamed = 20;

        public static JToken Read(SerializedProperty p, UnityEngine.Object target, int depth)
        {
            var full = p.managedReferenceFullTypename;
            if (string.IsNullOrEmpty(full)) return JValue.CreateNull();
            var o = new JObject { { "$type", full } };
            foreach (var c in SerializedValues.Children(p)) o[c.name] = SerializedValues.Read(c, target, depth + 1);
            return o;
        }

        public static void Write(SerializedProperty p, JToken v, UnityEngine.Object target)
        {
            if (v.Type == JTokenType.Null) { p.managedReferenceValue = null; return; }
            var baseType = FieldType(p);
            var o = v as JObject;
            if (o == null)
                throw SerializedValues.Bad(p, "is a [SerializeReference] " + Name(baseType) + ": give {\"$type\": \"Namespace.Class\", its fields…} for a new instance, its fields alone to edit the one it holds, or null; got " + SerializedValues.Show(v));
            var typeName = o["$type"];
            if (typeName != null)
            {
                if (typeName.Type != JTokenType.String) throw SerializedValues.Bad(p, "$type is a class name, \"Namespace.Class\"; got " + SerializedValues.Show(typeName));
                var type = Pick(p, (string)typeName, baseType, target);
                object instance;
                try { instance = Activator.CreateInstance(type, true); }
                catch (TargetInvocationException e)
                {
                    throw new ToolException("invalid_params", p.propertyPath + ": the constructor of " + Name(type) + " threw " + e.InnerException.GetType().Name + ": " + e.InnerException.Message);
                }
                p.managedReferenceValue = instance;
            }
            else if (string.IsNullOrEmpty(p.managedReferenceFullTypename))
                throw SerializedValues.Bad(p, "holds null: give \"$type\" to make an instance (" + Fitting(baseType, target) + ")");
            var names = SerializedValues.Children(p).ConvertAll(c => c.name);
            foreach (var prop in o.Properties())
            {
                if (prop.Name == "$type") continue;
                var child = names.Contains(prop.Name) ? p.FindPropertyRelative(prop.Name) : null;
                if (child == null)
                {
                    var near = HierarchyPath.Closest(names, prop.Name, 3);
                    throw SerializedValues.Bad(p, "(" + Short(p.managedReferenceFullTypename) + ") has no field \"" + prop.Name + "\"" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") +
                        " (its fields: " + (names.Count > 0 ? string.Join(", ", names.ToArray()) : "none") + ")");
                }
                SerializedValues.Write(child, prop.Value, target);
            }
        }

        /// <summary>The type a [SerializeReference] field takes (managedReferenceFieldTypename);
        /// object when it cannot be found.</summary>
        public static Type FieldType(SerializedProperty p) { return TypeOf(p.managedReferenceFieldTypename) ?? typeof(object); }

        /// <summary>What inspect_read adds: the field's type and the classes it takes.</summary>
        public static void Explain(SerializedProperty p, UnityEngine.Object target, JObject res)
        {
            var baseType = FieldType(p);
            res["accepts"] = Name(baseType);
            var list = new JArray();
            foreach (var t in Ordered(baseType, target)) { if (list.Count == MaxNamed) break; list.Add(Name(t)); }
            res["types"] = list;
        }

        static readonly Dictionary<string, Type> byFullName = new Dictionary<string, Type>(StringComparer.Ordinal);

        /// <summary>The type Unity names as "Assembly Namespace.Outer/Inner"; null when no loaded
        /// assembly has it.</summary>
        public static Type TypeOf(string unityName)
        {
            if (string.IsNullOrEmpty(unityName)) return null;
            Type t;
            if (byFullName.TryGetValue(unityName, out t)) return t;
            int space = unityName.IndexOf(' ');
            var asmName = space > 0 ? unityName.Substring(0, space) : null;
            var name = (space > 0 ? unityName.Substring(space + 1) : unityName).Replace('/', '+');
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                if (asmName != null && asm.GetName().Name != asmName) continue;
                t = asm.GetType(name, false);
                if (t != null) break;
            }
            return byFullName[unityName] = t;
        }

        /// <summary>A type as "$type" takes it: "Namespace.Outer/Inner".</summary>
        static string Name(Type t) { return t.FullName.Replace('+', '/'); }

        static string Short(string unityName)
        {
            int space = unityName.IndexOf(' ');
            return space > 0 ? unityName.Substring(space + 1) : unityName;
        }

        /// <summary>The class "$type" names among those the field takes, or a refusal saying why.</summary>
        static Type Pick(SerializedProperty p, string wanted, Type baseType, UnityEngine.Object target)
        {
            var text = wanted.Trim();
            int space = text.IndexOf(' ');
            string asm = space > 0 ? text.Substring(0, space) : null;
            var name = (space > 0 ? text.Substring(space + 1).Trim() : text).Replace('/', '+');
            var all = Ordered(baseType, target);
            var hits = all.FindAll(t => t.FullName == name && (asm == null || t.Assembly.GetName().Name == asm));
            if (hits.Count == 0) hits = all.FindAll(t => t.Name == name || t.FullName.EndsWith("." + name, StringComparison.Ordinal) || t.FullName.EndsWith("+" + name, StringComparison.Ordinal));
            if (hits.Count == 1) return hits[0];
            if (hits.Count > 1)
                throw SerializedValues.Bad(p, "$type \"" + wanted + "\" could be " + string.Join(" or ", hits.ConvertAll(Name).ToArray()) + "; give the full name");
            var other = TypeOf(text) ?? FindAny(name);
            if (other != null)
                throw SerializedValues.Bad(p, "cannot hold a " + Name(other) + ": " + Why(other, baseType) + "; " + Fitting(baseType, target));
            // A short name is compared with the classes' short names.
            bool bare = name.IndexOf('.') < 0 && name.IndexOf('+') < 0;
            var near = HierarchyPath.Closest(all.ConvertAll(t => bare ? t.Name : Name(t)), bare ? name : name.Replace('+', '/'), 3);
            if (bare) near = near.ConvertAll(n => Name(all.Find(t => t.Name == n)));
            throw SerializedValues.Bad(p, "has no class \"" + wanted + "\" to hold" + (near.Count > 0 ? "; closest: " + string.Join(", ", near.ToArray()) : "") + "; " + Fitting(baseType, target));
        }

        /// <summary>Why a class cannot be held by a field of the base type.</summary>
        static string Why(Type t, Type baseType)
        {
            if (typeof(UnityEngine.Object).IsAssignableFrom(t)) return "it is a UnityEngine.Object, which a [SerializeReference] field never holds (reference it from an object field)";
            if (!baseType.IsAssignableFrom(t)) return "it is not a " + Name(baseType);
            if (t.IsInterface || t.IsAbstract) return "it is " + (t.IsInterface ? "an interface" : "abstract") + ", so there is no instance of it to make";
            if (t.IsValueType) return "it is a struct; managed references hold classes";
            if (t.ContainsGenericParameters) return "it is an open generic class";
            if (!t.IsSerializable) return "it is not [Serializable]";
            return "it has no parameterless constructor";
        }

        /// <summary>"classes it takes: A, B" (the first few), or that none is loaded.</summary>
        static string Fitting(Type baseType, UnityEngine.Object target)
        {
            var all = Ordered(baseType, target);
            if (all.Count == 0) return "no [Serializable] class with a parameterless constructor is a " + Name(baseType) + " in the loaded assemblies";
            var names = all.ConvertAll(Name);
            return "the classes it takes: " + string.Join(", ", names.GetRange(0, Math.Min(names.Count, MaxNamed)).ToArray()) + (names.Count > MaxNamed ? ", … (" + names.Count + " in all)" : "");
        }

        /// <summary>The candidates, the script's own assembly's first, Unity's own last.</summary>
        static List<Type> Ordered(Type baseType, UnityEngine.Object target)
        {
            var home = target != null ? target.GetType().Assembly : null;
            var list = new List<Type>(Candidates(baseType));
            Func<Type, int> rank = t => t.Assembly == home ? 0 : t.Assembly.GetName().Name.StartsWith("Unity", StringComparison.Ordinal) ? 2 : 1;
            list.Sort((a, b) => rank(a) != rank(b) ? rank(a).CompareTo(rank(b)) : string.CompareOrdinal(a.FullName, b.FullName));
            return list;
        }

        static readonly Dictionary<Type, List<Type>> candidates = new Dictionary<Type, List<Type>>();

        /// <summary>The classes a field of this type may hold, by name: the loaded assemblies'
        /// (.NET's own left out) [Serializable] non-abstract, non-generic classes that are no
        /// UnityEngine.Object, exception or attribute, with a parameterless constructor.</summary>
        static List<Type> Candidates(Type baseType)
        {
            List<Type> list;
            if (candidates.TryGetValue(baseType, out list)) return list;
            list = new List<Type>();
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                var an = asm.GetName().Name;
                if (an == "mscorlib" || an == "netstandard" || an.StartsWith("System", StringComparison.Ordinal) || an.StartsWith("Mono.", StringComparison.Ordinal) || an.StartsWith("Microsoft.", StringComparison.Ordinal)) continue;
                Type[] types;
                try { types = asm.GetTypes(); }
                catch (ReflectionTypeLoadException e) { types = e.Types; }
                foreach (var t in types)
                    if (t != null && Holdable(t) && baseType.IsAssignableFrom(t)) list.Add(t);
            }
            list.Sort((a, b) => string.CompareOrdinal(a.FullName, b.FullName));
            return candidates[baseType] = list;
        }

        static bool Holdable(Type t)
        {
            return t.IsClass && !t.IsAbstract && !t.ContainsGenericParameters && t.IsSerializable && !typeof(UnityEngine.Object).IsAssignableFrom(t) &&
                !typeof(Exception).IsAssignableFrom(t) && !typeof(Attribute).IsAssignableFrom(t) && !typeof(Delegate).IsAssignableFrom(t) &&
                !t.Name.StartsWith("<", StringComparison.Ordinal) && t.GetConstructor(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, null, Type.EmptyTypes, null) != null;
        }

        static Type FindAny(string name)
        {
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                var t = asm.GetType(name, false);
                if (t != null) return t;
            }
            foreach (var asm in AppDomain.CurrentDomain.GetAssemblies())
            {
                Type[] types;
                try { types = asm.GetTypes(); }
                catch (ReflectionTypeLoadException e) { types = e.Types; }
                foreach (var t in types) if (t != null && (t.Name == name || t.FullName.EndsWith("." + name, StringComparison.Ordinal))) return t;
            }
            return null;
        }
    }
}
