// expect: (nothing blocked): StringBuilder, Regex, formatting, culture
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Allowed_StringBuilder.dll).
using System; using System.Text; using System.Text.RegularExpressions; using System.Globalization;
namespace McpSnippets
{
    public static class Snippet_Allowed_StringBuilder
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            var b = new StringBuilder();
            for (int i = 0; i < 3; i++) b.Append(i).Append(',');
            b.AppendFormat(CultureInfo.InvariantCulture, "{0:F2}", 3.14159);
            b.AppendLine();
            var re = new Regex(@"(\d+),", RegexOptions.Compiled);
            var digits = re.Matches(b.ToString()).Count;
            var replaced = Regex.Replace("a-b-c", "-", "+");
            var s = $"{digits} digits, {replaced}, {DateTime.UtcNow:yyyy}";
            var bytes = Encoding.UTF8.GetBytes(s);
            return s + " " + Convert.ToBase64String(bytes) + " " + string.Join("|", "x y z".Split(' ')) + " " + 12.5.ToString(CultureInfo.InvariantCulture);
        }
    }
}
