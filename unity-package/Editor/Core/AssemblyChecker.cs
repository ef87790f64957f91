using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    /// <summary>The Restricted level enforced on what the compiler produced: every method
    /// body of the compiled snippet is read instruction by instruction, and every method,
    /// constructor and field it calls, creates, reads or takes the address of is looked up
    /// against the blocked APIs. Aliases, <c>using</c> tricks, line breaks, delegates
    /// (<c>ldftn</c>) and lambdas do not hide a call here, as they can from the syntax
    /// check. Nothing of the assembly runs before this check passes: reading its types and
    /// IL executes no code.</summary>
    public static class AssemblyChecker
    {
        // Opcodes by value (one-byte, and 0xFE-prefixed two-byte).
        static readonly OpCode[] OneByte = new OpCode[0x100];
        static readonly OpCode[] TwoByte = new OpCode[0x100];

        static AssemblyChecker()
        {
            foreach (var f in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
            {
                var op = (OpCode)f.GetValue(null);
                var v = (ushort)op.Value;
                if (op.Size == 1) OneByte[v] = op;
                else TwoByte[v & 0xFF] = op;
            }
        }

        sealed class Rule
        {
            public string Type;         // full name of the declaring type, or a namespace prefix ending in "."
            public string[] Members;    // null: every member; "Name*" matches a prefix; ".ctor" for constructors
            public string What;
            public Func<MemberInfo, bool> Extra; // a further condition on the member, or null
        }

        static Rule R(string type, string members, string what, Func<MemberInfo, bool> extra = null)
        {
            return new Rule { Type = type, Members = members == null ? null : members.Split(' '), What = what, Extra = extra };
        }

        const string Proc = "starting processes";
        const string Files = "writing, moving or deleting files";
        const string Net = "network access";
        const string Refl = "reflection-based invocation";
        const string Load = "loading assemblies";
        const string Native = "native code (P/Invoke, unsafe)";
        const string Level = "changing the unitymcp security level";

        static bool FirstParamIsString(MemberInfo m)
        {
            var mb = m as MethodBase;
            if (mb == null) return false;
            var ps = mb.GetParameters();
            return ps.Length > 0 && ps[0].ParameterType == typeof(string);
        }

        static readonly Rule[] Rules =
        {
            R("System.Diagnostics.Process", null, Proc),
            R("System.Diagnostics.ProcessStartInfo", null, Proc),
            R("UnityEngine.Application", "OpenURL", Proc),
            R("UnityEditor.EditorUtility", "OpenWithDefaultApp", Proc),
            R("System.IO.File", "Write* Append* Delete Move Copy Create* Replace Open OpenWrite Set* Encrypt Decrypt", Files),
            R("System.IO.Directory", "Delete Move CreateDirectory Set*", Files),
            R("System.IO.FileSystemInfo", "Delete set_* Set* Refresh", Files),
            R("System.IO.FileInfo", "Delete MoveTo CopyTo Create* Open OpenWrite AppendText Replace Encrypt Decrypt set_* Set*", Files),
            R("System.IO.DirectoryInfo", "Delete MoveTo Create CreateSubdirectory set_* Set*", Files),
            R("System.IO.FileStream", ".ctor", Files),
            R("System.IO.StreamWriter", ".ctor", Files, FirstParamIsString),
            R("System.IO.Compression.ZipFile", null, Files),
            R("System.IO.Compression.ZipFileExtensions", null, Files),
            R("UnityEditor.FileUtil", "Delete* Move* Copy* Replace*", Files),
            R("UnityEditor.AssetDatabase", "DeleteAsset DeleteAssets MoveAssetToTrash MoveAssetsToTrash", Files),
            R("System.Net.", null, Net),
            R("UnityEngine.Networking.", null, Net),
            R("System.Reflection.MethodBase", "Invoke", Refl),
            R("System.Reflection.MethodInfo", "Invoke CreateDelegate", Refl),
            R("System.Reflection.ConstructorInfo", "Invoke", Refl),
            R("System.Reflection.PropertyInfo", "SetValue", Refl),
            R("System.Reflection.FieldInfo", "SetValue SetValueDirect", Refl),
            R("System.Type", "InvokeMember", Refl),
            R("System.Activator", null, Refl),
            R("System.Delegate", "CreateDelegate DynamicInvoke", Refl),
            R("System.Reflection.Emit.", null, Refl),
            R("System.Linq.Expressions.LambdaExpression", "Compile", Refl),
            R("System.Linq.Expressions.Expression`1", "Compile", Refl),
            R("Microsoft.CSharp.RuntimeBinder.", null, Refl + " (dynamic)"),
            R("System.Reflection.Assembly", "Load* UnsafeLoadFrom ReflectionOnlyLoad*", Load),
            R("System.AppDomain", "Load CreateDomain ExecuteAssembly* CreateInstance* DefineDynamicAssembly", Load),
            R("System.Runtime.Loader.", null, Load),
            R("System.Runtime.InteropServices.Marshal", null, Native),
            R("System.Runtime.InteropServices.NativeLibrary", null, Native),
            R("System.Runtime.CompilerServices.Unsafe", null, Native),
            R("UnityEditor.EditorPrefs", "DeleteAll", Level),
        };

        /// <summary>Lists what the compiled code may not do at the level, one entry per
        /// blocked API and method (empty when it may run). Disabled blocks everything,
        /// FullAccess nothing.</summary>
        public static List<string> Check(Assembly asm, SecurityLevel level)
        {
            List<string> found;
            if (SecurityChecker.Decided(level, out found)) return found;
            var names = new List<string>();
            foreach (var r in asm.GetReferencedAssemblies()) names.Add(r.Name);
            found.AddRange(SecurityChecker.CheckReferences(names, level));
            var seen = new HashSet<string>();
            Type[] types;
            try { types = asm.GetTypes(); }
            catch (ReflectionTypeLoadException e)
            {
                found.Add("the compiled code could not be inspected (" + e.LoaderExceptions.Length + " type(s) failed to load), so it is blocked at the Restricted security level");
                return found;
            }
            foreach (var mod in asm.GetModules())
            {
                // Global methods, a module initializer among them, live outside every type.
                foreach (var m in mod.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance))
                    CheckBody(asm, null, m, found, seen);
            }
            foreach (var t in types)
            {
                const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly;
                var methods = new List<MethodBase>();
                methods.AddRange(t.GetMethods(all));
                methods.AddRange(t.GetConstructors(all));
                foreach (var m in methods)
                {
                    if ((m.Attributes & MethodAttributes.PinvokeImpl) != 0)
                        Add(found, seen, "declares the native method " + t.Name + "." + m.Name + " (DllImport)", Native);
                    CheckBody(asm, t, m, found, seen);
                }
            }
            return found;
        }

        static void CheckBody(Assembly asm, Type t, MethodBase m, List<string> found, HashSet<string> seen)
        {
            MethodBody body;
            try { body = m.GetMethodBody(); }
            catch (Exception) { body = null; }
            if (body == null) return;
            var il = body.GetILAsByteArray();
            if (il == null) return;
            var typeArgs = t != null && t.IsGenericType ? t.GetGenericArguments() : null;
            var where = (t == null ? "<Module>" : t.Name) + "." + m.Name;
            var methodArgs = m.IsGenericMethod ? m.GetGenericArguments() : null;
            bool setsPrefs = false, namesOurKey = false;
            int i = 0;
            while (i < il.Length)
            {
                OpCode op;
                if (il[i] == 0xFE && i + 1 < il.Length) { op = TwoByte[il[i + 1]]; i += 2; }
                else { op = OneByte[il[i]]; i += 1; }
                if (op.Size == 0)
                {
                    Add(found, seen, "the compiled code has an instruction the checker does not know (0x" + il[i - 1].ToString("x2") + ")", "unverifiable code");
                    return;
                }
                if (op.Value == OpCodes.Calli.Value) Add(found, seen, "calls through a function pointer (calli) in " + where, Native);
                int size = OperandSize(op.OperandType, il, i);
                if (op.OperandType == OperandType.InlineMethod || op.OperandType == OperandType.InlineField || op.OperandType == OperandType.InlineTok)
                {
                    int token = BitConverter.ToInt32(il, i);
                    MemberInfo target = null;
                    try { target = m.Module.ResolveMember(token, typeArgs, methodArgs); }
                    catch (Exception) { }
                    if (target == null)
                    {
                        if (op.OperandType != OperandType.InlineTok)
                            Add(found, seen, "has a call in " + where + " that could not be resolved, so it cannot be checked", "unverifiable code");
                    }
                    else if (op.OperandType != OperandType.InlineTok || target is MethodBase)
                    {
                        var why = Blocked(asm, target);
                        if (why != null) Add(found, seen, Describe(target), why);
                        if (target.DeclaringType != null && target.DeclaringType.FullName == "UnityEditor.EditorPrefs" &&
                            (target.Name.StartsWith("Set", StringComparison.Ordinal) || target.Name.StartsWith("Delete", StringComparison.Ordinal)))
                            setsPrefs = true;
                    }
                }
                else if (op.OperandType == OperandType.InlineString)
                {
                    string s = null;
                    try { s = m.Module.ResolveString(BitConverter.ToInt32(il, i)); }
                    catch (Exception) { }
                    if (s != null && s.StartsWith("UnityMcp", StringComparison.Ordinal)) namesOurKey = true;
                }
                i += size;
            }
            if (setsPrefs && namesOurKey) Add(found, seen, "writes a UnityMcp EditorPrefs key in " + where, Level);
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

        /// <summary>Why a member is blocked at the Restricted level, or null.</summary>
        static string Blocked(Assembly own, MemberInfo m)
        {
            var dt = m.DeclaringType;
            if (dt == null || dt.Assembly == own) return null;
            if (dt.IsGenericType && !dt.IsGenericTypeDefinition) dt = dt.GetGenericTypeDefinition();
            var full = dt.FullName ?? dt.Name;
            var ns = dt.Namespace ?? "";
            if (ns == "UnityMcp" || ns.StartsWith("UnityMcp.", StringComparison.Ordinal)) return Level;
            var name = m is ConstructorInfo ? ".ctor" : m.Name;
            foreach (var r in Rules)
            {
                bool typeMatch = r.Type.EndsWith(".", StringComparison.Ordinal)
                    ? (ns + ".").StartsWith(r.Type, StringComparison.Ordinal)
                    : full == r.Type;
                if (!typeMatch || !MemberMatch(r.Members, name)) continue;
                if (r.Extra != null && !r.Extra(m)) continue;
                return r.What;
            }
            return null;
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

        static string Describe(MemberInfo m)
        {
            var dt = m.DeclaringType;
            var type = dt == null ? "" : (dt.IsGenericType ? dt.Name.Split('`')[0] : dt.Name) + ".";
            return "uses " + (dt != null && dt.Namespace != null ? dt.Namespace + "." : "") + type + (m is ConstructorInfo ? "new" : m.Name);
        }

        static void Add(List<string> found, HashSet<string> seen, string what, string why)
        {
            var line = "the compiled code " + what + " — " + why + " is blocked at the Restricted security level (Project Settings > unitymcp > Security level: FullAccess allows it)";
            if (seen.Add(line)) found.Add(line);
        }
    }
}
