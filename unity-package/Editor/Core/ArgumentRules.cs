using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;

namespace UnityMcp.Core
{
    /// <summary>The Restricted rules that look at what a call is given, not only at what it
    /// calls: which preference key a snippet writes, into which object it writes serialized
    /// data, and which awaiter it takes a result from. <see cref="AssemblyChecker"/> follows
    /// the evaluation stack through each method body (<see cref="Simulate"/>) far enough to
    /// know, for each argument, what a string starts with, the static type the IL gives it
    /// and which location an address points to. Anything it cannot follow is unknown, and an
    /// unknown argument is refused: a key or an object computed at run time never gets past
    /// a rule that a literal would not. The arguments are read where the method is called
    /// (call, callvirt, newobj); a method these rules govern may not be taken as a delegate
    /// or a handle (<see cref="CheckHandle"/>), since whoever invokes the delegate later
    /// gives it arguments the checker never sees.</summary>
    static partial class ArgumentRules
    {
        /// <summary>The key prefix snippets own in EditorPrefs, PlayerPrefs and SessionState.
        /// It is the namespace snippets are compiled in: nothing of Unity's, a package's or
        /// unitymcp's reads a key under it.</summary>
        public const string SnippetKeyPrefix = "McpSnippets.";

        // Why a key rule and not a list of Unity's keys: Unity reads its own EditorPrefs to
        // find the programs it starts — "kScriptsDefaultApp" and "kScriptEditorArgs"+path
        // (UnityCsReference Editor/Mono/CodeEditor/CodeEditor.cs, DefaultExternalCodeEditor.cs:
        // launched on every script open, through cmd.exe on Windows), "kDiffsDefaultApp" and
        // "kImagesDefaultApp" (Editor/Mono/PreferencesWindow/PreferencesSettingsProviders.cs),
        // the Android SDK, NDK, JDK and Gradle paths (native) — and packages and users' tools
        // keep theirs beside them, some computed at run time ("kScriptEditorArgs" + the
        // editor's path). No list of keys can be complete, so a snippet writes only keys it
        // can be seen to own: the IL shows them start with SnippetKeyPrefix (a literal, a
        // const, a literal + anything). A key the checker cannot see the start of (a local
        // variable, a method's result) is refused. Reading any key stays allowed. PlayerPrefs
        // get the same rule: the project's game and editor code read them under names a
        // snippet cannot tell from its own. SessionState too: unitymcp carries its held calls
        // there (SpanningCalls.cs), under keys a computed string could name.
        internal const string Keys = "writing or deleting EditorPrefs, PlayerPrefs or SessionState keys that do not visibly start with \"" +
            SnippetKeyPrefix + "\" (Unity, packages and tools read theirs to find the programs they start — the external script editor " +
            "and its arguments, the diff tool, SDK paths; write the key as a literal or const, or \"" + SnippetKeyPrefix + "\" + name, " +
            "such as \"" + SnippetKeyPrefix + "LastScene\")";

        // Why a rule on the object written and not on where it came from: project settings
        // objects (ProjectSettings/*.asset: PlayerSettings with its scripting defines and
        // additionalCompilerArguments, EditorSettings, the TagManager…) come from
        // AssetDatabase.Load*AtPath with any path, Resources.FindObjectsOfTypeAll,
        // EditorUtility.InstanceIDToObject, QualitySettings.GetQualitySettings, an editor's
        // target; an importer (PluginImporter: load a DLL into the Editor) too. Every one of
        // them is typed UnityEngine.Object or a settings or importer class, never a Component
        // or a GameObject, and a cast (castclass) fails at run time unless the object is one;
        // verifiable IL keeps static types true (overlapping fields are refused as native
        // code, AssemblyChecker.Scan.Type). So serialized data
        // may be written into what the IL types as a component or a GameObject (the scene
        // and prefab contents Restricted edits anyway), and into plain C# objects where the
        // writer takes them (JsonUtility); not into an untyped UnityEngine.Object.
        internal const string Serialized = "writing serialized data (SerializedObject, EditorUtility.CopySerialized, JsonUtility.FromJsonOverwrite, " +
            "Preset.ApplyTo) into anything but a value typed as a component or a GameObject (a UnityEngine.Object could be a project setting " +
            "in ProjectSettings/, an importer or any asset; make it from the component: new SerializedObject(go.GetComponent<MyComponent>()) " +
            "or new SerializedObject((MyComponent)obj))";

