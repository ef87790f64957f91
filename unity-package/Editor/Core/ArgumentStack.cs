using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    // Following the IL evaluation stack back to what a call was given (ArgumentRules).
    static partial class ArgumentRules
    {
        // ---- following the evaluation stack ----

        /// <summary>Follows the evaluation stack through one instruction: constant strings
        /// (ldstr, and locals stored once), static types (locals, arguments, fields, call
        /// results, casts, array elements) and addresses; everything else pushes an unknown
        /// value, and control flow the checker cannot follow forgets the stack.</summary>
        internal static void Simulate(OpCode op, MemberInfo target, string literal, byte[] il, int operandAt, List<Value> stack, Frame frame)
        {
            var v = op.Value;
            if (v == OpCodes.Ldstr.Value)
            {
                stack.Add(new Value { Prefix = literal, Exact = literal != null, Type = typeof(string) });
                return;
            }
            int local = LocalOperand(op, il, operandAt, LoadOps);
            if (local >= 0)
            {
                stack.Add(frame.Load(local));
                return;
            }
            local = LocalOperand(op, il, operandAt, StoreOps);
            if (local >= 0)
            {
                if (stack.Count > 0)
                {
                    frame.Store(local, stack[stack.Count - 1]);
                    stack.RemoveAt(stack.Count - 1);
                }
                return;
            }
            string address = AddressOf(op, target, il, operandAt);
            if (address != null)
            {
                // ldflda pops the object whose field it is; the others pop nothing.
                if (v == OpCodes.Ldflda.Value && stack.Count > 0) stack.RemoveAt(stack.Count - 1);
                stack.Add(new Value { Address = address });
                return;
            }
            if (v == OpCodes.Dup.Value)
            {
                stack.Add(stack.Count > 0 ? stack[stack.Count - 1] : default(Value));
                return;
            }
            if (v == OpCodes.Calli.Value || v == OpCodes.Jmp.Value)
            {
                stack.Clear();
                return;
            }
            int pop, push;
            var mb = target as MethodBase;
            if (op.StackBehaviourPop == StackBehaviour.Varpop)
            {
                if (mb == null) { stack.Clear(); return; }
                pop = mb.GetParameters().Length + (!mb.IsStatic && v != OpCodes.Newobj.Value ? 1 : 0);
            }
            else pop = Pops(op.StackBehaviourPop);
            if (op.StackBehaviourPush == StackBehaviour.Varpush)
            {
                var mi = mb as MethodInfo;
                push = v == OpCodes.Newobj.Value ? 1 : mi != null && mi.ReturnType != typeof(void) ? 1 : 0;
            }
            else push = Pushes(op.StackBehaviourPush);
            var result = default(Value);
            if (push == 1)
            {
                result = StringOf(mb, stack);
                result.Type = TypeOf(op, target, il, operandAt, stack, frame);
            }
            for (int k = 0; k < pop && stack.Count > 0; k++) stack.RemoveAt(stack.Count - 1);
            for (int k = 0; k < push; k++) stack.Add(k == 0 ? result : default(Value));
        }

        /// <summary>The location an address instruction (ldloca, ldarga, ldflda, ldsflda)
        /// points to, or null for any other instruction.</summary>
        static string AddressOf(OpCode op, MemberInfo target, byte[] il, int at)
        {
            var v = op.Value;
            int i = LocalOperand(op, il, at, AddressOps);
            if (i >= 0) return "local " + i;
            if (v == OpCodes.Ldarga_S.Value && at < il.Length) return "argument " + il[at];
            if (v == OpCodes.Ldarga.Value && at + 2 <= il.Length) return "argument " + BitConverter.ToUInt16(il, at);
            var f = target as FieldInfo;
            if (f != null && (v == OpCodes.Ldflda.Value || v == OpCodes.Ldsflda.Value))
                return "field " + f.Module.ModuleVersionId + ":" + f.MetadataToken;
            return null;
        }

        /// <summary>What a string.Concat or string.Format call returns starts with: the known
        /// start of its arguments in order, up to the first one not known whole (a format
        /// string up to its first format item); nothing known for any other call.</summary>
        static Value StringOf(MethodBase call, List<Value> stack)
        {
            var r = default(Value);
            if (call == null || call.DeclaringType != typeof(string) || !call.IsStatic) return r;
            var ps = call.GetParameters();
            if (ps.Length == 0 || ps.Length > stack.Count) return r;
            if (call.Name == "Format" && ps[0].ParameterType == typeof(string))
            {
                var format = Arg(stack, ps.Length, 0);
                if (format.Prefix == null) return r;
                int brace = format.Prefix.IndexOfAny(new[] { '{', '}' });
                r.Prefix = brace < 0 ? format.Prefix : format.Prefix.Substring(0, brace);
                return r;
            }
            if (call.Name != "Concat") return r;
            var b = new System.Text.StringBuilder();
            bool exact = true;
            for (int k = 0; k < ps.Length && exact; k++)
            {
                if (ps[k].ParameterType != typeof(string) && ps[k].ParameterType != typeof(object)) return k == 0 ? r : Known(b, false);
                var part = Arg(stack, ps.Length, k);
                if (part.Prefix != null) b.Append(part.Prefix);
                exact = part.Exact;
            }
            return Known(b, exact);
        }

        static Value Known(System.Text.StringBuilder b, bool exact)
        {
            return b.Length == 0 && !exact ? default(Value) : new Value { Prefix = b.ToString(), Exact = exact };
        }

        /// <summary>The static type of the value one instruction pushes, or null.</summary>
        static Type TypeOf(OpCode op, MemberInfo target, byte[] il, int at, List<Value> stack, Frame frame)
        {
            var v = op.Value;
            if (v >= OpCodes.Ldarg_0.Value && v <= OpCodes.Ldarg_3.Value) return frame.Arg(v - OpCodes.Ldarg_0.Value);
            if (v == OpCodes.Ldarg_S.Value) return at < il.Length ? frame.Arg(il[at]) : null;
            if (v == OpCodes.Ldarg.Value) return at + 2 <= il.Length ? frame.Arg(BitConverter.ToUInt16(il, at)) : null;
            if (v == OpCodes.Ldfld.Value || v == OpCodes.Ldsfld.Value)
            {
                var f = target as FieldInfo;
                return f == null ? null : f.FieldType;
            }
            // A cast is checked at run time (castclass throws, isinst gives null), so its type holds.
            if (v == OpCodes.Castclass.Value || v == OpCodes.Isinst.Value || v == OpCodes.Unbox_Any.Value ||
                v == OpCodes.Ldelem.Value || v == OpCodes.Box.Value)
                return target as Type;
            if (v == OpCodes.Ldelem_Ref.Value)
            {
                var array = stack.Count >= 2 ? stack[stack.Count - 2].Type : null;
                return array != null && array.IsArray ? array.GetElementType() : null;
            }
            if (v == OpCodes.Newobj.Value) return target is ConstructorInfo ? target.DeclaringType : null;
            if (v == OpCodes.Call.Value || v == OpCodes.Callvirt.Value)
            {
                var mi = target as MethodInfo;
                return mi == null ? null : mi.ReturnType;
            }
            return null;
        }

        /// <summary>Two stack states where paths join: the constants both agree on, the
        /// nearest class both types derive from, and an address both point to.</summary>
        internal static List<Value> Merge(List<Value> a, List<Value> b)
        {
            var r = new List<Value>(a.Count);
            for (int k = 0; k < a.Count; k++)
            {
                if (a.Count != b.Count) { r.Add(default(Value)); continue; }
                var prefix = CommonPrefix(a[k].Prefix, b[k].Prefix);
                r.Add(new Value
                {
                    Prefix = prefix,
                    Exact = a[k].Exact && b[k].Exact && a[k].Prefix == b[k].Prefix,
                    Type = Common(a[k].Type, b[k].Type),
                    Address = a[k].Address == b[k].Address ? a[k].Address : null,
                });
            }
            return r;
        }

        static string CommonPrefix(string a, string b)
        {
            if (a == null || b == null) return null;
            int n = 0;
            while (n < a.Length && n < b.Length && a[n] == b[n]) n++;
            return a.Substring(0, n);
        }

        static Type Common(Type a, Type b)
        {
            if (a == null || b == null) return null;
            if (a == b) return a;
            if (a.IsInterface || b.IsInterface || a.IsValueType || b.IsValueType || a.IsByRef || b.IsByRef) return null;
            for (var c = a; c != null; c = c.BaseType)
                if (c.IsAssignableFrom(b)) return c;
            return null;
        }

        static int Pops(StackBehaviour b)
        {
            switch (b)
            {
                case StackBehaviour.Pop0: return 0;
                case StackBehaviour.Pop1: case StackBehaviour.Popi: case StackBehaviour.Popref: return 1;
                case StackBehaviour.Popi_popi_popi: case StackBehaviour.Popref_popi_popi: case StackBehaviour.Popref_popi_popi8:
                case StackBehaviour.Popref_popi_popr4: case StackBehaviour.Popref_popi_popr8: case StackBehaviour.Popref_popi_popref:
                case StackBehaviour.Popref_popi_pop1:
                    return 3;
                default: return 2;
            }
        }

        static int Pushes(StackBehaviour b)
        {
            switch (b)
            {
                case StackBehaviour.Push0: return 0;
                case StackBehaviour.Push1_push1: return 2;
                default: return 1;
            }
        }
    }
}
