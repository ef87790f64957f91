using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    // Deciding a member or type the checked code names (AssemblyChecker).
    public static partial class AssemblyChecker
    {
        // ---- members and types ----

        /// <summary>True when the member may not be used, with what it is and why.</summary>
        static bool CheckMember(Assembly own, MemberInfo m, OpCode op, out string subject, out string why)
        {
            subject = Describe(m);
            why = null;
            var dt = m.DeclaringType;
            if (dt == null)
            {
                if (m.Module.Assembly == own) return false;
                why = Outside;
                return true;
            }
            string argSubject;
            if (dt.IsGenericType && !dt.IsGenericTypeDefinition)
                foreach (var a in dt.GetGenericArguments())
                    if (CheckType(own, a, out argSubject, out why)) { subject = argSubject + " (a type argument of " + subject + ")"; return true; }
            var mb = m as MethodBase;
            if (mb != null && mb.IsGenericMethod && !mb.IsGenericMethodDefinition)
                foreach (var a in mb.GetGenericArguments())
                    if (CheckType(own, a, out argSubject, out why)) { subject = argSubject + " (a type argument of " + subject + ")"; return true; }
            if (PointerSignature(m)) { why = Native; return true; }
            var def = dt.IsGenericType && !dt.IsGenericTypeDefinition ? dt.GetGenericTypeDefinition() : dt;
            if (def.Assembly == own)
            {
                // The snippet's own code is checked body by body; a delegate's BeginInvoke has no body.
                if (typeof(MulticastDelegate).IsAssignableFrom(def) && (m.Name == "BeginInvoke" || m.Name == "EndInvoke")) { why = Threads; return true; }
                return false;
            }
            Rule rule;
            var kind = Classify(def, out why, out rule);
            if (kind == Kind.Blocked) return true;
            if (kind == Kind.Outside)
            {
                var f = m as FieldInfo;
                if (f == null) { why = Outside; return true; }
                var v = op.Value;
                if (v == OpCodes.Stsfld.Value || v == OpCodes.Ldsflda.Value) { why = Outside; return true; }
                if (typeof(Delegate).IsAssignableFrom(f.FieldType)) { why = Outside; return true; }
                return false;
            }
            var name = m is ConstructorInfo ? ".ctor" : m.Name;
            var nsRule = NamespaceRule(def.Namespace ?? "");
            if (nsRule != null && Denied(nsRule, m, name, out why)) return true;
            // A deny rule on the type or any base type (an override, or a member declared on each
            // subtype such as a delegate's BeginInvoke); it names the more specific reason.
            for (var c = def; c != null; c = c.BaseType)
            {
                var cdef = c.IsGenericType && !c.IsGenericTypeDefinition ? c.GetGenericTypeDefinition() : c;
                var r = RuleOf(cdef);
                if (r != null && Denied(r, m, name, out why)) return true;
            }
            var im = m as MethodInfo;
            if (def.IsInterface && im != null && DeniedThroughInterface(def, im, out why)) return true;
            if (rule != null && rule.Only != null && !MemberMatch(rule.Only, name) && !ObjectMember(name)) { why = rule.OnlyWhy; return true; }
            return false;
        }

        /// <summary>A call through an interface runs whichever class implements it, so a member a
        /// rule denies on a platform class is denied through the interface method it implements:
        /// IEventHandler.SendEvent is CallbackEventHandler.SendEvent on a VisualElement,
        /// _AppDomain.Load is AppDomain.Load, ICustomAttributeProvider.GetCustomAttributes is
        /// MemberInfo's. The classes looked at are those with a rule, in the interface's assembly
        /// (where Unity and the runtime declare both).</summary>
        static bool DeniedThroughInterface(Type iface, MethodInfo m, out string why)
        {
            why = null;
            foreach (var impl in Implementers(iface))
            {
                Type implemented = null;
                foreach (var i in impl.GetInterfaces())
                    if (i == iface || (i.IsGenericType && i.GetGenericTypeDefinition() == iface)) { implemented = i; break; }
                if (implemented == null) continue;
                InterfaceMapping map;
                try { map = impl.GetInterfaceMap(implemented); }
                catch (Exception) { continue; }
                for (int k = 0; k < map.InterfaceMethods.Length; k++)
                {
                    var declared = map.InterfaceMethods[k];
                    if (declared.MetadataToken != m.MetadataToken || declared.Module != m.Module) continue;
                    var target = map.TargetMethods[k];
                    if (target == null) continue;
                    // An explicit implementation is named "Namespace.IFace.Member".
                    var name = target.Name.Substring(target.Name.LastIndexOf('.') + 1);
                    for (var c = target.DeclaringType; c != null; c = c.BaseType)
                    {
                        var r = RuleOf(c.IsGenericType && !c.IsGenericTypeDefinition ? c.GetGenericTypeDefinition() : c);
                        if (r == null) continue;
                        if (Denied(r, target, name, out why)) return true;
                        if (c == target.DeclaringType && r.Only != null && !MemberMatch(r.Only, name) && !ObjectMember(name)) { why = r.OnlyWhy; return true; }
                    }
                }
            }
            return false;
        }

        static readonly Dictionary<Type, List<Type>> implementers = new Dictionary<Type, List<Type>>();

        /// <summary>The classes with a deny or allow-only rule, in the interface's assembly, that
        /// implement it (cached: the rules do not change).</summary>
        static List<Type> Implementers(Type iface)
        {
            lock (implementers)
            {
                List<Type> r;
                if (implementers.TryGetValue(iface, out r)) return r;
                r = new List<Type>();
                foreach (var kv in TypeRules)
                {
                    if (kv.Value.Denies.Count == 0 && kv.Value.Only == null) continue;
                    Type t;
                    try { t = iface.Assembly.GetType(kv.Key, false); }
                    catch (Exception) { continue; }
                    if (t == null || t.IsInterface) continue;
                    foreach (var i in t.GetInterfaces())
                        if (i == iface || (i.IsGenericType && i.GetGenericTypeDefinition() == iface)) { r.Add(t); break; }
                }
                implementers[iface] = r;
                return r;
            }
        }

        static bool Denied(Rule r, MemberInfo m, string name, out string why)
        {
            why = null;
            foreach (var d in r.Denies)
            {
                if (!MemberMatch(d.Members, name)) continue;
                if (d.When != null && !d.When(m)) continue;
                why = d.Why;
                return true;
            }
            return false;
        }

        static bool ObjectMember(string name)
        {
            return name == "ToString" || name == "Equals" || name == "GetHashCode" || name == "GetType" || name == "Dispose";
        }

        /// <summary>True when the type may not be used, with what it is and why.</summary>
        static bool CheckType(Assembly own, Type t, out string subject, out string why)
        {
            subject = null;
            why = null;
            if (t == null || t.IsGenericParameter) return false;
            if (t.HasElementType)
            {
                if (t.IsPointer) { subject = "the pointer type " + TypeName(t); why = Native; return true; }
                return CheckType(own, t.GetElementType(), out subject, out why);
            }
            if (t.IsGenericType && !t.IsGenericTypeDefinition)
            {
                if (CheckType(own, t.GetGenericTypeDefinition(), out subject, out why)) return true;
                foreach (var a in t.GetGenericArguments())
                    if (CheckType(own, a, out subject, out why)) return true;
                return false;
            }
            if (t.Assembly == own) return false;
            Rule rule;
            if (Classify(t, out why, out rule) != Kind.Blocked) return false;
            subject = TypeName(t);
            return true;
        }

        static bool PointerSignature(MemberInfo m)
        {
            var f = m as FieldInfo;
            if (f != null) return HasPointer(f.FieldType);
            var mb = m as MethodBase;
            if (mb == null) return false;
            var mi = mb as MethodInfo;
            if (mi != null && HasPointer(mi.ReturnType)) return true;
            foreach (var p in mb.GetParameters())
                if (HasPointer(p.ParameterType)) return true;
            return false;
        }

        static bool HasPointer(Type t)
        {
            while (t != null && t.HasElementType)
            {
                if (t.IsPointer) return true;
                t = t.GetElementType();
            }
            return false;
        }

        enum Kind { Allowed, Blocked, Outside }

        /// <summary>Decides a (non-generic-instance) type: allowed (with the rule of its
        /// members, if any), blocked (why), or project/package code.</summary>
        static Kind Classify(Type t, out string why, out Rule rule)
        {
            why = null;
            rule = null;
            var ns = t.Namespace ?? "";
            var asmName = t.Assembly.GetName().Name ?? "";
            if (ns == "UnityMcp" || ns.StartsWith("UnityMcp.", StringComparison.Ordinal) || asmName.StartsWith("UnityMcp", StringComparison.Ordinal))
            {
                why = Level;
                return Kind.Blocked;
            }
            var dot = ns.IndexOf('.');
            var root = dot < 0 ? ns : ns.Substring(0, dot);
            if (!PlatformRoots.Contains(root)) return Kind.Outside;
            rule = RuleOf(t);
            if (rule != null)
            {
                if (rule.Why != null) { why = rule.Why; return Kind.Blocked; }
            }
            else
            {
                var nsRule = NamespaceRule(ns);
                if (nsRule != null && nsRule.Why != null) { why = nsRule.Why; return Kind.Blocked; }
                if (nsRule == null || nsRule.Listed)
                {
                    why = "code outside the Restricted allowlist (" + (ns.Length == 0 ? TypeName(t) : ns) + ")";
                    return Kind.Blocked;
                }
            }
            if (asmName.StartsWith("Assembly-CSharp", StringComparison.Ordinal) ||
                (asmName.StartsWith("Unity.", StringComparison.Ordinal) && !PlatformPackages.Contains(asmName)))
                return Kind.Outside;
            return Kind.Allowed;
        }

        /// <summary>The rule of a type: its own, else its enclosing type's.</summary>
        static Rule RuleOf(Type t)
        {
            for (var c = t; c != null; c = c.DeclaringType)
            {
                var name = c.FullName;
                Rule r;
                if (name != null && TypeRules.TryGetValue(name, out r)) return r;
            }
            return null;
        }

        /// <summary>The namespace's own rule, else the nearest enclosing namespace rule that
        /// covers its sub-namespaces.</summary>
        static Rule NamespaceRule(string ns)
        {
            Rule r;
            if (NamespaceRules.TryGetValue(ns, out r)) return r;
            for (var n = ns; ;)
            {
                var dot = n.LastIndexOf('.');
                if (dot < 0) return null;
                n = n.Substring(0, dot);
                if (NamespaceRules.TryGetValue(n, out r) && r.Sub) return r;
            }
        }

        static bool MemberMatch(string[] members, string name)
        {
            if (members == null) return true;
            foreach (var p in members)
            {
                if (p.EndsWith("*", StringComparison.Ordinal) ? name.StartsWith(p.Substring(0, p.Length - 1), StringComparison.Ordinal) : name == p)
                    return true;
            }
            return false;
        }

        /// <summary>Offsets where control arrives from elsewhere (branch targets, handlers), or
        /// null when the IL has an instruction the checker does not know.</summary>
        static HashSet<int> BranchTargets(byte[] il, MethodBody body)
        {
            var t = new HashSet<int>();
            foreach (var c in body.ExceptionHandlingClauses)
            {
                t.Add(c.HandlerOffset);
                t.Add(c.TryOffset);
                if (c.Flags == ExceptionHandlingClauseOptions.Filter) t.Add(c.FilterOffset);
            }
            int i = 0;
            while (i < il.Length)
            {
                OpCode op;
                if (il[i] == 0xFE && i + 1 < il.Length) { op = TwoByte[il[i + 1]]; i += 2; }
                else { op = OneByte[il[i]]; i += 1; }
                if (op.Size == 0) return null;
                int size = OperandSize(op.OperandType, il, i);
                int next = i + size;
                foreach (var to in Jumps(op, il, i, next)) t.Add(to);
                i = next;
            }
            return t;
        }

        static int OperandSize(OperandType type, byte[] il, int at)
        {
            switch (type)
            {
                case OperandType.InlineNone: return 0;
                case OperandType.ShortInlineBrTarget:
                case OperandType.ShortInlineI:
                case OperandType.ShortInlineVar: return 1;
                case OperandType.InlineVar: return 2;
                case OperandType.InlineI8:
                case OperandType.InlineR: return 8;
                case OperandType.InlineSwitch: return at + 4 <= il.Length ? 4 + 4 * BitConverter.ToInt32(il, at) : 4;
                default: return 4;
            }
        }
    }
}
