using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    /// <summary>The source-level check (SecurityChecker) is only an early answer for the
    /// obvious cases: it must never refuse what the compiled check (AssemblyChecker, see
    /// AssemblyCheckerTests and the Allowed_ snippets) allows. These are the ordinary editor
    /// scripting cases it refused before (delegate Invoke, GetAssemblies, reading
    /// reflection, FileInfo...), and the obvious refusals it keeps.</summary>
    [TestFixture]
    public class SecurityLevelSourceTests
    {
        [TestCase("Func<int, int> f = x => x * 2;\nreturn f.Invoke(2) + f(3);")]
        [TestCase("Action a = () => { };\na.Invoke();\na?.Invoke();\nEditorApplication.update?.Invoke();")]
        [TestCase("var asms = AppDomain.CurrentDomain.GetAssemblies();\nreturn asms.Length + asms[0].GetName().Name;")]
        [TestCase("return typeof(string).GetMethods().Length + typeof(string).GetMethod(\"Copy\").Name + typeof(string).FullName;")]
        [TestCase("return System.IO.File.ReadAllText(\"ProjectSettings/ProjectVersion.txt\");")]
        [TestCase("var p = \"a.txt\";\nreturn File.Exists(p) && File.OpenRead(p).CanRead && File.OpenText(p) != null && File.ReadAllLines(p).Length > 0;")]
        [TestCase("return Directory.GetFiles(\"Assets\", \"*.cs\", SearchOption.AllDirectories).Length + Directory.Exists(\"Library\").ToString();")]
        [TestCase("var fi = new FileInfo(\"a\");\nvar di = new DirectoryInfo(\".\");\nreturn fi.Length + di.Name + new StreamReader(\"a\").ReadToEnd();")]
        [TestCase("var w = new StreamWriter(new MemoryStream());\nw.Write(1);\nreturn w;")]
        [TestCase("Undo.RecordObject(Selection.activeObject, \"Move\");\nSelection.objects = new UnityEngine.Object[0];\nUndo.IncrementCurrentGroup();")]
        [TestCase("EditorPrefs.SetString(\"MyTool.Key\", \"v\");\nEditorPrefs.SetInt(\"Other\", EditorPrefs.GetInt(\"Other\", 0) + 1);\nEditorPrefs.DeleteKey(\"Old\");")]
        [TestCase("EditorPrefs.SetString(string.Concat(\"Unity\", \"Mcp.DaemonPath\"), \"/tmp/x\");")]
        [TestCase("return EditorPrefs.GetString(\"UnityMcp.DaemonPath\", \"\");")]
        [TestCase("return new[] { 1, 2 }.Select(x => x * 2).Where(x => x > 1).OrderBy(x => -x).ToList();")]
        [TestCase("var b = new System.Text.StringBuilder();\nb.Append(1).AppendLine();\nreturn System.Text.RegularExpressions.Regex.Replace(b.ToString(), \"1\", \"2\");")]
        [TestCase("Debug.Log(\"File.Delete, Process.Start and Assembly.Load are only words here\"); // and Marshal.Copy here")]
        [TestCase("using System.Net;\nusing IO = System.IO.File;\nusing UnityMcp.Whatever;\nreturn 1;")]
        [TestCase("return AssetDatabase.FindAssets(\"t:Prefab\").Select(AssetDatabase.GUIDToAssetPath).ToArray();")]
        [TestCase("var go = new GameObject(\"x\");\nUndo.RegisterCreatedObjectUndo(go, \"Create\");\nreturn go.name;")]
        public void AllowsEditorScripting(string code)
        {
            var v = SecurityChecker.Check(code, SecurityLevel.Restricted);
            Assert.IsEmpty(v, code + "\n" + string.Join("\n", v.ToArray()));
        }

        [TestCase("File.Create(\"/tmp/x\");", "writing, moving or deleting files")]
        [TestCase("var s = new FileStream(\"/tmp/x\", FileMode.Create);", "writing or deleting files and folders")]
        [TestCase("var w = new System.IO.StreamWriter(\"/tmp/x\");", "writing or deleting files and folders")]
        [TestCase("AssetDatabase.CreateAsset(o, \"Assets/x.asset\");", "writing, moving or deleting project files")]
        [TestCase("UnityEditor.PackageManager.Client.Add(\"com.example.x\");", "installing or removing packages")]
        [TestCase("EditorPrefs.DeleteAll();", "deleting every Editor preference")]
        [TestCase("EditorApplication.ExecuteMenuItem(\"File/Save Project\");", "running menu commands")]
        [TestCase("SessionState.SetString(\"UnityMcp.SpanningCalls\", \"[]\");", "changing the unitymcp security level")]
        [TestCase("EditorPrefs.SetString(@\"UnityMcp.DaemonPath\", \"/tmp/x\");", "changing the unitymcp security level")]
        [TestCase("typeof(X).GetProperty(\"Level\").SetValue(null, 2);", "reflection-based invocation")]
        [TestCase("var o = Activator.CreateInstance(t);", "reflection-based invocation")]
        [TestCase("var c = new System.Net.Sockets.TcpClient(\"h\", 1);", "network access")]
        public void RefusesTheObviousCases(string code, string what)
        {
            var v = SecurityChecker.Check(code, SecurityLevel.Restricted);
            Assert.IsNotEmpty(v, code);
            StringAssert.Contains(what, string.Join("\n", v.ToArray()));
            StringAssert.Contains("line 1", v[0]);
            Assert.IsEmpty(SecurityChecker.Check(code, SecurityLevel.FullAccess));
        }
    }
}
