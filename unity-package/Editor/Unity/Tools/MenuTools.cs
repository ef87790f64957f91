using System;
using System.Collections.Generic;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>get-menu-items and execute-menu-item. Unity has no public call that lists
    /// the top-level menus, so the roots are Unity's standard menus plus the first segment
    /// of every [MenuItem] in the loaded assemblies (TypeCache); each root's items come from
    /// Unsupported.GetSubmenus (public in every supported version, UnityCsReference
    /// Editor/Mono/Unsupported.bindings.cs), their state from Menu.GetEnabled
    /// (Editor/Mono/Menu.bindings.cs), and an item runs through
    /// EditorApplication.ExecuteMenuItem. The deny list is <see cref="MenuRules"/>, with the
    /// project's overrides read from <see cref="McpSettings.MenuItemRules"/> on every call,
    /// so an edit of the settings file applies at once. A dry run checks the same rules.</summary>
    public static class MenuTools
    {
        static readonly string[] StandardRoots = { "File", "Edit", "Assets", "GameObject", "Component", "Services", "Window", "Help", "Tools" };

        public static void GetMenuItems(ToolCall call)
        {
            var filter = Args.Str(call, "filter");
            int max = Args.Int(call, "max_results", 200);
            List<string> deny, allow;
            McpSettings.MenuItemRules(out deny, out allow);
            var items = new JArray();
            int total = 0;
            foreach (var path in AllItems())
            {
                if (filter.Length > 0 && path.IndexOf(filter, StringComparison.OrdinalIgnoreCase) < 0) continue;
                total++;
                if (max >= 0 && items.Count >= max) continue;
                items.Add(new JObject
                {
                    ["path"] = path,
                    ["enabled"] = Menu.GetEnabled(path),
                    ["denied"] = MenuRules.DeniedBy(path, deny, allow) != null,
                });
            }
            call.Reply(new JObject { ["items"] = items, ["count"] = items.Count, ["total"] = total, ["filter"] = filter });
        }

        public static void ExecuteMenuItem(ToolCall call)
        {
            var path = Args.Str(call, "path").Trim().Trim('/');
            string found = null;
            foreach (var p in AllItems())
                if (string.Equals(p, path, StringComparison.OrdinalIgnoreCase)) { found = p; break; }
            if (found == null)
                throw new ToolException("not_found", "there is no menu item '" + path + "'; get-menu-items lists them (filter narrows the list)");
            List<string> deny, allow;
            McpSettings.MenuItemRules(out deny, out allow);
            var by = MenuRules.DeniedBy(found, deny, allow);
            if (by != null) throw new ToolException("menu_item_denied", MenuRules.Refusal(found, by));
            bool enabled = Menu.GetEnabled(found);
            if (Args.Bool(call, "dry_run"))
            {
                call.Reply(new JObject
                {
                    ["dry_run"] = true, ["path"] = found, ["enabled"] = enabled, ["would_execute"] = enabled,
                    ["message"] = "would run " + found + " (nothing was run)",
                });
                return;
            }
            if (!EditorApplication.ExecuteMenuItem(found))
                throw new ToolException("menu_item_failed", "Unity did not run '" + found + "': the item is disabled in the editor's current state (its validation refused it)");
            call.Reply(new JObject { ["path"] = found, ["executed"] = true, ["message"] = "ran " + found });
        }

        /// <summary>Every menu item's full path, each once, in menu order.</summary>
        static List<string> AllItems()
        {
            var roots = new List<string>(StandardRoots);
            foreach (var m in TypeCache.GetMethodsWithAttribute<MenuItem>())
            {
                foreach (MenuItem a in m.GetCustomAttributes(typeof(MenuItem), false))
                {
                    var p = a.menuItem ?? "";
                    int slash = p.IndexOf('/');
                    var root = slash > 0 ? p.Substring(0, slash) : p;
                    // CONTEXT/ items are component context menus, not the main menu.
                    if (root.Length > 0 && root != "CONTEXT" && !roots.Contains(root)) roots.Add(root);
                }
            }
            var seen = new HashSet<string>(StringComparer.Ordinal);
            var all = new List<string>();
            foreach (var root in roots)
            {
                foreach (var s in Unsupported.GetSubmenus(root) ?? new string[0])
                {
                    if (string.IsNullOrEmpty(s)) continue;
                    // Full paths ("File/Save"); a bare name is taken as under its root.
                    var path = s.StartsWith(root + "/", StringComparison.Ordinal) ? s : root + "/" + s;
                    if (seen.Add(path)) all.Add(path);
                }
            }
            return all;
        }
    }
}
