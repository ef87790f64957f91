// expect: (nothing blocked): AppDomain.CurrentDomain.GetAssemblies and reading reflection
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_GetAssemblies.dll).
using System; using System.Linq; using System.Reflection;
namespace McpSnippets
{
    public static class Snippet_Allowed_GetAssemblies
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var asms = AppDomain.CurrentDomain.GetAssemblies();
            var editorTypes = asms.Where(a => !a.IsDynamic)
                .SelectMany(a => { try { return a.GetTypes(); } catch (ReflectionTypeLoadException e) { return e.Types.Where(t => t != null).ToArray(); } })
                .Where(t => t.Namespace == "UnityEditor" && t.IsPublic)
                .Select(t => t.FullName)
                .Take(10)
                .ToList();
            var methods = typeof(string).GetMethods(BindingFlags.Public | BindingFlags.Static).Select(m => m.Name + "/" + m.GetParameters().Length).Distinct().Count();
            var props = typeof(UnityEngine.GameObject).GetProperties().Select(p => p.Name + ":" + p.PropertyType.Name).ToArray();
            var found = Type.GetType("UnityEditor.EditorPrefs, UnityStubs");
            var attrs = typeof(ObsoleteAttribute).GetCustomAttributesData().Count;
            return new { n = asms.Length, name = asms[0].GetName().Name, version = asms[0].GetName().Version, editorTypes, methods, props, found = found != null ? found.FullName : null, attrs, domain = AppDomain.CurrentDomain.FriendlyName };
        }
    }
}
