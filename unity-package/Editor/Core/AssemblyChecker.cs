using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    /// <summary>The Restricted level enforced on what the compiler produced. Every method
    /// body of the compiled snippet (global methods, nested types, lambdas and closures,
    /// iterator and async state machines included) is read instruction by instruction, and
    /// every member and type it names — called, created, read, written, its address or
    /// token taken, cast to, boxed, used for a local, a catch, an array or a generic
    /// argument — is checked against an ALLOWLIST of namespaces and types, with a
    /// member-level denylist inside the allowed types for what writes files, installs,
    /// starts processes, invokes by reflection or changes settings, and rules on what a call
    /// is given (<see cref="ArgumentRules"/>: preference keys, the object serialized data is
    /// written into, the awaiter a result is taken from; read at the call, so those methods are
    /// never taken as delegates). A call through an interface is decided as a call of the
    /// platform classes that implement it. The snippet's own types
    /// are checked too: base types, interfaces, field and signature types, attributes, and
    /// native or extern declarations. Aliases, <c>using</c> tricks, line breaks, delegates
    /// and lambdas do not hide a call here, as they can from the syntax check. Nothing of
    /// the assembly runs before this check passes: reading its types, attributes (as data)
    /// and IL executes no code.
    ///
    /// <para>How a type is decided (<see cref="Classify"/>): types of the snippet's own
    /// assembly are allowed (their bodies are checked). Types of the unitymcp package
    /// (namespace or assembly UnityMcp*) are blocked. Types in the platform namespaces
    /// (System*, Microsoft*, Mono*, UnityEngine*, UnityEditor*, UnityEditorInternal*, Unity.*,
    /// Newtonsoft*) are decided by the rules below: a rule for the type itself (or its
    /// enclosing type) first, else the most specific namespace rule; a platform namespace
    /// without a rule is not on the allowlist. Any other type is project or package code:
    /// the snippet may name it (GetComponent&lt;T&gt;, typeof, casts, locals) and read or set
    /// its instance fields, but not call its methods, constructors or properties, write
    /// its static fields or take delegates out of it — that code can do anything.</para></summary>
    public static partial class AssemblyChecker
    {
        // Opcodes by value (one-byte, and 0xFE-prefixed two-byte).
        static readonly OpCode[] OneByte = new OpCode[0x100];
        static readonly OpCode[] TwoByte = new OpCode[0x100];

        // ---- why something is blocked (each reads "<why> is blocked at the Restricted security level") ----

        internal const string Proc = "starting processes or handing files and URLs to other programs";
        internal const string Files = "writing, moving or deleting files";
        internal const string Install = "installing or removing packages and code";
        internal const string ProjectSettings = "changing project settings (saved to ProjectSettings/)";
        internal const string Menu = "running menu commands (they save, build and install)";
        internal const string Net = "network access";
        internal const string Refl = "reflection-based invocation";
        internal const string Dyn = "reflection-based invocation (dynamic)";
        internal const string Load = "loading assemblies or compiling code";
        internal const string Native = "native code (P/Invoke, unsafe)";
        internal const string Level = "changing the unitymcp security level or settings";
        internal const string Threads = "starting threads";
        internal const string ProcessState = "changing the Editor process (environment variables, current directory, exit)";
        internal const string Prefs = "deleting every Editor preference (EditorPrefs.DeleteAll)";
        internal const string Blocking = "blocking the Editor's main thread with Thread.Sleep, SpinWait, Join, a wait or a task's result (a snippet runs there and " +
            "nothing can interrupt it: return and call again, or schedule the rest with EditorApplication.delayCall)";
        internal const string Outside = "calling project or package code (it is outside the Restricted allowlist)";
        internal const string Reach = "reaching other code's objects through a delegate's Target";
        internal const string Unverifiable = "unverifiable code";

        /// <summary>At most this many findings are listed; the rest are counted.</summary>
        const int MaxFindings = 40;

        // ---- the allowlist ----

        sealed class MemberDeny
        {
            public string[] Members;            // "Name", "Name*" (prefix), ".ctor"
            public string Why;
            public Func<MemberInfo, bool> When; // a further condition on the member, or null
        }

        sealed class Rule
        {
            public bool Sub;        // a namespace rule: also its sub-namespaces
            public bool Listed;     // a namespace rule: only the types that have a rule of their own
            public string Why;      // null: allowed; else everything here is blocked for this reason
            public string[] Only;   // a type rule: only these members are allowed (plus Object's)
            public string OnlyWhy;
            public readonly List<MemberDeny> Denies = new List<MemberDeny>();
        }

        static readonly Dictionary<string, Rule> NamespaceRules = new Dictionary<string, Rule>(StringComparer.Ordinal);
        static readonly Dictionary<string, Rule> TypeRules = new Dictionary<string, Rule>(StringComparer.Ordinal);

        /// <summary>First segments of the namespaces the rules decide; any other namespace is
        /// project or package code.</summary>
        static readonly HashSet<string> PlatformRoots = new HashSet<string>(StringComparer.Ordinal)
        {
            "System", "Microsoft", "Mono", "UnityEngine", "UnityEditor", "UnityEditorInternal", "UnityEngineInternal", "Unity", "Newtonsoft",
        };

        /// <summary>Package assemblies (named Unity.*) whose UnityEngine/Unity namespaces count as
        /// platform API: Unity's runtime packages that editor scripting commonly drives. Every
        /// other Unity.* assembly (the packages' editor code among them), and Assembly-CSharp*,
        /// is package or project code even where it declares types in a Unity namespace.</summary>
        static readonly HashSet<string> PlatformPackages = new HashSet<string>(StringComparer.Ordinal)
        {
            "Unity.InputSystem", "Unity.Mathematics", "Unity.Timeline",
            "Unity.RenderPipelines.Core.Runtime", "Unity.RenderPipelines.Universal.Runtime", "Unity.RenderPipelines.HighDefinition.Runtime",
        };

        static Rule Ns(string ns, string why = null, bool sub = true, bool listed = false)
        {
            var r = new Rule { Sub = sub, Listed = listed, Why = why };
            NamespaceRules[ns] = r;
            return r;
        }

        static Rule TypeRule(string type)
        {
            Rule r;
            if (!TypeRules.TryGetValue(type, out r)) TypeRules[type] = r = new Rule();
            return r;
        }

        static void Allow(params string[] types) { foreach (var t in types) TypeRule(t); }
        static void Block(string type, string why) { TypeRule(type).Why = why; }

        static void Only(string type, string members, string why)
        {
            var r = TypeRule(type);
            r.Only = members.Split(' ');
            r.OnlyWhy = why;
        }

        static void DenyIn(Rule r, string members, string why, Func<MemberInfo, bool> when)
        {
            r.Denies.Add(new MemberDeny { Members = members.Split(' '), Why = why, When = when });
        }

        static void Deny(string type, string members, string why, Func<MemberInfo, bool> when = null)
        {
            DenyIn(TypeRule(type), members, why, when);
        }

        static bool FirstParamIsString(MemberInfo m)
        {
            var mb = m as MethodBase;
            if (mb == null) return false;
            var ps = mb.GetParameters();
            return ps.Length > 0 && ps[0].ParameterType == typeof(string);
        }

        static bool TakesNoDelegate(MemberInfo m)
        {
            var mb = m as MethodBase;
            if (mb == null) return false;
            foreach (var p in mb.GetParameters())
                if (typeof(Delegate).IsAssignableFrom(p.ParameterType)) return false;
            return true;
        }

        static bool HasParams(MemberInfo m)
        {
            var mb = m as MethodBase;
            return mb != null && mb.GetParameters().Length > 0;
        }

        // A runtime Type or a type name picks what gets constructed: not in the IL.
        static bool FirstParamIsTypeOrString(MemberInfo m)
        {
            var mb = m as MethodBase;
            if (mb == null) return false;
            var ps = mb.GetParameters();
            return ps.Length > 0 && (ps[0].ParameterType == typeof(Type) || ps[0].ParameterType == typeof(string));
        }

        static bool TwoParams(MemberInfo m)
        {
            var mb = m as MethodBase;
            return mb != null && mb.GetParameters().Length == 2;
        }

        static AssemblyChecker()
        {
            foreach (var f in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
            {
                var op = (OpCode)f.GetValue(null);
                var v = (ushort)op.Value;
                if (op.Size == 1) OneByte[v] = op;
                else TwoByte[v & 0xFF] = op;
            }
            DefineRules();
        }

        // ---- the check ----

        /// <summary>Lists what the compiled code may not do at the level, one entry per
        /// blocked member or type and place (empty when it may run). Disabled blocks
        /// everything, FullAccess nothing. Each entry names the member (Type.Member), the
        /// reason, and where (the snippet's type and method).</summary>
        public static List<string> Check(Assembly asm, SecurityLevel level)
        {
            List<string> found;
            if (SecurityChecker.Decided(level, out found)) return found;
            var names = new List<string>();
            foreach (var r in asm.GetReferencedAssemblies()) names.Add(r.Name);
            found.AddRange(SecurityChecker.CheckReferences(names, level));
            var s = new Scan { Own = asm, Found = found };
            Type[] types;
            try { types = asm.GetTypes(); }
            catch (ReflectionTypeLoadException e)
            {
                found.Add("the compiled code could not be inspected (" + e.LoaderExceptions.Length + " type(s) failed to load), so it is blocked at the Restricted security level");
                return found;
            }
            s.Attributes(asm.GetCustomAttributesData(), "the assembly");
            foreach (var mod in asm.GetModules())
            {
                s.Attributes(mod.GetCustomAttributesData(), "the module");
                // Global methods, a module initializer among them, live outside every type.
                foreach (var m in mod.GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance))
                    s.Method(null, m);
                foreach (var f in mod.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance))
                    s.UseType(f.FieldType, "<Module>", "declares a field of type ");
            }
            foreach (var t in types) s.Type(t);
            if (s.Dropped > 0)
                found.Add("… and " + s.Dropped + " more use(s) of blocked APIs in the compiled code (the first " + MaxFindings + " are listed)");
            return found;
        }

        /// <summary>The members and types a method body references (calls, fields, tokens,
        /// types), in IL order; for tests that look at what code does without running it.</summary>
        internal static List<MemberInfo> References(MethodBase m)
        {
            var r = new List<MemberInfo>();
            var body = m.GetMethodBody();
            var il = body == null ? null : body.GetILAsByteArray();
            if (il == null) return r;
            var t = m.DeclaringType;
            var typeArgs = t != null && t.IsGenericType ? t.GetGenericArguments() : null;
            var methodArgs = m.IsGenericMethod ? m.GetGenericArguments() : null;
            int i = 0;
            while (i < il.Length)
            {
                OpCode op;
                if (il[i] == 0xFE && i + 1 < il.Length) { op = TwoByte[il[i + 1]]; i += 2; }
                else { op = OneByte[il[i]]; i += 1; }
                if (op.Size == 0) throw new InvalidOperationException("unknown opcode in " + m.Name);
                if (op.OperandType == OperandType.InlineMethod || op.OperandType == OperandType.InlineField ||
                    op.OperandType == OperandType.InlineTok || op.OperandType == OperandType.InlineType)
                {
                    int token = BitConverter.ToInt32(il, i);
                    r.Add(op.OperandType == OperandType.InlineType
                        ? m.Module.ResolveType(token, typeArgs, methodArgs)
                        : m.Module.ResolveMember(token, typeArgs, methodArgs));
                }
                i += OperandSize(op.OperandType, il, i);
            }
            return r;
        }
    }
}