        /// <summary>Why a method these rules govern may not be a delegate or a handle.</summary>
        internal const string AsDelegate = "handing preference writes, serialized writers or task waits to code that calls them where the checker " +
            "cannot see what they are given";

        /// <summary>What the checker knows of one value on the evaluation stack: what the
        /// string starts with (a constant, ldstr, is known whole; string.Concat and
        /// string.Format keep the known start of their first part), the static type the IL
        /// gives it, and for an address (ldloca, ldarga, ldflda) the location it points to;
        /// null when unknown.</summary>
        internal struct Value
        {
            public string Prefix;
            public bool Exact;
            public Type Type;
            public string Address;
        }

        /// <summary>One method body as the checker follows it: the declared types of its
        /// locals and arguments (argument 0 is `this` in an instance method), what it knows
        /// of the locals stored exactly once whose address is never taken (what was stored
        /// is what every later load reads), and, in a compiler-generated async state machine,
        /// the awaiters it hands to its builder.</summary>
        internal sealed class Frame
        {
            readonly Type[] locals;
            readonly Type[] args;
            readonly int[] stores;
            readonly bool[] addressed;
            readonly Value?[] known;
            readonly HashSet<string> awaited = new HashSet<string>(StringComparer.Ordinal);

            /// <summary>Reports whether the body is the MoveNext of an async method's state
            /// machine, a type the compiler generated (its name, "&lt;Name&gt;d__1", is one C#
            /// cannot declare).</summary>
            public readonly bool AsyncStateMachine;

            public Frame(MethodBase m, MethodBody body)
            {
                var ls = body.LocalVariables;
                locals = new Type[ls.Count];
                foreach (var l in ls) if (l.LocalIndex < locals.Length) locals[l.LocalIndex] = l.LocalType;
                stores = new int[locals.Length];
                addressed = new bool[locals.Length];
                known = new Value?[locals.Length];
                var ps = m.GetParameters();
                int self = m.IsStatic ? 0 : 1;
                args = new Type[ps.Length + self];
                if (self == 1) args[0] = m.DeclaringType != null && !m.DeclaringType.IsValueType ? m.DeclaringType : null;
                for (int k = 0; k < ps.Length; k++) args[k + self] = ps[k].ParameterType;
                var t = m.DeclaringType;
                AsyncStateMachine = m.Name == "MoveNext" && t != null && t.Name.StartsWith("<", StringComparison.Ordinal) &&
                    typeof(System.Runtime.CompilerServices.IAsyncStateMachine).IsAssignableFrom(t);
            }

            public Type Local(int i) { return i >= 0 && i < locals.Length ? locals[i] : null; }
            public Type Arg(int i) { return i >= 0 && i < args.Length ? args[i] : null; }

            /// <summary>Counts one instruction of the body, before it is followed: the stores
            /// into each local and whether its address is taken.</summary>
            public void Count(OpCode op, byte[] il, int operandAt)
            {
                int i = LocalOperand(op, il, operandAt, StoreOps);
                if (i >= 0 && i < stores.Length) stores[i]++;
                i = LocalOperand(op, il, operandAt, AddressOps);
                if (i >= 0 && i < addressed.Length) addressed[i] = true;
            }

            /// <summary>A store into local i: remembered when it is the local's only store
            /// and its address is never taken, so nothing else can change it (C# reads a
            /// local only once it is definitely assigned, so a load sees this value).</summary>
            public void Store(int i, Value v)
            {
                if (i < 0 || i >= known.Length || stores[i] != 1 || addressed[i]) return;
                known[i] = new Value { Prefix = v.Prefix, Exact = v.Exact };
            }

