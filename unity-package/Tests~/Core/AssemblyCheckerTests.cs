using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    /// <summary>The Restricted level on compiled code: every snippet in Tests~/Snippets is
    /// compiled on its own by build.sh (step 6, against the Core and the Unity stubs) into
    /// Snippet.&lt;name&gt;.dll beside this assembly. Blocked_* snippets hide a blocked call
    /// (aliases, line breaks, delegates, closures, iterators, async, generic instantiations,
    /// reflection, dynamic, editor APIs that write or install) and must be refused with a
    /// message naming the member, the reason and where; Allowed_* snippets are ordinary
    /// editor scripting and must pass with no finding at all.</summary>
    [TestFixture]
    public class AssemblyCheckerTests
    {
        static string Dir
        {
            get { return Path.GetDirectoryName(new Uri(typeof(AssemblyCheckerTests).Assembly.CodeBase).LocalPath); }
        }

        static IEnumerable<string> Snippets(string prefix)
        {
            var files = Directory.GetFiles(Dir, "Snippet." + prefix + "*.dll");
            Array.Sort(files, StringComparer.Ordinal);
            return files;
        }

        static string NameOf(string dll)
        {
            return Path.GetFileNameWithoutExtension(dll).Substring("Snippet.".Length);
        }

        static List<string> Restricted(string name)
        {
            var dll = Path.Combine(Dir, "Snippet." + name + ".dll");
            Assert.IsTrue(File.Exists(dll), dll + " was not built (build.sh step 6)");
            return AssemblyChecker.Check(Assembly.LoadFrom(dll), SecurityLevel.Restricted);
        }

        [Test]
        public void BlocksEverySnippetThatHidesABlockedCall()
        {
            int n = 0;
            foreach (var dll in Snippets("Blocked_"))
            {
                n++;
                var name = NameOf(dll);
                var asm = Assembly.LoadFrom(dll);
                var found = AssemblyChecker.Check(asm, SecurityLevel.Restricted);
                var text = string.Join("\n", found.ToArray());
                Assert.IsNotEmpty(found, name + " passed the check");
                Assert.IsTrue(Expected.ContainsKey(name), name + " has no expectation in AssemblyCheckerTests.Expected");
                foreach (var want in Expected[name]) StringAssert.Contains(want, text, name);
                foreach (var line in found)
                {
                    // Every refusal names what (the member or type), where (the snippet's type
                    // and method) and why (the reason), and the level.
                    StringAssert.StartsWith("the compiled code ", line, name);
                    StringAssert.Contains(" in Snippet_" + name + ".", line, name);
                    StringAssert.Contains(" — ", line, name);
                    StringAssert.Contains("is blocked at the Restricted security level", line, name);
                    StringAssert.DoesNotContain("cannot be checked", line, name);
                }
                Assert.IsEmpty(AssemblyChecker.Check(asm, SecurityLevel.FullAccess), "FullAccess allows " + name);
                Assert.IsNotEmpty(AssemblyChecker.Check(asm, SecurityLevel.Disabled), "Disabled refuses " + name);
            }
            Assert.AreEqual(Expected.Count, n, "Blocked_ snippets built (build.sh step 6)");
        }

        [Test]
        public void AllowsEditorScripting()
        {
            var built = new List<string>();
            var refused = new List<string>();
            foreach (var dll in Snippets("Allowed_"))
            {
                built.Add(NameOf(dll));
                foreach (var line in AssemblyChecker.Check(Assembly.LoadFrom(dll), SecurityLevel.Restricted)) refused.Add(NameOf(dll) + ": " + line);
            }
            Assert.IsEmpty(refused, string.Join("\n", refused.ToArray()));
            foreach (var name in AllowedSnippets) CollectionAssert.Contains(built, name, "Allowed_ snippet built (build.sh step 6)");
        }

        [Test]
        public void NamesTheMemberTheReasonAndThePlace()
        {
            CollectionAssert.Contains(Restricted("Blocked_FileAlias"),
                "the compiled code uses System.IO.File.WriteAllText in Snippet_Blocked_FileAlias.Execute — writing, moving or deleting files " +
                "is blocked at the Restricted security level (Project Settings > unitymcp > Security level: FullAccess allows it)");
            CollectionAssert.Contains(Restricted("Blocked_AssemblyCreateInstance"),
                "the compiled code uses System.Reflection.Assembly.CreateInstance in Snippet_Blocked_AssemblyCreateInstance.Execute — reflection-based invocation " +
                "is blocked at the Restricted security level (Project Settings > unitymcp > Security level: FullAccess allows it)");
        }

        [Test]
        public void SaysWhereGeneratedCodeCameFrom()
        {
            StringAssert.Contains("System.IO.File.Delete in Snippet_Blocked_LambdaDelete.Execute (in a lambda)", string.Join("\n", Restricted("Blocked_LambdaDelete").ToArray()));
            StringAssert.Contains("System.IO.File.Delete in Snippet_Blocked_ClosureDelete.Execute (in a lambda)", string.Join("\n", Restricted("Blocked_ClosureDelete").ToArray()));
            StringAssert.Contains("System.IO.File.AppendAllText in Snippet_Blocked_IteratorHidden.Lines (in an iterator)", string.Join("\n", Restricted("Blocked_IteratorHidden").ToArray()));
            StringAssert.Contains("System.IO.File.Delete in Snippet_Blocked_AsyncHidden.Later (in an async method)", string.Join("\n", Restricted("Blocked_AsyncHidden").ToArray()));
        }

        /// <summary>The old daemon key, computed so no literal shows: refused now, as every key
        /// a snippet cannot be seen to own is (ArgumentRules.Keys), though unitymcp no longer
        /// reads EditorPrefs (the daemon path and auto-start are in the user's editor.json);
        /// only the one-time migration touches the old keys, and deletes them.</summary>
        [Test]
        public void TheOldDaemonKeyIsRefusedAndUnused()
        {
            var found = string.Join("\n", Restricted("Blocked_EditorPrefsComputedKey").ToArray());
            StringAssert.Contains("writes an EditorPrefs key computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsComputedKey.Joined", found);
            var editorDll = FindEditorAssembly();
            var settings = Assembly.LoadFrom(editorDll).GetType("UnityMcp.Editor.McpSettings", true);
            const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.DeclaredOnly;
            var readers = new List<string>();
            var used = new HashSet<string>();
            foreach (var m in settings.GetMethods(all))
            {
                foreach (var r in AssemblyChecker.References(m))
                {
                    var dt = r.DeclaringType;
                    if (dt == null || dt.FullName != "UnityEditor.EditorPrefs") continue;
                    if (!readers.Contains(m.Name)) readers.Add(m.Name);
                    used.Add(r.Name);
                }
            }
            // One method (the migration) and nothing that writes a key.
            Assert.AreEqual(1, readers.Count, "McpSettings methods touching EditorPrefs: " + string.Join(", ", readers.ToArray()));
            CollectionAssert.Contains(used, "DeleteKey");
            foreach (var u in used) Assert.IsFalse(u.StartsWith("Set", StringComparison.Ordinal), "McpSettings writes EditorPrefs." + u);
            foreach (var accessor in new[] { "get_DaemonPath", "set_DaemonPath", "get_AutoStartDaemon", "set_AutoStartDaemon" })
                foreach (var r in AssemblyChecker.References(settings.GetMethod(accessor, all)))
                    Assert.AreNotEqual("UnityEditor.EditorPrefs", r.DeclaringType == null ? null : r.DeclaringType.FullName, accessor + " uses EditorPrefs." + r.Name);
        }

        /// <summary>CallbackEventHandler.HandleEvent is public (virtual, obsolete) only in 2022.3,
        /// so Blocked_HandleEvent calls it under UNITY_2022_3: compiled here against that
        /// version's stubs (build.sh step 4), and checked in a domain of its own, where
        /// UnityStubs is that version's.</summary>
        [Test]
        public void RefusesCallbackEventHandlerHandleEventIn2022_3()
        {
            var src = Path.Combine(Path.GetDirectoryName(SourceFile()), "..", "Snippets", "Blocked_HandleEvent.cs");
            var stubs = Path.Combine(Path.Combine(Path.Combine(Dir, "unity"), "2022.3"), "UnityStubs.dll");
            Assert.IsTrue(File.Exists(src), src);
            Assert.IsTrue(File.Exists(stubs), stubs + " was not built (build.sh step 4)");
            var dir = Path.Combine(Path.GetTempPath(), "unitymcp-2022-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            AppDomain domain = null;
            try
            {
                File.Copy(stubs, Path.Combine(dir, "UnityStubs.dll"));
                File.Copy(typeof(AssemblyChecker).Assembly.Location, Path.Combine(dir, "UnityMcp.Core.dll"));
                string output;
                var code = SnippetNamespaceTests.Compile(dir, "Snippet.Blocked_HandleEvent", new[] { Path.Combine(dir, "UnityStubs.dll") }, out output,
                    "#define UNITY_2022_3\n" + File.ReadAllText(src));
                Assert.AreEqual(0, code, output);
                domain = AppDomain.CreateDomain("unity-2022.3", null, new AppDomainSetup { ApplicationBase = dir });
                var runner = (RestrictedRunner)domain.CreateInstanceFromAndUnwrap(typeof(RestrictedRunner).Assembly.Location, typeof(RestrictedRunner).FullName);
                var found = string.Join("\n", runner.Check(Path.Combine(dir, "Snippet.Blocked_HandleEvent.dll")));
                StringAssert.Contains("uses UnityEngine.UIElements.CallbackEventHandler.HandleEvent in Snippet_Blocked_HandleEvent.Execute — running menu commands", found);
                StringAssert.Contains("uses UnityEngine.UIElements.IEventHandler.HandleEvent", found);
                StringAssert.DoesNotContain("could not be resolved", found);
            }
            finally
            {
                if (domain != null) AppDomain.Unload(domain);
                Directory.Delete(dir, true);
            }
        }

        /// <summary>Checks a snippet at Restricted in another application domain.</summary>
        public sealed class RestrictedRunner : MarshalByRefObject
        {
            public string[] Check(string dll)
            {
                return AssemblyChecker.Check(Assembly.LoadFrom(dll), SecurityLevel.Restricted).ToArray();
            }
        }

        static string SourceFile([System.Runtime.CompilerServices.CallerFilePath] string path = "")
        {
            return path;
        }

        internal static string FindEditorAssembly()
        {
            var direct = Path.Combine(Dir, "UnityMcp.Editor.dll");
            if (File.Exists(direct)) return direct;
            var any = Directory.GetFiles(Dir, "UnityMcp.Editor.dll", SearchOption.AllDirectories);
            Assert.IsNotEmpty(any, "UnityMcp.Editor.dll was not built beside the tests (build.sh step 4)");
            Array.Sort(any, StringComparer.Ordinal);
            return any[0];
        }

        // Each Allowed_ snippet that must have been built (all must pass with no finding).
        static readonly string[] AllowedSnippets =
        {
            "Allowed_AssetDatabaseRead", "Allowed_CollectionsAndLock", "Allowed_DebugLog", "Allowed_DelegateInvoke",
            "Allowed_EditorScripting", "Allowed_EnvironmentAndTime",
            "Allowed_EventInvoke", "Allowed_ExpressionTree", "Allowed_GenericsAndTypes", "Allowed_GetAssemblies", "Allowed_IteratorAsync",
            "Allowed_Linq", "Allowed_MemoryStreams", "Allowed_ReadFiles", "Allowed_StringBuilder", "Allowed_UndoSelection",
            // The neighbours of issue 27's refusals, still allowed.
            "Allowed_SnippetKeys", "Allowed_SerializedComponents", "Allowed_ThreadingNeighbours",
            // A snippet key in a local assigned once; a lambda that writes with its key in view.
            "Allowed_SnippetKeyLocals",
        };

        const string Files = "writing, moving or deleting files";
        const string Refl = "reflection-based invocation";
        const string Proc = "starting processes";
        const string Level = "changing the unitymcp security level";
        const string Threads = "starting threads";
        const string Keys = "writing or deleting EditorPrefs, PlayerPrefs or SessionState keys that do not visibly start with \"McpSnippets.\"";
        const string Serialized = "writing serialized data (SerializedObject";
        const string Blocking = "blocking the Editor's main thread";
        const string Settings = "changing project settings";
        const string Delegate = "a method whose arguments Restricted checks cannot be used as a delegate; call it directly";
        const string Menu = "running menu commands";
        const string Attrs = "constructing attributes";

        // What each Blocked_ snippet must be refused for: the member (or type) and the reason.
        static readonly Dictionary<string, string[]> Expected = new Dictionary<string, string[]>
        {
            { "Blocked_Activator", new[] { "System.Activator.CreateInstance", Refl } },
            { "Blocked_ActivatorTypeGetType", new[] { "System.Activator.CreateInstance", Refl } },
            { "Blocked_AssemblyCreateInstance", new[] { "System.Reflection.Assembly.CreateInstance", Refl } },
            { "Blocked_AssemblyLoad", new[] { "System.Reflection.Assembly.LoadFrom", "loading assemblies" } },
            { "Blocked_AttributeBlocked", new[] { "has the attribute System.Runtime.InteropServices.ComVisibleAttribute in Snippet_Blocked_AttributeBlocked.Marked", "native code" } },
            { "Blocked_AssetDatabaseCreateAsset", new[] { "UnityEditor.AssetDatabase.CreateAsset", "UnityEditor.AssetDatabase.CopyAsset", Files } },
            { "Blocked_AssetDatabaseSave", new[] { "UnityEditor.AssetDatabase.SaveAssets", Files } },
            { "Blocked_AsyncHidden", new[] { "System.IO.File.Delete", Files } },
            { "Blocked_BeginInvoke", new[] { "System.Func<System.Int32>.BeginInvoke", Threads } },
            { "Blocked_CatchBlockedType", new[] { "catches System.Net.WebException", "network access" } },
            { "Blocked_ClosureDelete", new[] { "System.IO.File.Delete", Files } },
            { "Blocked_CreateDelegate", new[] { "System.Delegate.CreateDelegate", Refl } },
            { "Blocked_CryptoByName", new[] { "System.Security.Cryptography.HashAlgorithm.Create", Refl } },
            { "Blocked_DelegateTarget", new[] { "System.Delegate.Target (get)", "reaching other code's objects" } },
            { "Blocked_DelegateToDelete", new[] { "System.IO.File.Delete", Files } },
            { "Blocked_DerivesFromBlocked", new[] { "derives from System.Diagnostics.Process", Proc } },
            { "Blocked_DirectoryCreate", new[] { "System.IO.Directory.CreateDirectory", Files } },
            { "Blocked_Dynamic", new[] { "Microsoft.CSharp.RuntimeBinder.", "reflection-based invocation (dynamic)" } },
            { "Blocked_EditorPrefsDeleteAll", new[] { "UnityEditor.EditorPrefs.DeleteAll", "deleting every Editor preference" } },
            { "Blocked_EditorPrefsKey", new[] { "\"UnityMcp.SecurityLevel\" (UnityEditor.EditorPrefs.SetString)", Level } },
            { "Blocked_EditorPrefsTernaryKey", new[] { "\"UnityMcp.AutoStartDaemon\" (UnityEditor.EditorPrefs.SetInt)", Level } },
            { "Blocked_EventInfoAddHandler", new[] { "System.Reflection.EventInfo.AddEventHandler", Refl } },
            { "Blocked_ExecuteMenuItem", new[] { "UnityEditor.EditorApplication.ExecuteMenuItem", "running menu commands" } },
            { "Blocked_ExpressionCompile", new[] { "System.Linq.Expressions.Expression<System.Func<System.Int32>>.Compile", Refl } },
            { "Blocked_FieldGetValue", new[] { "System.Reflection.FieldInfo.GetValue", Refl } },
            { "Blocked_FileAlias", new[] { "System.IO.File.WriteAllText", Files } },
            { "Blocked_FileInfoDelete", new[] { "System.IO.FileSystemInfo.Delete", Files } },
            { "Blocked_FileNextLine", new[] { "System.IO.File.Delete", Files } },
            { "Blocked_FileStreamCtor", new[] { "new System.IO.FileStream", Files } },
            { "Blocked_FileUtilDelete", new[] { "UnityEditor.FileUtil.DeleteFileOrDirectory", Files } },
            { "Blocked_FuncToFileCreate", new[] { "System.IO.File.Create", "System.IO.File.Delete", Files } },
            { "Blocked_GenericArgument", new[] { "System.Diagnostics.Process (a type argument of System.Linq.Enumerable.Empty<System.Diagnostics.Process>)", Proc } },
            { "Blocked_GenericMethodSpec", new[] { "System.Activator.CreateInstance<System.Diagnostics.Process>", "System.Activator.CreateInstance<T> in Snippet_Blocked_GenericMethodSpec.Make", Refl } },
            { "Blocked_InternalCall", new[] { "(InternalCall)", "native code" } },
            { "Blocked_IsInstBlockedType", new[] { "uses the type System.Net.WebClient", "network access" } },
            { "Blocked_IteratorHidden", new[] { "System.IO.File.AppendAllText", Files } },
            { "Blocked_LambdaDelete", new[] { "System.IO.File.Delete", Files } },
            { "Blocked_LazyConstruct", new[] { "new System.Lazy<System.Text.StringBuilder>", Refl } },
            { "Blocked_LocalOfBlockedType", new[] { "has a local of type System.Diagnostics.Process", Proc } },
            { "Blocked_Marshal", new[] { "System.Runtime.InteropServices.Marshal.AllocHGlobal", "native code" } },
            { "Blocked_MethodInvoke", new[] { "System.Reflection.MethodBase.Invoke", Refl } },
            { "Blocked_OpenURL", new[] { "UnityEngine.Application.OpenURL", Proc } },
            { "Blocked_OpenWithDefaultApp", new[] { "UnityEditor.EditorUtility.OpenWithDefaultApp", Proc } },
            { "Blocked_PackageManagerAdd", new[] { "UnityEditor.PackageManager.Client.Add", "installing or removing packages" } },
            { "Blocked_PInvoke", new[] { "declares a native method (DllImport)", "native code" } },
            { "Blocked_PlayerSettingsWrite", new[] { "UnityEditor.PlayerSettings.productName (set)", "changing project settings" } },
            { "Blocked_ProcessOverLines", new[] { "new System.Diagnostics.Process", "System.Diagnostics.Process.Start", Proc } },
            { "Blocked_Queryable", new[] { "System.Linq.Queryable.AsQueryable", Refl } },
            { "Blocked_RaiseLevelByReflection", new[] { "System.Reflection.PropertyInfo.SetValue", Refl } },
            { "Blocked_ReflectInvokeMember", new[] { "System.Reflection.IReflect.InvokeMember", Refl } },
            { "Blocked_RunClassConstructor", new[] { "System.Runtime.CompilerServices.RuntimeHelpers.RunClassConstructor", Refl } },
            { "Blocked_SaveAsPrefab", new[] { "UnityEditor.PrefabUtility.SaveAsPrefabAsset", Files } },
            { "Blocked_SaveOpenScenes", new[] { "UnityEditor.SceneManagement.EditorSceneManager.SaveOpenScenes", Files } },
            { "Blocked_ScreenCapture", new[] { "UnityEngine.ScreenCapture.CaptureScreenshot", Files } },
            { "Blocked_SessionStateKey", new[] { "\"UnityMcp.SpanningCalls\" (UnityEditor.SessionState.SetString)", Level } },
            { "Blocked_SetEnvironmentVariable", new[] { "System.Environment.SetEnvironmentVariable", "changing the Editor process" } },
            { "Blocked_StreamWriterPath", new[] { "new System.IO.StreamWriter", Files } },
            { "Blocked_TaskRun", new[] { "System.Threading.Tasks.Task.Run", Threads } },
            // Found by an independent red-team run against the allowlist.
            { "Blocked_TempFileName", new[] { "System.IO.Path.GetTempFileName", Files } },
            { "Blocked_CspKeyContainer", new[] { "System.Security.Cryptography.CspParameters", Files } },
            { "Blocked_ContinueWith", new[] { "System.Threading.Tasks.Task.ContinueWith", Threads } },
            { "Blocked_CancelAfter", new[] { "System.Threading.CancellationTokenSource.CancelAfter", Threads } },
            { "Blocked_AttributeConstruct", new[] { "System.Reflection.MemberInfo.GetCustomAttributes", "constructing attributes" } },
            { "Blocked_TcpClient", new[] { "new System.Net.Sockets.TcpClient", "network access" } },
            { "Blocked_ThreadStart", new[] { "new System.Threading.Thread", "System.Threading.ThreadPool.QueueUserWorkItem", Threads } },
            { "Blocked_TypeofActivator", new[] { "uses the type System.Diagnostics.Process", "System.Activator.CreateInstance", Proc, Refl } },
            { "Blocked_UnityMcpTypes", new[] { "UnityMcp.Core.SnippetWrapper.Hash", Level } },
            { "Blocked_WebClient", new[] { "new System.Net.WebClient", "network access" } },
            // Issue 27: Unity's own preference keys, serialized writes into settings, blocking waits.
            { "Blocked_EditorPrefsScriptEditor", new[] {
                "writes the EditorPrefs key \"kScriptsDefaultApp\" (UnityEditor.EditorPrefs.SetString)",
                "writes an EditorPrefs key computed at run time, starting with \"kScriptEditorArgs\" (UnityEditor.EditorPrefs.SetString)",
                "writes the EditorPrefs key \"kDiffsDefaultApp\"", Keys, "such as \"McpSnippets.LastScene\"" } },
            { "Blocked_EditorPrefsComputedKey", new[] {
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsComputedKey.Joined",
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsComputedKey.Reversed",
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsComputedKey.Reassigned", Keys } },
            { "Blocked_EditorPrefsUserKeys", new[] {
                "writes the EditorPrefs key \"MyTool.ExporterPath\" (UnityEditor.EditorPrefs.SetString)",
                "writes the EditorPrefs key \"MyTool.Runs\" (UnityEditor.EditorPrefs.SetInt)",
                "deletes the EditorPrefs key \"MyTool.Old\" (UnityEditor.EditorPrefs.DeleteKey)", Keys } },
            { "Blocked_EditorPrefsPrefixTricks", new[] {
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsPrefixTricks.Branch",
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsPrefixTricks.FormatFirst",
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsPrefixTricks.NumberFirst",
                "writes the EditorPrefs key \"mcpsnippets.a\" (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsPrefixTricks.OtherCase", Keys } },
            { "Blocked_PlayerPrefsKeys", new[] {
                "writes the PlayerPrefs key \"HighScore\" (UnityEngine.PlayerPrefs.SetInt)",
                "writes a PlayerPrefs key computed at run time, starting with \"Server\" (UnityEngine.PlayerPrefs.SetString)",
                "deletes the PlayerPrefs key \"Tutorial.Done\" (UnityEngine.PlayerPrefs.DeleteKey)", Keys } },
            { "Blocked_SessionStateComputedKey", new[] {
                "writes a SessionState key computed at run time (UnityEditor.SessionState.SetString)",
                "deletes a SessionState key computed at run time (UnityEditor.SessionState.EraseString)",
                "writes a unitymcp key starting with \"UnityMcp.Input\" (UnityEditor.SessionState.SetBool)", Keys, Level } },
            { "Blocked_SerializedProjectSettings", new[] {
                "writes serialized data into a value typed UnityEngine.Object (new UnityEditor.SerializedObject)", Serialized,
                "new SerializedObject(go.GetComponent<MyComponent>())" } },
            { "Blocked_SerializedFoundObjects", new[] {
                "writes serialized data into a value typed UnityEngine.Object (new UnityEditor.SerializedObject) in Snippet_Blocked_SerializedFoundObjects.All",
                "writes serialized data into a value typed UnityEngine.Object (new UnityEditor.SerializedObject) in Snippet_Blocked_SerializedFoundObjects.Each",
                "writes serialized data into a value typed UnityEngine.ScriptableObject (new UnityEditor.SerializedObject) in Snippet_Blocked_SerializedFoundObjects.Scriptable",
                "writes serialized data into a value typed UnityEngine.Object (new UnityEditor.SerializedObject) in Snippet_Blocked_SerializedFoundObjects.Cast", Serialized } },
            { "Blocked_SerializedBranch", new[] {
                "writes serialized data into a value typed UnityEngine.Object (new UnityEditor.SerializedObject) in Snippet_Blocked_SerializedBranch.ComponentFirst",
                "writes serialized data into a value typed UnityEngine.Object (new UnityEditor.SerializedObject) in Snippet_Blocked_SerializedBranch.SettingFirst", Serialized } },
            { "Blocked_SerializedFromEditor", new[] {
                "uses UnityEditor.Editor.serializedObject (get)",
                "writes serialized data into a value typed UnityEngine.Object (new UnityEditor.SerializedObject)", Serialized } },
            { "Blocked_SerializedUIEvents", new[] {
                "uses UnityEditor.UIElements.SerializedPropertyChangeEvent.changedProperty (get)",
                "uses UnityEditor.UIElements.SerializedObjectChangeEvent.changedObject (get)", Serialized } },
            { "Blocked_CopySerializedIntoSetting", new[] {
                "writes serialized data into a value typed UnityEngine.Object (UnityEditor.EditorUtility.CopySerialized)",
                "writes serialized data into a value typed UnityEngine.Object (UnityEngine.JsonUtility.FromJsonOverwrite)",
                "writes serialized data into a value typed System.Object (UnityEngine.JsonUtility.FromJsonOverwrite)", Serialized } },
            { "Blocked_PresetIntoSetting", new[] {
                "writes serialized data into a value typed UnityEngine.Object (UnityEditor.Presets.Preset.ApplyTo)",
                "uses UnityEditor.Presets.Preset.RemoveFromDefault", Serialized, Settings } },
            { "Blocked_VersionControlMode", new[] { "uses UnityEditor.VersionControlSettings.mode (set)", Settings } },
            { "Blocked_ExplicitLayout", new[] { "declares a type with explicit field layout (overlapping fields) in Snippet_Blocked_ExplicitLayout.Pun", "native code" } },
            { "Blocked_ThreadSleep", new[] { "uses System.Threading.Thread.Sleep", "uses System.Threading.Thread.SpinWait", Blocking, "EditorApplication.delayCall" } },
            { "Blocked_Waits", new[] {
                "uses System.Threading.Thread.Join", "System.Threading.SpinWait", "uses System.Threading.WaitHandle.WaitOne",
                "uses System.Threading.Monitor.Wait", "uses System.Threading.Tasks.Task.Wait", "uses System.Threading.ManualResetEventSlim.Wait",
                "uses System.Threading.SemaphoreSlim.Wait", Blocking } },
            // An independent review: argument rules read at a delegate's creation, calls through an
            // interface, keys in locals, waits on tasks and spin locks.
            { "Blocked_EditorPrefsDelegate", new[] {
                "takes UnityEditor.EditorPrefs.SetString as a delegate (", " in Snippet_Blocked_EditorPrefsDelegate.Execute — ", Delegate } },
            { "Blocked_SessionStateDelegate", new[] {
                "takes UnityEditor.SessionState.SetString as a delegate", "takes UnityEditor.SessionState.EraseString as a delegate", Delegate } },
            { "Blocked_MethodGroupToDelegate", new[] {
                "takes UnityEditor.EditorPrefs.DeleteKey as a delegate", "takes UnityEngine.PlayerPrefs.SetInt as a delegate",
                "takes UnityEditor.EditorUtility.CopySerialized as a delegate", "takes UnityEngine.JsonUtility.FromJsonOverwrite as a delegate",
                "takes UnityEditor.Presets.Preset.ApplyTo as a delegate", "takes a handle to UnityEditor.EditorPrefs.SetString", Delegate } },
            { "Blocked_EditorPrefsLocalKey", new[] {
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsLocalKey.Twice",
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsLocalKey.InLoop",
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsLocalKey.ByRef",
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsLocalKey.ByOut",
                "computed at run time (UnityEditor.EditorPrefs.SetString) in Snippet_Blocked_EditorPrefsLocalKey.Captured", Keys } },
            { "Blocked_AwaiterWaits", new[] {
                "uses System.Threading.Tasks.Task<System.Int32>.Result (get)", "uses System.Runtime.CompilerServices.TaskAwaiter<System.Int32>.GetResult",
                "uses System.Runtime.CompilerServices.TaskAwaiter.GetResult",
                "uses System.Runtime.CompilerServices.ConfiguredTaskAwaitable.ConfiguredTaskAwaiter<System.Int32>.GetResult",
                "uses System.Threading.Tasks.ValueTask<System.Int32>.Result (get)", "uses System.Runtime.CompilerServices.ValueTaskAwaiter<System.Int32>.GetResult",
                "uses System.Threading.SpinLock.Enter", "uses System.Threading.SpinLock.TryEnter",
                "uses System.Runtime.CompilerServices.TaskAwaiter<System.Int32>.GetResult in Snippet_Blocked_AwaiterWaits.Later (in an async method)",
                Blocking, "EditorApplication.delayCall" } },
            { "Blocked_IEventHandlerSendEvent", new[] {
                "uses UnityEngine.UIElements.IEventHandler.SendEvent in Snippet_Blocked_IEventHandlerSendEvent.Execute",
                "uses UnityEngine.UIElements.IEventHandler.SendEvent in Snippet_Blocked_IEventHandlerSendEvent.Send", Menu } },
            { "Blocked_HandleEvent", new[] { "uses UnityEngine.UIElements.IEventHandler.HandleEvent", Menu } },
            { "Blocked_AttributeProvider", new[] {
                "uses System.Reflection.ICustomAttributeProvider.GetCustomAttributes", "uses System.Reflection.Assembly.GetCustomAttributes",
                "uses System.Reflection.Module.GetCustomAttributes", "uses System.Reflection.ParameterInfo.GetCustomAttributes", Attrs } },
            { "Blocked_AppDomainInterface", new[] {
                "uses System._AppDomain.Load", "uses System._AppDomain.ExecuteAssembly", "uses System._AppDomain.CreateInstance", "loading assemblies" } },
        };
    }
}
