// expect: (nothing blocked): XML parsed in memory, HTML encoding
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_XmlAndEncoding.dll).
using System.Linq;
using System.Xml.Linq;
namespace McpSnippets
{
    public static class Snippet_Allowed_XmlAndEncoding
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var doc = XDocument.Parse("<dependencies><dependency name='a'/></dependencies>");
            var n = doc.Root.Elements("dependency").Count();
            return System.Net.WebUtility.HtmlEncode("<b>" + n + "</b>");
        }
    }
}
