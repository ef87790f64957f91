using System;
using System.Collections;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace UnityMcp.Core
{
    /// <summary>How a read gets (or does not get) a member's value.</summary>
    public enum ReadVia
    {
        /// <summary>The field itself: no code runs.</summary>
        Field,
        /// <summary>An auto-property's compiler-generated backing field: the value its getter
        /// would return, without running the getter.</summary>
        BackingField,
        /// <summary>The getter: a public property of Unity's engine (a native accessor), an
        /// anonymous type's compiler-written accessor, or a property the caller named.</summary>
        Getter,
        /// <summary>Not read: a getter of script or package code, which may run anything
        /// (a lazy singleton, TMP's fontMaterial). Name it in a reflect_read path to call it.</summary>
        NotCalled,
        /// <summary>Not read even when named: a getter known to change the scene
        /// (<see cref="SideEffectGetters"/>); <see cref="ReadableMember.Why"/> says what to read instead.</summary>
        Refused,
    }

    /// <summary>One member a read may show, and how it is read.</summary>
    public sealed class ReadableMember
    {
        /// <summary>The name users see: the field's, or the property's for an auto-property.</summary>
        public string Name;
        public Type Type;
        /// <summary>The FieldInfo (Field, BackingField) or PropertyInfo (Getter, NotCalled, Refused).</summary>
        public MemberInfo Member;
        public ReadVia Via;
        /// <summary>Why it is not read (NotCalled, Refused), else null.</summary>
        public string Why;

        /// <summary>Whether <see cref="Read"/> gives a value (Field, BackingField, Getter).</summary>
        public bool IsRead { get { return Via == ReadVia.Field || Via == ReadVia.BackingField || Via == ReadVia.Getter; } }

        /// <summary>The member's value on target (null for a static member). Throws
        /// InvalidOperationException, saying why, for a member that is not read.</summary>
        public object Read(object target)
        {
            switch (Via)
            {
                case ReadVia.Field:
                case ReadVia.BackingField:
                    return ((FieldInfo)Member).GetValue(target);
                case ReadVia.Getter:
                    return ((PropertyInfo)Member).GetValue(target, null);
                default:
                    throw new InvalidOperationException("not reading " + Member.DeclaringType.Name + "." + Name + ": " + Why);
            }
        }
    }

    /// <summary>Which members a read may touch, so that reading never runs code that changes
    /// anything (issue 27 item 4: find-game-objects' IncludeInheritedProperties, reflect_read's
    /// @type:X and the values it expands used to call every public getter, and a getter is
    /// code: TMP_Text.fontMaterial makes and assigns an instance material, a lazy
    /// <c>Instance</c> creates a GameObject in the edit-mode scene).
    /// <para>Script and package types (everything but Unity's engine modules) are read as
    /// Unity itself sees them — by their fields, never their getters (Unity Manual, "Script
    /// serialization" → "Serialization rules": Unity serializes fields, not properties, and a
    /// property only through its backing field, <c>[field: SerializeField]</c>):</para>
    /// <list type="bullet">
    /// <item>public instance fields, [NonSerialized] and readonly ones too: reading a field runs
    /// no code, and that runtime state is what Play Mode debugging needs;</item>
    /// <item>non-public instance fields marked [SerializeField] or [SerializeReference], the
    /// fields the Inspector shows (UnityCsReference Editor/Mono/Inspector/MonoScriptInspector.cs,
    /// ShowFieldInfo: public, or non-public with SerializeField, walking the base classes);</item>
    /// <item>auto-properties through their backing field, named by the property: public ones,
    /// and others when the backing field is serialized (<c>[field: SerializeField]</c>);</item>
    /// <item>other public getters are listed as <see cref="ReadVia.NotCalled"/>.</item>
    /// </list>
    /// <para>Types of Unity's engine modules (UnityEngine.*Module, UnityEditor.*Module and their
    /// facades) keep their public properties: they are native accessors (Transform.position,
    /// Camera.fieldOfView), and reading a built-in component has no other way. The few that
    /// change the scene are refused (<see cref="SideEffectGetters"/>). uGUI ("UnityEngine.UI")
    /// and TextMeshPro are packages of C# code: script rules.</para>
    /// <para>Statics (reflect_read's @type:X): every static field of the type, static
    /// auto-properties through their backing field, an engine type's public static
    /// properties; a script's other static getters are not called. Reading a static field may
    /// run the type's static constructor, once per domain, as any first use of the type does.</para>
    /// <para>A property named in a reflect_read path is read through its getter: the caller
    /// asked for it; <see cref="SideEffectGetters"/> are refused even then.</para></summary>
    public static class ReadRules
    {
        const BindingFlags Declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

        /// <summary>Why a script's getter is not called in a listing.</summary>
        public const string NotCalledWhy = "a script's getter runs its own code (it may create or change objects); its fields are read instead — name the property in a reflect_read path to call it";

        /// <summary>Whether the assembly is one of Unity's engine modules, whose public
        /// properties are native accessors: UnityEngine.CoreModule, UnityEngine.PhysicsModule…,
        /// UnityEditor.CoreModule…, and the UnityEngine / UnityEditor facades. Unity's own code
        /// recognises its modules the same way (UnityCsReference Runtime/Export/UnityEvent/UnityEvent.cs,
        /// GetValidMethodInfo's "Strip module assembly name": ", UnityEngine." … "Module").
        /// Package assemblies (UnityEngine.UI, Unity.TextMeshPro, UnityEngine.TestRunner) are not.</summary>
        public static bool IsEngineAssembly(string name)
        {
            if (name == null) return false;
            if (name == "UnityEngine" || name == "UnityEditor") return true;
            return (name.StartsWith("UnityEngine.", StringComparison.Ordinal) || name.StartsWith("UnityEditor.", StringComparison.Ordinal))
                && name.EndsWith("Module", StringComparison.Ordinal);
        }

        /// <summary>Whether the assembly is the .NET class library (mscorlib, netstandard,
        /// System, System.*): its collections and ToString are trusted, not its getters
        /// (Lazy&lt;T&gt;.Value runs a factory, Task&lt;T&gt;.Result blocks).</summary>
        public static bool IsFrameworkAssembly(string name)
        {
            if (name == null) return false;
            return name == "mscorlib" || name == "netstandard" || name == "System" || name.StartsWith("System.", StringComparison.Ordinal);
        }

        /// <summary>Whether t is declared in one of Unity's engine modules.</summary>
        public static bool IsEngineType(Type t)
        {
            return t != null && IsEngineAssembly(NameOf(t.Assembly));
        }

        /// <summary>Whether t is declared in the .NET class library.</summary>
        public static bool IsFrameworkType(Type t)
        {
            return t != null && IsFrameworkAssembly(NameOf(t.Assembly));
        }

        // Assembly.GetName() builds a new AssemblyName each time; a find over a scene asks
        // for every level of every component.
        static readonly Dictionary<Assembly, string> names = new Dictionary<Assembly, string>();

        static string NameOf(Assembly a)
        {
            lock (names)
            {
                string n;
                if (!names.TryGetValue(a, out n)) names[a] = n = a.GetName().Name;
                return n;
            }
        }

        /// <summary>The members a read shows for type, most derived first, each name once.
        /// Instance: the type and its base classes up to (not including) stopAt, or
        /// System.Object. Static: the type's own. isEngine tells Unity's engine types (default
        /// <see cref="IsEngineType"/>). Nothing is read here: no getter, no attribute constructor.</summary>
        public static List<ReadableMember> Members(Type type, bool isStatic, Type stopAt = null, Func<Type, bool> isEngine = null)
        {
            isEngine = isEngine ?? IsEngineType;
            var list = new List<ReadableMember>();
            var seen = new HashSet<string>(StringComparer.Ordinal);
            var flags = Declared | (isStatic ? BindingFlags.Static : BindingFlags.Instance);
            for (var x = type; x != null && x != stopAt && x != typeof(object) && x != typeof(ValueType); x = x.BaseType)
            {
                bool engine = isEngine(x);
                bool compilerWritten = IsAnonymousType(x);
                foreach (var f in x.GetFields(flags))
                {
                    // Compiler-generated fields (backing fields, closures' state) have names
                    // no C# field can have; backing fields come with their property below.
                    if (f.Name.IndexOf('<') >= 0 || f.IsDefined(typeof(ObsoleteAttribute), false)) continue;
                    if (!isStatic && !f.IsPublic && (engine || !HasSerializeAttribute(f))) continue;
                    if (!seen.Add(f.Name)) continue;
                    list.Add(new ReadableMember { Name = f.Name, Type = f.FieldType, Member = f, Via = ReadVia.Field });
                }
                foreach (var p in x.GetProperties(flags))
                {
                    if (!p.CanRead || p.GetIndexParameters().Length > 0 || p.IsDefined(typeof(ObsoleteAttribute), false)) continue;
                    var getter = p.GetGetMethod(true);
                    if (getter == null || seen.Contains(p.Name)) continue;
                    var backing = BackingField(p);
                    if (backing != null)
                    {
                        if (!isStatic && !getter.IsPublic && !HasSerializeAttribute(backing)) continue;
                        seen.Add(p.Name);
                        list.Add(new ReadableMember { Name = p.Name, Type = p.PropertyType, Member = backing, Via = ReadVia.BackingField });
                        continue;
                    }
                    if (!getter.IsPublic) continue; // non-public getters are implementation, never listed
                    seen.Add(p.Name);
                    var m = new ReadableMember { Name = p.Name, Type = p.PropertyType, Member = p };
                    m.Why = SideEffectGetters.Why(p);
                    if (m.Why != null) m.Via = ReadVia.Refused;
                    else if (engine || compilerWritten) m.Via = ReadVia.Getter;
                    else
                    {
                        m.Via = ReadVia.NotCalled;
                        m.Why = NotCalledWhy;
                    }
                    list.Add(m);
                }
                if (isStatic) break; // a base class's statics are not the type's own
            }
            return list;
        }

        /// <summary>The member a reflection path names on type or its base classes, public or
        /// not: a field first, then a property — an auto-property through its backing field,
        /// another through its getter (the caller named it), unless it is a
        /// <see cref="SideEffectGetters"/> getter (Refused). Null when there is none.</summary>
        public static ReadableMember Named(Type type, string name, bool isStatic)
        {
            var flags = Declared | (isStatic ? BindingFlags.Static : BindingFlags.Instance);
            for (var x = type; x != null; x = x.BaseType)
            {
                var f = x.GetField(name, flags);
                if (f != null) return new ReadableMember { Name = f.Name, Type = f.FieldType, Member = f, Via = ReadVia.Field };
            }
            for (var x = type; x != null; x = x.BaseType)
            {
                PropertyInfo p = null;
                foreach (var c in x.GetProperties(flags))
                    if (c.Name == name && c.CanRead && c.GetIndexParameters().Length == 0) { p = c; break; }
                if (p == null) continue;
                var backing = BackingField(p);
                if (backing != null) return new ReadableMember { Name = p.Name, Type = p.PropertyType, Member = backing, Via = ReadVia.BackingField };
                var why = SideEffectGetters.Why(p);
                return new ReadableMember { Name = p.Name, Type = p.PropertyType, Member = p, Via = why != null ? ReadVia.Refused : ReadVia.Getter, Why = why };
            }
            return null;
        }

        /// <summary>The backing field of an auto-property, or null when p is not one. An
        /// auto-property's getter is compiler-generated ([CompilerGenerated]) and returns the
        /// field &lt;Name&gt;k__BackingField, which both Roslyn (GeneratedNames.MakeBackingFieldName)
        /// and mcs name so; Unity serializes that field under [field: SerializeField]. A
        /// getter the author wrote (C# 14's <c>field</c> keyword included) is not compiler-generated.</summary>
        public static FieldInfo BackingField(PropertyInfo p)
        {
            if (p == null || p.DeclaringType == null) return null;
            var g = p.GetGetMethod(true);
            if (g == null || !g.IsDefined(typeof(CompilerGeneratedAttribute), false)) return null;
            var f = p.DeclaringType.GetField("<" + p.Name + ">k__BackingField",
                BindingFlags.NonPublic | BindingFlags.DeclaredOnly | (g.IsStatic ? BindingFlags.Static : BindingFlags.Instance));
            return f != null && f.FieldType == p.PropertyType ? f : null;
        }

        /// <summary>Whether Unity serializes f (Unity Manual, "Serialization rules"): public or
        /// [SerializeField]/[SerializeReference]; not static, const, readonly or [NonSerialized].
        /// The field type's own rules are not checked here.</summary>
        public static bool IsSerializedByUnity(FieldInfo f)
        {
            if (f == null || f.IsStatic || f.IsLiteral || f.IsInitOnly || f.IsNotSerialized) return false;
            return f.IsPublic || HasSerializeAttribute(f);
        }

        /// <summary>Whether f carries UnityEngine.SerializeField or UnityEngine.SerializeReference,
        /// matched by name from metadata (Core does not reference UnityEngine).</summary>
        public static bool HasSerializeAttribute(FieldInfo f)
        {
            try
            {
                foreach (var a in f.GetCustomAttributesData())
                {
                    var n = a.Constructor.DeclaringType.FullName;
                    if (n == "UnityEngine.SerializeField" || n == "UnityEngine.SerializeReference") return true;
                }
            }
            catch (Exception) { }
            return false;
        }

        /// <summary>Whether t is an anonymous type, whose getters the compiler wrote (return a
        /// readonly field): Roslyn names them &lt;&gt;f__AnonymousType0, mcs &lt;&gt;__AnonType0.</summary>
        public static bool IsAnonymousType(Type t)
        {
            return t != null && t.Name.StartsWith("<>", StringComparison.Ordinal)
                && (t.Name.Contains("AnonymousType") || t.Name.Contains("AnonType"))
                && t.IsDefined(typeof(CompilerGeneratedAttribute), false);
        }

        /// <summary>Whether a value of type t may be enumerated (its items listed, its Count
        /// read): arrays, collections whose enumerator is Unity's engine code (NativeArray),
        /// and .NET collections (ICollection: List, Dictionary, HashSet, Queue…) whose
        /// enumerator is the class library's. Not iterators (yield), LINQ queries or a
        /// script's own IEnumerable, whose enumeration runs their code.</summary>
        public static bool MayEnumerate(Type t, Func<Type, bool> isEngine = null)
        {
            if (t == null) return false;
            if (t.IsArray) return true;
            isEngine = isEngine ?? IsEngineType;
            if (!EnumeratorIsTrusted(t, typeof(IEnumerable), isEngine, out bool engine)) return false;
            if (typeof(IDictionary).IsAssignableFrom(t) && !EnumeratorIsTrusted(t, typeof(IDictionary), isEngine, out _)) return false;
            if (engine) return true;
            if (typeof(ICollection).IsAssignableFrom(t)) return true;
            foreach (var i in t.GetInterfaces())
            {
                if (!i.IsGenericType) continue;
                var d = i.GetGenericTypeDefinition();
                if (d == typeof(ICollection<>) || d == typeof(IReadOnlyCollection<>)) return true;
            }
            return false;
        }

        static bool EnumeratorIsTrusted(Type t, Type iface, Func<Type, bool> isEngine, out bool engine)
        {
            engine = false;
            if (!iface.IsAssignableFrom(t) || t.IsInterface) return false;
            Type d;
            try
            {
                var map = t.GetInterfaceMap(iface);
                d = null;
                for (int i = 0; i < map.InterfaceMethods.Length; i++)
                    if (map.InterfaceMethods[i].Name == "GetEnumerator") d = map.TargetMethods[i].DeclaringType;
            }
            catch (Exception) { return false; }
            if (d == null) return false;
            if (d.IsGenericType) d = d.GetGenericTypeDefinition();
            engine = isEngine(d);
            return engine || IsFrameworkType(d);
        }

        /// <summary>Whether v.ToString() may be called for a value of type t: the ToString
        /// that runs is the class library's or Unity's engine's (System.Object's prints the
        /// type name), and for a generic one every type argument's is too
        /// (KeyValuePair&lt;K,V&gt;, Tuple and Lazy&lt;T&gt; call their arguments' ToString).
        /// For an IFormattable type the text comes from IFormattable.ToString, checked the same way.</summary>
        public static bool MayCallToString(Type t, Func<Type, bool> isEngine = null)
        {
            if (t == null) return false;
            if (t.IsPrimitive || t.IsEnum || t == typeof(string) || t == typeof(decimal) || t.IsArray) return true;
            isEngine = isEngine ?? IsEngineType;
            Type d;
            try
            {
                if (typeof(IFormattable).IsAssignableFrom(t) && !t.IsInterface)
                    d = t.GetInterfaceMap(typeof(IFormattable)).TargetMethods[0].DeclaringType; // the text is IFormattable.ToString(format, provider)
                else
                {
                    var m = t.GetMethod("ToString", BindingFlags.Public | BindingFlags.Instance, null, Type.EmptyTypes, null);
                    d = m == null ? null : m.DeclaringType;
                }
            }
            catch (Exception) { return false; }
            if (d == null) return false;
            if (d == typeof(object) || d == typeof(ValueType)) return true; // the type's name
            if (!IsFrameworkType(d) && !isEngine(d)) return false;
            if (t.IsGenericType)
                foreach (var a in t.GetGenericArguments())
                    if (!MayCallToString(a, isEngine)) return false;
            return true;
        }
    }
}