            /// <summary>What a load of local i gives, as far as a single store shows it.</summary>
            public Value Load(int i)
            {
                var v = i >= 0 && i < known.Length && known[i].HasValue ? known[i].Value : default(Value);
                v.Type = Local(i);
                return v;
            }

            public void Awaits(string address) { if (address != null) awaited.Add(address); }
            public bool Awaited(string address) { return address != null && awaited.Contains(address); }
        }

        static readonly short[] StoreOps = { OpCodes.Stloc_0.Value, OpCodes.Stloc_1.Value, OpCodes.Stloc_2.Value, OpCodes.Stloc_3.Value, OpCodes.Stloc_S.Value, OpCodes.Stloc.Value };
        static readonly short[] LoadOps = { OpCodes.Ldloc_0.Value, OpCodes.Ldloc_1.Value, OpCodes.Ldloc_2.Value, OpCodes.Ldloc_3.Value, OpCodes.Ldloc_S.Value, OpCodes.Ldloc.Value };
        // ldloca has no …_0 to …_3 forms; -1 is no opcode's value.
        static readonly short[] AddressOps = { -1, -1, -1, -1, OpCodes.Ldloca_S.Value, OpCodes.Ldloca.Value };

        /// <summary>The local an instruction of one family (…_0 to …_3, the short form, the
        /// long form) names, or -1 when it is not of that family.</summary>
        static int LocalOperand(OpCode op, byte[] il, int at, short[] family)
        {
            var v = op.Value;
            for (int k = 0; k < 4; k++) if (family[k] == v) return k;
            if (v == family[4]) return at < il.Length ? il[at] : -1;
            if (v == family[5]) return at + 2 <= il.Length ? BitConverter.ToUInt16(il, at) : -1;
            return -1;
        }

        // ---- the rules ----

        /// <summary>Where a serialized writer takes the object it writes into: the
        /// parameter, and whether a plain C# object (no UnityEngine.Object) is fine there.</summary>
        sealed class Sink
        {
            public string Type, Member;
            public int Param;
            public bool Managed;
        }

        static readonly Sink[] Sinks =
        {
            // UnityCsReference Editor/Mono/SerializedObject.bindings.cs: (Object), (Object, Object context), (Object[]), (Object[], Object context)
            new Sink { Type = "UnityEditor.SerializedObject", Member = ".ctor", Param = 0 },
            // Editor/Mono/EditorUtility.bindings.cs, EditorUtility.cs: (source, dest)
            new Sink { Type = "UnityEditor.EditorUtility", Member = "CopySerialized", Param = 1 },
            new Sink { Type = "UnityEditor.EditorUtility", Member = "CopySerializedIfDifferent", Param = 1 },
            new Sink { Type = "UnityEditor.EditorUtility", Member = "CopySerializedManagedFieldsOnly", Param = 1, Managed = true },
            // Modules/JSONSerialize/Public/JsonUtility.bindings.cs: (json, objectToOverwrite)
            new Sink { Type = "UnityEngine.JsonUtility", Member = "FromJsonOverwrite", Param = 1, Managed = true },
            // Modules/PresetsEditor/Public/Preset.bindings.cs: ApplyTo(target[, selectedPropertyPaths])
            new Sink { Type = "UnityEditor.Presets.Preset", Member = "ApplyTo", Param = 0 },
        };

        // Waiting on a task freezes the Editor when nothing completes it, and a snippet runs on
        // the main thread that nothing can interrupt (AssemblyChecker.Blocking). The compiler's
        // own await calls GetResult too, once the task is done: it hands that awaiter to the
        // async method builder (AwaitOnCompleted or AwaitUnsafeOnCompleted) and reads the result
        // from the same location when the builder resumes it (mcs: a $awaiter field of the state
        // machine; Roslyn: a local). A GetResult on any other awaiter is the snippet's own wait.
        static readonly HashSet<string> Awaiters = new HashSet<string>(StringComparer.Ordinal)
        {
            "System.Runtime.CompilerServices.TaskAwaiter", "System.Runtime.CompilerServices.TaskAwaiter`1",
            "System.Runtime.CompilerServices.ConfiguredTaskAwaitable+ConfiguredTaskAwaiter",
            "System.Runtime.CompilerServices.ConfiguredTaskAwaitable`1+ConfiguredTaskAwaiter",
            "System.Runtime.CompilerServices.ValueTaskAwaiter", "System.Runtime.CompilerServices.ValueTaskAwaiter`1",
            "System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable+ConfiguredValueTaskAwaiter",
            "System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable`1+ConfiguredValueTaskAwaiter",
        };

