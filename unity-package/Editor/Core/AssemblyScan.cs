using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    // Reading a method body instruction by instruction (AssemblyChecker).
    public static partial class AssemblyChecker
    {
        /// <summary>One assembly's check: where findings go, and what was said already.</summary>
        sealed class Scan
        {
            public Assembly Own;
            public List<string> Found;
            public int Dropped;
            int listed;
            readonly HashSet<string> seen = new HashSet<string>(StringComparer.Ordinal);

            public void Add(string what, string where, string why)
            {
                var line = "the compiled code " + what + " in " + where + " — " + why +
                    " is blocked at the Restricted security level (Project Settings > unitymcp > Security level: FullAccess allows it)";
                if (!seen.Add(line)) return;
                if (listed >= MaxFindings) { Dropped++; return; }
                listed++;
                Found.Add(line);
            }

            public bool UseType(Type t, string where, string what)
            {
                string subject, why;
                if (!CheckType(Own, t, out subject, out why)) return false;
                Add(what + subject, where, why);
                return true;
            }

            public void Attributes(IList<CustomAttributeData> attrs, string where, bool skipInterop = false)
            {
                foreach (var a in attrs)
                {
                    // DllImport, PreserveSig and the like show up here too; their method is reported once, as native.
                    if (a.AttributeType.Namespace == "System.Runtime.InteropServices" && skipInterop) continue;
                    if (UseType(a.AttributeType, where, "has the attribute ")) continue;
                    string subject, why;
                    if (a.Constructor != null && CheckMember(Own, a.Constructor, OpCodes.Newobj, out subject, out why))
                        Add("uses " + subject, where, why);
                    foreach (var arg in a.ConstructorArguments)
                        if (arg.Value is Type) UseType((Type)arg.Value, where, "names the type ");
                }
            }

            public void Type(Type t)
            {
                var where = WhereType(t);
                const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
                if (t.BaseType != null) UseType(t.BaseType, where, "derives from ");
                // Overlapping fields ([FieldOffset]) would let a reference of one type be read as
                // another, past every rule that trusts the IL's static types (ArgumentRules).
                if (t.IsExplicitLayout) Add("declares a type with explicit field layout (overlapping fields)", where, Native);
                // The interfaces the type adds (those of its base type were decided with it).
                var inherited = t.BaseType == null ? new Type[0] : t.BaseType.GetInterfaces();
                foreach (var i in t.GetInterfaces())
                    if (Array.IndexOf(inherited, i) < 0) UseType(i, where, "implements ");
                Attributes(t.GetCustomAttributesData(), where);
                foreach (var f in t.GetFields(all))
                {
                    UseType(f.FieldType, where, "declares a field of type ");
                    Attributes(f.GetCustomAttributesData(), where);
                }
                foreach (var p in t.GetProperties(all)) Attributes(p.GetCustomAttributesData(), where);
                foreach (var e in t.GetEvents(all)) Attributes(e.GetCustomAttributesData(), where);
                foreach (var m in t.GetMethods(all)) Method(t, m);
                foreach (var c in t.GetConstructors(all)) Method(t, c);
            }

            public void Method(Type t, MethodBase m)
            {
                var where = Where(t, m);
                bool native = false;
                if ((m.Attributes & MethodAttributes.PinvokeImpl) != 0)
                {
                    Add("declares a native method (DllImport)", where, Native);
                    native = true;
                }
                var impl = m.GetMethodImplementationFlags();
                if ((impl & MethodImplAttributes.InternalCall) != 0 || (impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.Native ||
                    (impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.OPTIL)
                {
                    Add("declares a method the runtime implements (InternalCall)", where, Native);
                    native = true;
                }
                var mi = m as MethodInfo;
                if (mi != null) UseType(mi.ReturnType, where, "returns ");
                foreach (var p in m.GetParameters()) UseType(p.ParameterType, where, "takes a parameter of type ");
                Attributes(m.GetCustomAttributesData(), where, native);
                MethodBody body;
                try { body = m.GetMethodBody(); }
                catch (Exception) { body = null; }
                if (body == null)
                {
                    // Only abstract methods, interface members and the runtime's delegate methods have no body.
                    bool runtime = (impl & MethodImplAttributes.CodeTypeMask) == MethodImplAttributes.Runtime;
                    if (!m.IsAbstract && !runtime && !native)
                        Add("declares an extern method", where, Native);
                    return;
                }
                foreach (var l in body.LocalVariables)
                {
                    if (l.IsPinned) Add("pins memory for a pointer (fixed)", where, Native);
                    UseType(l.LocalType, where, "has a local of type ");
                }
                foreach (var c in body.ExceptionHandlingClauses)
                    if (c.Flags == ExceptionHandlingClauseOptions.Clause) UseType(c.CatchType, where, "catches ");
                Body(t, m, body, where);
            }

            void Body(Type t, MethodBase m, MethodBody body, string where)
            {
                var il = body.GetILAsByteArray();
                if (il == null) return;
                var typeArgs = t != null && t.IsGenericType ? t.GetGenericArguments() : null;
                var methodArgs = m.IsGenericMethod ? m.GetGenericArguments() : null;
                var targets = BranchTargets(il, body);
                if (targets == null)
                {
                    Add("has an instruction the checker does not know", where, Unverifiable);
                    return;
                }
                // The constant strings and static types on the evaluation stack (null: not
                // known), followed through branches and joins as far as straight C# output
                // needs: enough to see a literal preference key, or what an object is typed as
                // (ArgumentRules).
                var frame = new ArgumentRules.Frame(m, body);
                for (int k = 0; k < il.Length;)
                {
                    OpCode o;
                    if (il[k] == 0xFE && k + 1 < il.Length) { o = TwoByte[il[k + 1]]; k += 2; }
                    else { o = OneByte[il[k]]; k += 1; }
                    frame.Count(o, il, k);
                    k += OperandSize(o.OperandType, il, k);
                }
                var stack = new List<ArgumentRules.Value>();
                var pending = new Dictionary<int, List<ArgumentRules.Value>>();
                bool fellThrough = true;
                int i = 0;
                while (i < il.Length)
                {
                    int at = i;
                    if (targets.Contains(at))
                    {
                        List<ArgumentRules.Value> p;
                        bool has = pending.TryGetValue(at, out p);
                        if (has && fellThrough) stack = ArgumentRules.Merge(stack, p);
                        else if (has) stack = new List<ArgumentRules.Value>(p);
                        else if (!fellThrough) stack = new List<ArgumentRules.Value>();
                    }
                    OpCode op;
                    if (il[i] == 0xFE && i + 1 < il.Length) { op = TwoByte[il[i + 1]]; i += 2; }
                    else { op = OneByte[il[i]]; i += 1; }
                    int size = OperandSize(op.OperandType, il, i);
                    var v = op.Value;
                    if (v == OpCodes.Calli.Value) Add("calls through a function pointer (calli)", where, Native);
                    else if (v == OpCodes.Localloc.Value) Add("allocates stack memory (stackalloc)", where, Native);
                    else if (v == OpCodes.Cpblk.Value || v == OpCodes.Initblk.Value) Add("copies raw memory (cpblk/initblk)", where, Native);
                    MemberInfo target = null;
                    if (op.OperandType == OperandType.InlineMethod || op.OperandType == OperandType.InlineField ||
                        op.OperandType == OperandType.InlineTok || op.OperandType == OperandType.InlineType)
                    {
                        int token = BitConverter.ToInt32(il, i);
                        try
                        {
                            target = op.OperandType == OperandType.InlineType
                                ? m.Module.ResolveType(token, typeArgs, methodArgs)
                                : m.Module.ResolveMember(token, typeArgs, methodArgs);
                        }
                        catch (Exception) { }
                        if (target == null) Add("has a reference (" + op.Name + ") that could not be resolved, so it cannot be checked", where, Unverifiable);
                        else if (target is Type) UseType((Type)target, where, "uses the type ");
                        else
                        {
                            string subject, why;
                            if (CheckMember(Own, target, op, out subject, out why)) Add("uses " + subject, where, why);
                            // Arguments are what is on the stack at a call; a delegate or a handle
                            // (ldftn, ldvirtftn, ldtoken) is called later with others.
                            string what;
                            bool call = v == OpCodes.Call.Value || v == OpCodes.Callvirt.Value || v == OpCodes.Newobj.Value;
                            if (call ? ArgumentRules.Check(target, stack, frame, out what, out why) : ArgumentRules.CheckHandle(target, op, out what, out why))
                                Add(what, where, why);
                        }
                    }
                    string literal = null;
                    if (op.OperandType == OperandType.InlineString)
                    {
                        try { literal = m.Module.ResolveString(BitConverter.ToInt32(il, i)); }
                        catch (Exception) { }
                    }
                    ArgumentRules.Simulate(op, target, literal, il, i, stack, frame);
                    if (v == OpCodes.Leave.Value || v == OpCodes.Leave_S.Value) stack.Clear();
                    int next = i + size;
                    if (op.FlowControl == FlowControl.Branch || op.FlowControl == FlowControl.Cond_Branch)
                    {
                        foreach (var to in Jumps(op, il, i, next))
                        {
                            if (to <= at) continue;
                            List<ArgumentRules.Value> p;
                            pending[to] = pending.TryGetValue(to, out p) ? ArgumentRules.Merge(p, stack) : new List<ArgumentRules.Value>(stack);
                        }
                    }
                    fellThrough = !(op.FlowControl == FlowControl.Branch || op.FlowControl == FlowControl.Return ||
                        op.FlowControl == FlowControl.Throw || v == OpCodes.Endfinally.Value || v == OpCodes.Jmp.Value);
                    i = next;
                }
            }
        }

        /// <summary>Where a branch instruction may go.</summary>
        static List<int> Jumps(OpCode op, byte[] il, int operandAt, int next)
        {
            var r = new List<int>();
            if (op.OperandType == OperandType.ShortInlineBrTarget && operandAt < il.Length) r.Add(next + (sbyte)il[operandAt]);
            else if (op.OperandType == OperandType.InlineBrTarget && operandAt + 4 <= il.Length) r.Add(next + BitConverter.ToInt32(il, operandAt));
            else if (op.OperandType == OperandType.InlineSwitch && operandAt + 4 <= il.Length)
            {
                int n = BitConverter.ToInt32(il, operandAt);
                for (int k = 0; k < n && operandAt + 8 + 4 * k <= il.Length; k++) r.Add(next + BitConverter.ToInt32(il, operandAt + 4 + 4 * k));
            }
            return r;
        }
    }
}
