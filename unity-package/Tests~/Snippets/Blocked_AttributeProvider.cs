// expect: constructing attributes (their constructors are project code) through ICustomAttributeProvider, which MemberInfo implements, and through Assembly, Module and ParameterInfo
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AttributeProvider.dll).
using System.Reflection;
namespace McpSnippets
{
    public static class Snippet_Blocked_AttributeProvider
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var type = typeof(Snippet_Blocked_AttributeProvider);
            ICustomAttributeProvider provider = type;
            var a = provider.GetCustomAttributes(true);
            var b = type.Assembly.GetCustomAttributes(true);
            var c = type.Module.GetCustomAttributes(typeof(System.Attribute), true);
            var d = type.GetMethod("Execute").GetParameters()[0].GetCustomAttributes(true);
            // Reading them as data constructs nothing.
            return type.GetCustomAttributesData().Count + a.Length + b.Length + c.Length + d.Length;
        }
    }
}