        static bool IsAwaiterResult(MethodBase mb)
        {
            return mb.Name == "GetResult" && !mb.IsStatic && Awaiters.Contains(Definition(mb.DeclaringType).FullName ?? "");
        }

        static bool IsBuilderAwait(MethodBase mb)
        {
            var t = mb.DeclaringType;
            return (mb.Name == "AwaitOnCompleted" || mb.Name == "AwaitUnsafeOnCompleted") && t.Namespace == "System.Runtime.CompilerServices" &&
                t.Name.IndexOf("MethodBuilder", StringComparison.Ordinal) >= 0;
        }

        static Type Definition(Type t)
        {
            return t.IsGenericType && !t.IsGenericTypeDefinition ? t.GetGenericTypeDefinition() : t;
        }

        static bool IsKeyStore(string type)
        {
            return type == "UnityEditor.EditorPrefs" || type == "UnityEngine.PlayerPrefs" || type == "UnityEditor.SessionState";
        }

        /// <summary>Reports whether a rule here decides calls of the method by what they are
        /// given: a preference write or delete, a serialized writer, an awaiter's GetResult.</summary>
        internal static bool Governs(MethodBase mb)
        {
            if (mb == null || mb.DeclaringType == null) return false;
            var type = mb.DeclaringType.FullName;
            var name = mb is ConstructorInfo ? ".ctor" : mb.Name;
            var ps = mb.GetParameters();
            if (IsKeyStore(type)) return KeyMember(name, ps);
            foreach (var s in Sinks)
                if (s.Type == type && s.Member == name && ps.Length > s.Param) return true;
            return IsAwaiterResult(mb);
        }

        /// <summary>Reports whether an instruction that names a method without calling it
        /// (ldftn, ldvirtftn: a delegate; ldtoken: an expression tree or reflection; jmp)
        /// names one whose arguments a rule here checks, with what and why: the call happens
        /// later, out of the checker's sight, with arguments it cannot see.</summary>
        internal static bool CheckHandle(MemberInfo target, OpCode op, out string what, out string why)
        {
            what = why = null;
            var mb = target as MethodBase;
            if (!Governs(mb)) return false;
            var v = op.Value;
            var m = AssemblyChecker.Describe(mb);
            what = (v == OpCodes.Ldftn.Value || v == OpCodes.Ldvirtftn.Value ? "takes " + m + " as a delegate"
                : v == OpCodes.Ldtoken.Value ? "takes a handle to " + m + " for an expression tree or reflection" : "jumps to " + m) +
                " (a method whose arguments Restricted checks cannot be used as a delegate; call it directly, in a lambda if you need a delegate)";
            why = AsDelegate;
            return true;
        }

