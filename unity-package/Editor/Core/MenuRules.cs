using System;
using System.Collections.Generic;

namespace UnityMcp.Core
{
    /// <summary>Which menu items execute-menu-item refuses: the default deny list (items that
    /// quit the editor, build the player, delete or save the project's settings), plus the project's menuItems.deny, less
    /// its menuItems.allow (ProjectSettings/UnityMcpSettings.json). A pattern is a full menu
    /// path compared ignoring case, or a prefix when it ends in '*'.</summary>
    public static class MenuRules
    {
        /// <summary>Where the overrides live, as the refusal names it.</summary>
        public const string SettingsFile = "ProjectSettings/UnityMcpSettings.json";

        /// <summary>Refused unless allowed. The editor simulator (engine/editorsim/tools_menu.go)
        /// keeps the same list.</summary>
        public static readonly string[] DefaultDeny =
        {
            "File/Exit", "File/Quit", "Unity/Quit*", "File/Build*", "File/New Project*",
            "File/Open Project*", "Assets/Delete", "Edit/Delete", "Edit/Clear All PlayerPrefs",
            // Writes every dirty asset and the project settings to disk (AssetDatabase.SaveAssets,
            // which Restricted snippets may not call): whatever was changed in memory, the
            // ProjectSettings/*.asset files among it, becomes permanent.
            "File/Save Project",
        };

        /// <summary>Reports whether pattern matches path.</summary>
        public static bool Matches(string pattern, string path)
        {
            if (pattern == null || path == null) return false;
            var p = pattern.Trim();
            if (p.EndsWith("*", StringComparison.Ordinal))
                return path.StartsWith(p.Substring(0, p.Length - 1), StringComparison.OrdinalIgnoreCase);
            return string.Equals(p, path, StringComparison.OrdinalIgnoreCase);
        }

        /// <summary>The deny pattern that refuses path (the defaults, then deny), or null when
        /// it is allowed: not denied, or matched by an allow pattern.</summary>
        public static string DeniedBy(string path, IEnumerable<string> deny, IEnumerable<string> allow)
        {
            if (allow != null)
                foreach (var a in allow) if (Matches(a, path)) return null;
            foreach (var d in DefaultDeny) if (Matches(d, path)) return d;
            if (deny != null)
                foreach (var d in deny) if (Matches(d, path)) return d;
            return null;
        }

        /// <summary>The FilterType values of get-menu-items (uLoop's names), in order.</summary>
        public static readonly string[] FilterTypes = { "contains", "exact", "startswith" };

        /// <summary>Reports whether get-menu-items lists path for FilterText text matched as
        /// type (contains, exact or startswith), ignoring case; an empty text matches every
        /// path.</summary>
        public static bool FilterMatches(string path, string text, string type)
        {
            if (string.IsNullOrEmpty(text)) return true;
            if (path == null) return false;
            switch (type)
            {
                case "exact": return string.Equals(path, text, StringComparison.OrdinalIgnoreCase);
                case "startswith": return path.StartsWith(text, StringComparison.OrdinalIgnoreCase);
                default: return path.IndexOf(text, StringComparison.OrdinalIgnoreCase) >= 0;
            }
        }

        /// <summary>The refusal: the item, the entry that denies it, and the setting that allows it.</summary>
        public static string Refusal(string path, string pattern)
        {
            return "'" + path + "' is refused: it matches '" + pattern + "' on the menu deny list (items that quit, build, delete or save the project's settings). " +
                "To allow it, add \"" + path + "\" to menuItems.allow in " + SettingsFile + ".";
        }
    }
}
