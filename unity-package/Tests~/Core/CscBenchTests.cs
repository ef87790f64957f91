using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    /// <summary>First-call and warm-call times of compiling a typical snippet the way
    /// ScriptCompiler does: references chosen by CscCommand.SelectReferences, a response file
    /// from CscCommand.ResponseFile, one compiler process per call. Runs only with
    /// UNITYMCP_BENCH=1 (docs/performance.md). The compiler is Roslyn when UNITYMCP_CSC
    /// (csc.dll) and UNITYMCP_DOTNET (the dotnet host) are set — add UNITYMCP_CSC_SHARED=1 to
    /// use the compiler server as the Editor does when VBCSCompiler.dll is there — else mcs,
    /// labelled as such: mcs is not the compiler the Editor uses.</summary>
    [TestFixture]
    public class CscBenchTests
    {
        const int Calls = 8;

        static string Env(string n) { return Environment.GetEnvironmentVariable(n) ?? ""; }

        [Test]
        public void FirstAndWarmCompileTimes()
        {
            if (Env("UNITYMCP_BENCH") != "1") Assert.Ignore("set UNITYMCP_BENCH=1 to measure compile times");
            var outDir = Path.GetDirectoryName(typeof(CscBenchTests).Assembly.Location);
            var stubs = Path.Combine(outDir, "UnityStubs.dll");
            if (!File.Exists(stubs)) Assert.Ignore("run Tests~/build.sh first: UnityStubs.dll stands for the Unity assemblies");
            var work = Path.Combine(Path.GetTempPath(), "unitymcp-bench-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(work);
            try
            {
                // The test's own domain (a small reference set), then every assembly of the
                // runtime's GAC on top (closer to an Editor's hundreds of references).
                Measure(work, stubs, false);
                Measure(work, stubs, true);
            }
            finally { Directory.Delete(work, true); }
        }

        static IEnumerable<LoadedAssembly> Gac(string runtimeDir)
        {
            var gac = Path.Combine(Path.GetDirectoryName(runtimeDir), "gac");
            if (!Directory.Exists(gac)) yield break;
            foreach (var f in Directory.GetFiles(gac, "*.dll", SearchOption.AllDirectories))
                yield return new LoadedAssembly(Path.GetFileNameWithoutExtension(f), f, false);
        }

        static void Measure(string work, string stubs, bool wholeGac)
        {
            var csc = Env("UNITYMCP_CSC");
            var dotnet = Env("UNITYMCP_DOTNET");
            bool roslyn = csc.Length > 0 && dotnet.Length > 0;
            bool shared = roslyn && Env("UNITYMCP_CSC_SHARED") == "1";

            var runtimeDir = Path.GetDirectoryName(typeof(object).Assembly.Location);
            var system = new List<string>();
            foreach (var n in new[] { "mscorlib", "System", "System.Core", "Microsoft.CSharp" })
                system.Add(Path.Combine(runtimeDir, n + ".dll"));
            var loaded = new List<LoadedAssembly>();
            var sw = Stopwatch.StartNew();
            foreach (var a in AppDomain.CurrentDomain.GetAssemblies())
            {
                string loc = "";
                if (!a.IsDynamic) { try { loc = a.Location; } catch (Exception) { } }
                loaded.Add(new LoadedAssembly(a.GetName().Name, loc, a.IsDynamic));
            }
            if (wholeGac) loaded.AddRange(Gac(runtimeDir));
            var refs = CscCommand.SelectReferences(system, new[] { stubs }, loaded, runtimeDir, File.Exists);
            var selectMs = sw.Elapsed.TotalMilliseconds;

            var times = new List<double>();
            for (int i = 0; i < Calls; i++)
            {
                // A different literal per call: nothing is reused but the compiler's own warm state.
                string hash;
                var src = SnippetWrapper.Wrap("var names = new List<string>();\nfor (int i = 0; i < " + (10 + i) + "; i++) names.Add(\"Cube\" + i);\n" +
                    "var picked = names.Where(n => n.EndsWith(\"1\")).Select(n => n.ToUpperInvariant()).ToList();\nreturn string.Join(\",\", picked.ToArray());", out hash);
                var cs = Path.Combine(work, "UnityMcpScript_" + hash + ".cs");
                var dll = Path.ChangeExtension(cs, ".dll");
                var rsp = Path.ChangeExtension(cs, ".rsp");
                File.WriteAllText(cs, src, new UTF8Encoding(false));
                var inv = new CscInvocation { OutputPath = dll };
                inv.Sources.Add(cs);
                inv.References.AddRange(refs);
                inv.Defines.AddRange(new[] { "UNITY_EDITOR", "UNITY_2022_3_OR_NEWER" });
                var text = CscCommand.ResponseFile(inv);
                ProcessStartInfo info;
                if (roslyn)
                {
                    File.WriteAllText(rsp, text, new UTF8Encoding(false));
                    info = new ProcessStartInfo(dotnet, CscCommand.Arguments(csc, rsp, shared));
                    info.EnvironmentVariables["DOTNET_ROOT"] = Path.GetDirectoryName(dotnet);
                    info.EnvironmentVariables["DOTNET_MULTILEVEL_LOOKUP"] = "0";
                    info.EnvironmentVariables["DOTNET_HOST_PATH"] = dotnet;
                }
                else
                {
                    // mcs takes the same response file less the options only Roslyn knows.
                    var kept = new StringBuilder();
                    foreach (var l in text.Split('\n'))
                    {
                        if (l.StartsWith("-langversion", StringComparison.Ordinal) || l.StartsWith("-deterministic", StringComparison.Ordinal) ||
                            l.StartsWith("-utf8output", StringComparison.Ordinal) || l.StartsWith("-preferreduilang", StringComparison.Ordinal) ||
                            l.StartsWith("-runtimemetadataversion", StringComparison.Ordinal)) continue;
                        kept.Append(l).Append('\n');
                    }
                    File.WriteAllText(rsp, kept.ToString(), new UTF8Encoding(false));
                    info = new ProcessStartInfo("mcs", "@" + CscCommand.Quote(rsp));
                }
                info.UseShellExecute = false;
                info.RedirectStandardOutput = true;
                info.RedirectStandardError = true;
                sw = Stopwatch.StartNew();
                string output;
                int code;
                using (var p = Process.Start(info))
                {
                    var err = p.StandardError.ReadToEndAsync();
                    output = p.StandardOutput.ReadToEnd();
                    p.WaitForExit();
                    output += err.Result;
                    code = p.ExitCode;
                }
                times.Add(sw.Elapsed.TotalMilliseconds);
                Assert.AreEqual(0, code, output);
                Assert.IsTrue(File.Exists(dll));
                CollectionAssert.IsEmpty(CscCommand.ParseOutput(output).FindAll(d => d.IsError), output);
            }
            var warm = times.GetRange(1, times.Count - 1);
            warm.Sort();
            var median = warm[warm.Count / 2];
            var label = roslyn ? "Roslyn csc " + csc + (shared ? " -shared" : "") : "mcs (Mono C# compiler; not the Editor's Roslyn)";
            Console.WriteLine("compiler: " + label);
            Console.WriteLine("references: " + refs.Count + " (selected in " + selectMs.ToString("0.0") + " ms)");
            Console.WriteLine("first call: " + times[0].ToString("0") + " ms; warm calls: median " + median.ToString("0") + " ms, min " + warm[0].ToString("0") +
                " ms, max " + warm[warm.Count - 1].ToString("0") + " ms (" + warm.Count + " calls)");
        }
    }
}