        /// <summary>Reports whether the call (call, callvirt, newobj) may not be made with these
        /// arguments (the top of stack), with what it does and why.</summary>
        internal static bool Check(MemberInfo target, List<Value> stack, Frame frame, out string what, out string why)
        {
            what = why = null;
            var mb = target as MethodBase;
            if (mb == null || mb.DeclaringType == null) return false;
            var type = mb.DeclaringType.FullName;
            var name = mb is ConstructorInfo ? ".ctor" : mb.Name;
            var ps = mb.GetParameters();
            if (IsKeyStore(type))
                return CheckKey(mb, mb.DeclaringType.Name, name, ps, stack, out what, out why);
            if (IsBuilderAwait(mb))
            {
                if (frame.AsyncStateMachine && ps.Length == 2) frame.Awaits(Arg(stack, 2, 0).Address);
                return false;
            }
            if (IsAwaiterResult(mb))
            {
                // The awaiter's address is the receiver, below the (no) arguments.
                int at = stack.Count - ps.Length - 1;
                var awaiter = at >= 0 && at < stack.Count ? stack[at] : default(Value);
                if (frame.AsyncStateMachine && frame.Awaited(awaiter.Address)) return false;
                what = "uses " + AssemblyChecker.Describe(mb);
                why = AssemblyChecker.Blocking;
                return true;
            }
            foreach (var s in Sinks)
            {
                if (s.Type != type || s.Member != name || ps.Length <= s.Param) continue;
                var t = Arg(stack, ps.Length, s.Param).Type;
                if (t != null && ps[s.Param].ParameterType.IsArray && t.IsArray) t = t.GetElementType();
                if (SafeTarget(t, s.Managed)) return false;
                what = "writes serialized data into " + (t == null ? "a value whose type the compiled code does not show" : "a value typed " + AssemblyChecker.TypeName(t)) +
                    " (" + AssemblyChecker.Describe(mb) + ")";
                why = Serialized;
                return true;
            }
            return false;
        }

        /// <summary>Reports whether a member of a preference store writes or deletes the key
        /// its first parameter names.</summary>
        static bool KeyMember(string name, ParameterInfo[] ps)
        {
            bool write = name == "DeleteKey" || name.StartsWith("Erase", StringComparison.Ordinal) || name.StartsWith("Set", StringComparison.Ordinal);
            return write && ps.Length > 0 && ps[0].ParameterType == typeof(string);
        }

        static bool CheckKey(MethodBase mb, string store, string name, ParameterInfo[] ps, List<Value> stack, out string what, out string why)
        {
            what = why = null;
            if (!KeyMember(name, ps)) return false;
            bool delete = name == "DeleteKey" || name.StartsWith("Erase", StringComparison.Ordinal);
            var key = Arg(stack, ps.Length, 0);
            var start = key.Prefix ?? "";
            var verb = delete ? "deletes" : "writes";
            var call = " (" + AssemblyChecker.Describe(mb) + ")";
            if (start.StartsWith(SnippetKeyPrefix, StringComparison.Ordinal)) return false;
            if (start.StartsWith("UnityMcp", StringComparison.Ordinal))
            {
                // The package's own prefix: named as such, an attempt on unitymcp's state.
                what = verb + (key.Exact ? " the unitymcp key \"" + start + "\"" : " a unitymcp key starting with \"" + start + "\"") + call;
                why = AssemblyChecker.Level;
                return true;
            }
            var a = store.StartsWith("E", StringComparison.Ordinal) ? " an " : " a ";
            what = key.Exact ? verb + " the " + store + " key \"" + start + "\"" + call
                : start.Length > 0 ? verb + a + store + " key computed at run time, starting with \"" + start + "\"" + call
                : verb + a + store + " key computed at run time" + call;
            why = Keys;
            return true;
        }

        /// <summary>Argument index (0-based) of a call taking n parameters: its value as far
        /// as the checker followed it.</summary>
        static Value Arg(List<Value> stack, int n, int index)
        {
            int at = stack.Count - n + index;
            return at >= 0 && at < stack.Count ? stack[at] : default(Value);
        }

        /// <summary>Reports whether a value statically typed t is a component or a GameObject
        /// (or, where managed, a plain C# object that is no UnityEngine.Object at all).</summary>
        static bool SafeTarget(Type t, bool managed)
        {
            if (t == null || t.IsGenericParameter || t.IsInterface || t.IsByRef || t.IsPointer) return false;
            if (IsA(t, "UnityEngine.Component") || IsA(t, "UnityEngine.GameObject")) return true;
            return managed && t != typeof(object) && t != typeof(ValueType) && t != typeof(Enum) && !IsA(t, "UnityEngine.Object");
        }

        static bool IsA(Type t, string fullName)
        {
            for (var c = t; c != null; c = c.BaseType)
                if (c.FullName == fullName) return true;
            return false;
        }
    }
}
