// expect: reflection-based invocation: System.Reflection.PropertyInfo.SetValue on McpSettings.SecurityLevel
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_RaiseLevelByReflection.dll).
using System;
namespace McpSnippets
{
    public static class Snippet_Blocked_RaiseLevelByReflection
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            Type.GetType("UnityMcp.Editor.McpSettings, UnityMcp.Editor").GetProperty("SecurityLevel").SetValue(null, 2, null);
            return null;
        }
    }
}
