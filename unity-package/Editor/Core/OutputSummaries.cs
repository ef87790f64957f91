using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace UnityMcp.Core
{
    /// <summary>What an answer says about the file it wrote, so the agent knows what is in it
    /// without opening it (an HTTP client may have no access to the project's files).</summary>
    public static class OutputSummaries
    {
        /// <summary>screenshot's Message: each capture's window, size in pixels and in KB,
        /// and that the image is the file at its ImagePath. shots holds uLoop's Screenshots
        /// entries with WindowTitle.</summary>
        public static string Screenshots(JArray shots)
        {
            var parts = new List<string>();
            foreach (var s in shots)
                parts.Add("the " + (string)s["WindowTitle"] + " window, " + (int)s["Width"] + "x" + (int)s["Height"] + " px (" + ((long)s["FileSizeBytes"] + 1023) / 1024 + " KB)");
            return shots.Count + " PNG screenshot(s): " + string.Join("; ", parts.ToArray()) + ". Each image is the file at its ImagePath: read it to see the window.";
        }
    }
}
