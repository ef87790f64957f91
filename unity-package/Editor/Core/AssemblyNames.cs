using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    // How AssemblyChecker names members, types and the places it found them.
    public static partial class AssemblyChecker
    {
        // ---- names ----

        /// <summary>Namespace.Type.Member, "new Namespace.Type" for a constructor, "Type.Prop (set)" for an accessor.</summary>
        internal static string Describe(MemberInfo m)
        {
            var dt = m.DeclaringType;
            if (m is ConstructorInfo) return "new " + (dt == null ? m.Name : TypeName(dt));
            var name = m.Name;
            var mb = m as MethodBase;
            if (mb != null && mb.IsSpecialName)
            {
                if (name.StartsWith("get_", StringComparison.Ordinal)) name = name.Substring(4) + " (get)";
                else if (name.StartsWith("set_", StringComparison.Ordinal)) name = name.Substring(4) + " (set)";
                else if (name.StartsWith("add_", StringComparison.Ordinal)) name = name.Substring(4) + " (event add)";
                else if (name.StartsWith("remove_", StringComparison.Ordinal)) name = name.Substring(7) + " (event remove)";
            }
            if (mb != null && mb.IsGenericMethod) name += "<" + TypeList(mb.GetGenericArguments()) + ">";
            return (dt == null ? "" : TypeName(dt) + ".") + name;
        }

        static string TypeList(Type[] ts)
        {
            var parts = new string[ts.Length];
            for (int k = 0; k < ts.Length; k++) parts[k] = TypeName(ts[k]);
            return string.Join(", ", parts);
        }

        internal static string TypeName(Type t)
        {
            if (t.HasElementType)
            {
                var e = TypeName(t.GetElementType());
                return t.IsArray ? e + "[]" : t.IsPointer ? e + "*" : e + "&";
            }
            if (t.IsGenericParameter) return t.Name;
            var s = (string.IsNullOrEmpty(t.Namespace) ? "" : t.Namespace + ".") + DisplayType(t);
            if (t.IsGenericType && !t.IsGenericTypeDefinition) s += "<" + TypeList(t.GetGenericArguments()) + ">";
            return s;
        }

        /// <summary>A type's name without namespace and generic arity, nested types joined by '.'.</summary>
        static string DisplayType(Type t)
        {
            var s = Plain(t.Name);
            for (var c = t.DeclaringType; c != null; c = c.DeclaringType) s = Plain(c.Name) + "." + s;
            return s;
        }

        static string Plain(string name)
        {
            var tick = name.IndexOf('`');
            return tick < 0 ? name : name.Substring(0, tick);
        }

        /// <summary>Where a method is, as the snippet's author wrote it: the enclosing type and
        /// method that a lambda, closure, iterator or async state machine came from
        /// ("Snippet_x.Execute (in a lambda)").</summary>
        static string Where(Type t, MethodBase m)
        {
            if (t == null) return "<Module>." + m.Name;
            string kind = null;
            string origin = Origin(m.Name, ref kind);
            var c = t;
            while (c.DeclaringType != null && c.Name.StartsWith("<", StringComparison.Ordinal))
            {
                string k = null;
                var o = Origin(c.Name, ref k);
                if (c.Name.IndexOf("Iterator", StringComparison.Ordinal) >= 0 || (typeof(System.Collections.IEnumerator).IsAssignableFrom(c) && c.Name.IndexOf("d__", StringComparison.Ordinal) >= 0)) k = "an iterator";
                else if (c.Name.IndexOf("async", StringComparison.Ordinal) >= 0 || HasInterface(c, "System.Runtime.CompilerServices.IAsyncStateMachine")) k = "an async method";
                else if (k == null) k = "a lambda";
                if (kind == null) kind = k;
                if (origin == null || origin.Length == 0 || origin.StartsWith("<", StringComparison.Ordinal) || IsStateMachineMethod(m.Name)) origin = o;
                c = c.DeclaringType;
            }
            if (string.IsNullOrEmpty(origin)) origin = m.Name;
            if (origin == ".ctor") origin = "constructor";
            else if (origin == ".cctor") origin = "static constructor";
            return DisplayType(c) + "." + origin + (kind == null ? "" : " (in " + kind + ")");
        }

        /// <summary>Where a type is: its own name, or for a compiler-generated type the method
        /// it was generated for.</summary>
        static string WhereType(Type t)
        {
            if (t.DeclaringType == null || !t.Name.StartsWith("<", StringComparison.Ordinal)) return DisplayType(t);
            string kind = null;
            var origin = Origin(t.Name, ref kind);
            var c = t;
            while (c.DeclaringType != null && c.Name.StartsWith("<", StringComparison.Ordinal)) c = c.DeclaringType;
            return DisplayType(c) + "." + (string.IsNullOrEmpty(origin) ? t.Name : origin) + " (in generated code)";
        }

        static bool IsStateMachineMethod(string name)
        {
            return name == "MoveNext" || name == "SetStateMachine" || name == "Dispose" || name == "Reset" || name == ".ctor" ||
                name.IndexOf("get_Current", StringComparison.Ordinal) >= 0 || name.IndexOf("GetEnumerator", StringComparison.Ordinal) >= 0;
        }

        static bool HasInterface(Type t, string full)
        {
            foreach (var i in t.GetInterfaces()) if (i.FullName == full) return true;
            return false;
        }

        /// <summary>The source method a compiler-generated name comes from ("&lt;Execute&gt;m__0":
        /// "Execute"), and what kind of generated code it is; the name itself otherwise.</summary>
        static string Origin(string name, ref string kind)
        {
            if (!name.StartsWith("<", StringComparison.Ordinal)) return name;
            var close = name.IndexOf('>');
            if (close < 0) return name;
            var inner = name.Substring(1, close - 1);
            var rest = name.Substring(close + 1);
            if (rest.StartsWith("g__", StringComparison.Ordinal)) kind = "a local function";
            else if (rest.StartsWith("m__", StringComparison.Ordinal) || rest.StartsWith("b__", StringComparison.Ordinal)) kind = "a lambda";
            return inner;
        }
    }
}
