// expect: writing, moving or deleting files: UnityEngine.ScreenCapture.CaptureScreenshot(filename)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_ScreenCapture.dll).

namespace McpSnippets
{
    public static class Snippet_Blocked_ScreenCapture
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            UnityEngine.ScreenCapture.CaptureScreenshot("/tmp/unitymcp-x.png");
            return null;
        }
    }
}
