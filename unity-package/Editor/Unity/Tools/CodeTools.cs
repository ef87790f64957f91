using System;
using System.Collections.Generic;
using System.Reflection;
using System.Text;
using System.Threading;
using Newtonsoft.Json.Linq;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>_script (definition scripts), execute_code and execute-dynamic-code.</summary>
    public static class CodeTools
    {
        // ---- capturing logs while code runs ----

        sealed class LogCapture : IDisposable
        {
            public readonly List<string> Lines = new List<string>();
            readonly object gate = new object();

            public LogCapture() { Application.logMessageReceivedThreaded += OnLog; }

            void OnLog(string condition, string stackTrace, LogType type)
            {
                lock (gate) Lines.Add(type == LogType.Log ? condition : type + ": " + condition);
            }

            public void Dispose() { Application.logMessageReceivedThreaded -= OnLog; }

            public string Text { get { lock (gate) return string.Join("\n", Lines.ToArray()); } }
            public List<string> Copy() { lock (gate) return new List<string>(Lines); }
        }

        static MethodInfo FindExecute(Assembly asm, string typeName, Type[] parameters)
        {
            var t = asm.GetType(typeName, false);
            if (t == null) throw new ToolException("editor_error", "the compiled assembly has no type " + typeName);
            var m = t.GetMethod("Execute", BindingFlags.Public | BindingFlags.Static, null, parameters, null);
            if (m == null) throw new ToolException("editor_error", typeName + " has no public static Execute method");
            return m;
        }

        /// <summary>Runs a compiled Execute in an undo group of its own, named after the tool,
        /// so that one Undo takes back what the code recorded and nothing of the user's: Unity
        /// opens a new group only on mouse and keyboard events (Undo.IncrementCurrentGroup,
        /// UnityCsReference Editor/Mono/Undo/Undo.bindings.cs), so what a snippet records would
        /// otherwise join the user's last step, or the previous snippet's. The group is
        /// collapsed into one step and closed, so later edits do not join it either. Code the
        /// snippet schedules for later (EditorApplication.delayCall) records outside it.</summary>
        static object InvokeInUndoGroup(MethodInfo method, object[] args, string undoName)
        {
            UnityEditor.Undo.IncrementCurrentGroup();
            UnityEditor.Undo.SetCurrentGroupName(undoName);
            int group = UnityEditor.Undo.GetCurrentGroup();
            try { return InvokeSnippet(method, args); }
            finally
            {
                UnityEditor.Undo.CollapseUndoOperations(group);
                UnityEditor.Undo.IncrementCurrentGroup();
            }
        }

        /// <summary>The one place compiled code is invoked; on the main thread only through
        /// <see cref="InvokeInUndoGroup"/>.</summary>
        static object InvokeSnippet(MethodInfo method, object[] args)
        {
            return method.Invoke(null, args);
        }

        static Exception Unwrap(Exception e)
        {
            while (e is TargetInvocationException && e.InnerException != null) e = e.InnerException;
            return e;
        }

        // ---- _script ----

        /// <summary>_script {name, file, source, hash, args, mainThread}: compile the wrapped
        /// definition script once per hash and run McpScripts.Script_&lt;hash&gt;.Execute(args).
        /// The daemon wraps scripts in namespace UnityMcp.Scripts, where `Editor` means the
        /// namespace UnityMcp.Editor; SnippetWrapper.RehomeScript moves the class out first.</summary>
        public static void Script(ToolCall call)
        {
            var name = Args.Str(call, "name", "script");
            var file = Args.Str(call, "file", "");
            var source = Args.Str(call, "source", "");
            var hash = Args.Str(call, "hash", "");
            if (source.Length == 0 || hash.Length == 0) throw new ToolException("invalid_params", "_script needs source and hash");
            try { source = SnippetWrapper.RehomeScript(source); }
            catch (ArgumentException e) { throw new ToolException("invalid_params", name + " (" + file + "): " + e.Message); }
            var args = call.Args["args"] as JObject ?? new JObject();
            bool mainThread = Args.Bool(call, "mainThread", true);
            Frames.Run(call, ScriptRun(call, name, file, source, hash, args, mainThread));
        }

        static IEnumerable<object> ScriptRun(ToolCall call, string name, string file, string source, string hash, JObject args, bool mainThread)
        {
            var result = new CompileResult();
            foreach (var step in ScriptCompiler.Compile(hash, source, result)) yield return step;
            if (result.Assembly == null)
            {
                var errors = result.Errors;
                var first = errors.Count > 0 ? errors[0] : new Diagnostic { Message = "unknown error" };
                call.Fail("script_compile_error",
                    name + ": " + errors.Count + " compile error(s); first: " + first.File + "(" + first.Line + "): " + first.Message,
                    new JObject { { "diagnostics", ScriptCompiler.ToJson(errors, true) }, { "file", file }, { "compiler", result.Compiler } });
                yield break;
            }
            // Definition scripts run at the project's security level too: Disabled runs
            // none, Restricted checks what the compiler produced (the source is the
            // project's file, but an agent may have written it).
            var blocked = AssemblyChecker.Check(result.Assembly, McpSettings.SecurityLevel);
            if (blocked.Count > 0)
            {
                var e = Violation(blocked, McpSettings.SecurityLevel);
                e.Details["file"] = file;
                call.Fail(e.Code, name + ": " + e.Message, e.Details);
                yield break;
            }
            var method = FindExecute(result.Assembly, SnippetWrapper.ScriptNamespace + ".Script_" + hash, new[] { typeof(JObject) });
            bool cached = result.Cached;
            if (!mainThread)
            {
                // Run on a worker, but turn the value into JSON back on the main
                // thread: reading a UnityEngine.Object anywhere else throws.
                object value = null;
                Exception error = null;
                string output = "";
                var finished = new ManualResetEventSlim(false);
                ThreadPool.QueueUserWorkItem(_ =>
                {
                    using (var logs = new LogCapture())
                    {
                        // A worker thread: Unity's Undo is main-thread only, so no group here.
                        try { value = InvokeSnippet(method, new object[] { args }); }
                        catch (Exception e) { error = e; }
                        output = logs.Text;
                    }
                    finished.Set();
                });
                while (!finished.IsSet) yield return new WaitSeconds(0.05);
                if (error != null)
                {
                    var inner = Unwrap(error);
                    call.Fail("execution_error", "the script threw " + inner.GetType().Name + ": " + inner.Message,
                        new JObject { { "output", output }, { "stackTrace", inner.StackTrace ?? "" } });
                    yield break;
                }
                var r = new JObject { { "output", output }, { "cached", cached } };
                if (value != null) r["returnValue"] = new ValueWriter(3, 100).Write(value);
                call.Reply(r);
                yield break;
            }
            RunScript(call, name, method, args, cached);
        }

        static void RunScript(ToolCall call, string name, MethodInfo method, JObject args, bool cached)
        {
            using (var logs = new LogCapture())
            {
                try
                {
                    var value = InvokeInUndoGroup(method, new object[] { args }, "unitymcp: " + name);
                    var r = new JObject { { "output", logs.Text }, { "cached", cached } };
                    if (value != null) r["returnValue"] = new ValueWriter(3, 100).Write(value);
                    call.Reply(r);
                }
                catch (Exception e)
                {
                    var inner = Unwrap(e);
                    call.Fail("execution_error", "the script threw " + inner.GetType().Name + ": " + inner.Message,
                        new JObject { { "output", logs.Text }, { "stackTrace", inner.StackTrace ?? "" } });
                }
            }
        }

        // ---- execute_code ----

        public static void ExecuteCode(ToolCall call)
        {
            string code;
            if (Args.Has(call, "code_base64"))
            {
                try { code = Encoding.UTF8.GetString(Convert.FromBase64String(Args.Str(call, "code_base64"))); }
                catch (FormatException) { throw new ToolException("invalid_params", "code_base64 is not valid base64"); }
            }
            else code = Args.Str(call, "code", "");
            if (code.Trim().Length == 0) throw new ToolException("invalid_params", "execute_code: code is empty");
            var level = McpSettings.SecurityLevel;
            var violations = SecurityChecker.Check(code, level);
            if (violations.Count > 0) throw Violation(violations, level);
            string hash;
            var source = SnippetWrapper.Wrap(code, out hash);
            Frames.Run(call, ExecuteCodeRun(call, source, hash, level));
        }

        static IEnumerable<object> ExecuteCodeRun(ToolCall call, string source, string hash, SecurityLevel level)
        {
            var result = new CompileResult();
            foreach (var step in ScriptCompiler.Compile(hash, source, result)) yield return step;
            if (result.Assembly == null)
            {
                var errors = result.Errors;
                var first = errors.Count > 0 ? errors[0] : new Diagnostic { Message = "unknown error" };
                call.Fail("script_compile_error", errors.Count + " compile error(s); first: line " + first.Line + ": " + first.Message,
                    new JObject { { "diagnostics", ScriptCompiler.ToJson(errors, true) }, { "compiler", result.Compiler } });
                yield break;
            }
            CheckCompiled(result.Assembly, level);
            var method = FindExecute(result.Assembly, SnippetWrapper.Namespace + ".Snippet_" + hash, new[] { typeof(IDictionary<string, object>) });
            using (var logs = new LogCapture())
            {
                try
                {
                    var value = InvokeInUndoGroup(method, new object[] { new Dictionary<string, object>() }, "unitymcp: execute_code");
                    var r = new JObject { { "output", logs.Text } };
                    if (value != null) r["returnValue"] = new ValueWriter(3, 100).Write(value);
                    else r["note"] = "the code returned nothing; end it with `return <expression>;` to get a value";
                    if (result.Cached) r["cached"] = true;
                    else { r["compiler"] = result.Compiler; r["compileMs"] = result.CompileMs; }
                    if (result.Note != null) r["compilerNote"] = result.Note;
                    call.Reply(r);
                }
                catch (Exception e)
                {
                    var inner = Unwrap(e);
                    call.Fail("execution_error", "the code threw " + inner.GetType().Name + ": " + inner.Message,
                        new JObject { { "output", logs.Text }, { "stackTrace", inner.StackTrace ?? "" } });
                }
            }
        }

        /// <summary>The level on the compiled code (AssemblyChecker): before anything of it
        /// runs, every call it makes is checked against the blocked APIs.</summary>
        static void CheckCompiled(Assembly asm, SecurityLevel level)
        {
            var v = AssemblyChecker.Check(asm, level);
            if (v.Count > 0) throw Violation(v, level);
        }

        /// <summary>The security_violation error: what was blocked, at which level.</summary>
        static ToolException Violation(List<string> found, SecurityLevel level)
        {
            return new ToolException("security_violation", "blocked at security level " + level + ": " + string.Join("; ", found.ToArray()),
                new JObject { { "violations", new JArray(found.ToArray()) }, { "securityLevel", level.ToString() } });
        }

        // ---- execute-dynamic-code ----

        public static void ExecuteDynamicCode(ToolCall call)
        {
            var code = Args.Str(call, "Code", "");
            var parameters = call.Args["Parameters"] as JObject ?? new JObject();
            bool compileOnly = Args.Bool(call, "CompileOnly");
            var level = McpSettings.SecurityLevel;
            var response = new JObject
            {
                { "Success", false }, { "Result", "" }, { "Logs", new JArray() }, { "CompilationErrors", new JArray() },
                { "ErrorMessage", "" }, { "SecurityLevel", level.ToString() }, { "UpdatedCode", code },
                { "DiagnosticsSummary", "" }, { "Diagnostics", new JArray() },
            };
            if (code.Trim().Length == 0)
            {
                response["ErrorMessage"] = "Code is empty";
                call.Reply(response);
                return;
            }
            var violations = SecurityChecker.Check(code, level);
            if (violations.Count > 0)
            {
                response["ErrorMessage"] = "Blocked at security level " + level + ": " + string.Join("; ", violations.ToArray());
                call.Reply(response);
                return;
            }
            string hash;
            var source = SnippetWrapper.Wrap(code, out hash);
            Frames.Run(call, DynamicRun(call, code, source, hash, parameters, compileOnly, level, response));
        }

        static IEnumerable<object> DynamicRun(ToolCall call, string code, string source, string hash, JObject parameters, bool compileOnly,
            SecurityLevel level, JObject response)
        {
            var result = new CompileResult();
            foreach (var step in ScriptCompiler.Compile(hash, source, result)) yield return step;
            // Automatic using statements: a type or name the code does not know that exactly
            // one namespace of the loaded assemblies has gets its using line, and the code is
            // compiled once more; UpdatedCode returns the code that ran.
            if (result.Assembly == null)
            {
                var updated = CodeDiagnostics.AddUsings(code, UsingFixes(result.Errors));
                if (!ReferenceEquals(updated, code))
                {
                    string retryHash;
                    var retrySource = SnippetWrapper.Wrap(updated, out retryHash);
                    var retry = new CompileResult();
                    foreach (var step in ScriptCompiler.Compile(retryHash, retrySource, retry)) yield return step;
                    if (retry.Assembly != null || retry.Errors.Count < result.Errors.Count)
                    {
                        code = updated;
                        hash = retryHash;
                        result = retry;
                        response["UpdatedCode"] = updated;
                    }
                }
            }
            var lines = code.Replace("\r\n", "\n").Split('\n');
            var diags = new JArray();
            foreach (var d in result.Diagnostics) diags.Add(DynamicDiagnostic(d, lines));
            response["Diagnostics"] = diags;
            if (result.Assembly == null)
            {
                var errors = new JArray();
                foreach (var d in result.Errors) errors.Add(DynamicDiagnostic(d, lines));
                response["CompilationErrors"] = errors;
                var first = result.Errors.Count > 0 ? result.Errors[0] : new Diagnostic { Message = "unknown error" };
                var unique = new HashSet<string>();
                foreach (var d in result.Errors) unique.Add(d.ErrorCode + d.Message);
                response["ErrorMessage"] = "Compilation failed";
                response["DiagnosticsSummary"] = unique.Count + " unique error(s), " + result.Errors.Count + " total; first: line " + first.Line + ": " + first.Message;
                call.Reply(response);
                yield break;
            }
            try { CheckCompiled(result.Assembly, level); }
            catch (ToolException e)
            {
                response["ErrorMessage"] = e.Message;
                call.Reply(response);
                yield break;
            }
            if (compileOnly)
            {
                response["Success"] = true;
                response["Result"] = "Compiled successfully (CompileOnly)";
                call.Reply(response);
                yield break;
            }
            var method = FindExecute(result.Assembly, SnippetWrapper.Namespace + ".Snippet_" + hash, new[] { typeof(IDictionary<string, object>) });
            var dict = new Dictionary<string, object>();
            foreach (var p in parameters.Properties()) dict[p.Name] = Plain(p.Value);
            using (var logs = new LogCapture())
            {
                try
                {
                    var value = InvokeInUndoGroup(method, new object[] { dict }, "unitymcp: execute-dynamic-code");
                    response["Success"] = true;
                    response["Result"] = value == null ? "" : value is string ? (string)value : new ValueWriter(3, 100).Write(value).ToString(Newtonsoft.Json.Formatting.None);
                }
                catch (Exception e)
                {
                    var inner = Unwrap(e);
                    response["ErrorMessage"] = inner.GetType().Name + ": " + inner.Message + "\n" + inner.StackTrace;
                }
                response["Logs"] = new JArray(logs.Copy().ToArray());
            }
            call.Reply(response);
        }

        /// <summary>A JSON value as plain .NET (string, long, double, bool, lists, dictionaries).</summary>
        static object Plain(JToken t)
        {
            switch (t.Type)
            {
                case JTokenType.Null: case JTokenType.Undefined: return null;
                case JTokenType.String: return (string)t;
                case JTokenType.Integer: return (long)t;
                case JTokenType.Float: return (double)t;
                case JTokenType.Boolean: return (bool)t;
                case JTokenType.Array:
                {
                    var l = new List<object>();
                    foreach (var x in t) l.Add(Plain(x));
                    return l;
                }
                case JTokenType.Object:
                {
                    var d = new Dictionary<string, object>();
                    foreach (var p in ((JObject)t).Properties()) d[p.Name] = Plain(p.Value);
                    return d;
                }
                default: return t.ToString();
            }
        }

        static JObject DynamicDiagnostic(Diagnostic d, string[] lines)
        {
            // The wrapper's #line directive maps lines to the snippet's own ("snippet.cs").
            var missing = CodeDiagnostics.MissingName(d.ErrorCode, d.Message);
            var suggestions = missing == null ? new List<string>() : CodeDiagnostics.Suggestions(missing, CodeDiagnostics.NamespacesOf(missing, LoadedTypes()));
            return new JObject
            {
                { "Message", d.Message }, { "Line", d.Line }, { "Column", d.Column }, { "ErrorCode", d.ErrorCode },
                { "Hint", CodeDiagnostics.Hint(d.ErrorCode) }, { "Suggestions", new JArray(suggestions.ToArray()) },
                { "Context", CodeDiagnostics.Context(lines, d.Line, d.Column) }, { "PointerColumn", d.Column },
            };
        }

        /// <summary>Namespaces to import: for each unknown type or name, the one namespace of
        /// the loaded assemblies that has it (several candidates: left to the suggestions).</summary>
        static List<string> UsingFixes(List<Diagnostic> errors)
        {
            var fixes = new List<string>();
            foreach (var d in errors)
            {
                var name = CodeDiagnostics.MissingName(d.ErrorCode, d.Message);
                if (name == null) continue;
                var ns = CodeDiagnostics.NamespacesOf(name, LoadedTypes());
                if (ns.Count == 1 && ns[0].Length > 0 && !fixes.Contains(ns[0])) fixes.Add(ns[0]);
            }
            return fixes;
        }

        static List<Type> loadedTypes;

        /// <summary>The public types of the loaded assemblies (snippet assemblies excluded),
        /// gathered once per domain.</summary>
        static List<Type> LoadedTypes()
        {
            if (loadedTypes != null) return loadedTypes;
            var types = new List<Type>();
            foreach (var a in AppDomain.CurrentDomain.GetAssemblies())
            {
                if (a.IsDynamic || a.GetName().Name.StartsWith(CscCommand.GeneratedAssemblyPrefix, StringComparison.Ordinal)) continue;
                try { types.AddRange(a.GetExportedTypes()); }
                catch (Exception) { }
            }
            return loadedTypes = types;
        }
    }
}
