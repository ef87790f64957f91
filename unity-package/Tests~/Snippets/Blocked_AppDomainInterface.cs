// expect: loading assemblies and constructing by name through System._AppDomain, the COM interface AppDomain implements (AppDomain itself allows only reading members)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AppDomainInterface.dll).
namespace McpSnippets
{
    public static class Snippet_Blocked_AppDomainInterface
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var domain = (System._AppDomain)System.AppDomain.CurrentDomain;
            var loaded = domain.Load(new byte[0]);
            domain.ExecuteAssembly("/tmp/unitymcp-x.exe");
            return domain.CreateInstance("mscorlib", "System.Object");
        }
    }
}
