// expect: constructing attributes, whose constructors are arbitrary code (read GetCustomAttributesData() instead): System.Reflection.MemberInfo.GetCustomAttributes
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_AttributeConstruct.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_AttributeConstruct
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            return typeof(string).GetCustomAttributes(true).Length;
        }
    }
}
