using System;
using System.Collections.Generic;
using System.Reflection;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>get-menu-items and execute-menu-item, with uLoopMCP's parameters and answer
    /// fields (its TOOL_REFERENCE up to v1.5: FilterText, FilterType, IncludeValidation,
    /// MaxCount; MenuItemPath, UseReflectionFallback), so prompts and skills written for uLoop
    /// work. Unity has no public call that lists the top-level menus, so the roots are Unity's
    /// standard menus plus the first segment of every [MenuItem] in the loaded assemblies
    /// (TypeCache); each root's items come from Unsupported.GetSubmenus (public in every
    /// supported version, UnityCsReference Editor/Mono/Unsupported.bindings.cs), their state
    /// from Menu.GetEnabled (Editor/Mono/Menu.bindings.cs), and the method behind an item from
    /// its [MenuItem] attribute (Editor/Mono/MenuItem.cs: menuItem, validate, priority). Unity's
    /// own native items have no such method: their method fields are empty. An item runs
    /// through EditorApplication.ExecuteMenuItem, or, when that refuses it and
    /// UseReflectionFallback allows, through its static parameterless [MenuItem] method. The
    /// deny list is <see cref="MenuRules"/>, with the project's overrides read from
    /// <see cref="McpSettings.MenuItemRules"/> on every call, so an edit of the settings file
    /// applies at once; a dry run checks the same rules.</summary>
    public static class MenuTools
    {
        static readonly string[] StandardRoots = { "File", "Edit", "Assets", "GameObject", "Component", "Services", "Window", "Help", "Tools" };

        public static void GetMenuItems(ToolCall call)
        {
            var text = Args.Str(call, "FilterText");
            var type = Args.OneOf(call, "FilterType", "contains", MenuRules.FilterTypes);
            bool validation = Args.Bool(call, "IncludeValidation");
            int max = Args.Int(call, "MaxCount", 200);
            List<string> deny, allow;
            McpSettings.MenuItemRules(out deny, out allow);
            var methods = Methods();
            var items = new JArray();
            int total = 0, matched = 0;
            foreach (var path in AllItems())
            {
                List<MenuMethod> ms;
                methods.TryGetValue(path, out ms);
                var entries = new List<MenuMethod>();
                MenuMethod exec = null;
                if (ms != null)
                    foreach (var m in ms)
                    {
                        if (!m.Validate && exec == null) exec = m;
                        if (m.Validate && validation) entries.Add(m);
                    }
                entries.Insert(0, exec ?? new MenuMethod());
                foreach (var m in entries)
                {
                    total++;
                    if (!MenuRules.FilterMatches(path, text, type)) continue;
                    matched++;
                    if (max >= 0 && items.Count >= max) continue;
                    items.Add(Item(path, m, ms, deny, allow));
                }
            }
            var answer = new JObject
            {
                ["MenuItems"] = items, ["TotalCount"] = total, ["FilteredCount"] = items.Count,
                ["AppliedFilter"] = text, ["AppliedFilterType"] = type,
            };
            if (matched > items.Count)
                answer["Message"] = (matched - items.Count) + " more item(s) match; raise MaxCount or narrow FilterText";
            call.Reply(answer);
        }

        static JObject Item(string path, MenuMethod m, List<MenuMethod> all, List<string> deny, List<string> allow)
        {
            var by = MenuRules.DeniedBy(path, deny, allow);
            var item = new JObject
            {
                ["Path"] = path,
                ["MethodName"] = m.Method != null ? m.Method.Name : "",
                ["TypeName"] = m.Method != null && m.Method.DeclaringType != null ? m.Method.DeclaringType.FullName : "",
                ["AssemblyName"] = m.Method != null && m.Method.DeclaringType != null ? m.Method.DeclaringType.Assembly.GetName().Name : "",
                ["Priority"] = m.Priority,
                ["IsValidateFunction"] = m.Validate,
                ["CanExecuteViaEditorApplication"] = !m.Validate,
                ["Enabled"] = !m.Validate && Menu.GetEnabled(path),
                ["Denied"] = by != null,
            };
            int executes = 0;
            if (all != null) foreach (var x in all) if (!x.Validate) executes++;
            if (by != null) item["WarningMessage"] = MenuRules.Refusal(path, by);
            else if (executes > 1) item["WarningMessage"] = executes + " [MenuItem] methods name this path; Unity runs one of them";
            return item;
        }

        public static void ExecuteMenuItem(ToolCall call)
        {
            var path = Args.Str(call, "MenuItemPath").Trim().Trim('/');
            bool fallback = Args.Bool(call, "UseReflectionFallback", true);
            string found = null;
            foreach (var p in AllItems())
                if (string.Equals(p, path, StringComparison.OrdinalIgnoreCase)) { found = p; break; }
            if (found == null)
                throw new ToolException("not_found", "there is no menu item '" + path + "'; get-menu-items lists them (FilterText narrows the list)");
            List<string> deny, allow;
            McpSettings.MenuItemRules(out deny, out allow);
            var by = MenuRules.DeniedBy(found, deny, allow);
            if (by != null) throw new ToolException("menu_item_denied", MenuRules.Refusal(found, by));
            bool enabled = Menu.GetEnabled(found);
            var method = ExecuteMethod(found);
            if (Args.Bool(call, "dry_run"))
            {
                bool would = enabled || (fallback && method != null);
                call.Reply(new JObject
                {
                    ["MenuItemPath"] = found, ["Success"] = true, ["MenuItemFound"] = true, ["DryRun"] = true, ["Enabled"] = enabled,
                    ["WouldExecute"] = would, ["ExecutionMethod"] = enabled ? "EditorApplication" : would ? "Reflection" : "",
                    ["Details"] = would ? "would run " + found + " (nothing was run)" : found + " is disabled now and has no [MenuItem] method to invoke: it would not run",
                });
                return;
            }
            string how = "EditorApplication";
            if (!EditorApplication.ExecuteMenuItem(found))
            {
                if (!fallback || method == null)
                    throw new ToolException("menu_item_failed", "Unity did not run '" + found + "': the item is disabled in the editor's current state (its validation refused it)" +
                        (method == null ? ", and it is one of Unity's own items, with no [MenuItem] method to invoke" : "; UseReflectionFallback=true invokes its [MenuItem] method anyway"));
                try { method.Invoke(null, null); }
                catch (TargetInvocationException e)
                {
                    var inner = e.InnerException ?? e;
                    throw new ToolException("menu_item_failed", "'" + found + "': " + method.DeclaringType.FullName + "." + method.Name + " threw " + inner.GetType().Name + ": " + inner.Message);
                }
                how = "Reflection";
            }
            call.Reply(new JObject
            {
                ["MenuItemPath"] = found, ["Success"] = true, ["MenuItemFound"] = true, ["ExecutionMethod"] = how,
                ["Details"] = how == "Reflection" ? "ran " + found + " through its [MenuItem] method (Unity's menu refused it)" : "ran " + found,
            });
        }

        /// <summary>One [MenuItem] method of a path.</summary>
        sealed class MenuMethod
        {
            public MethodInfo Method;
            public bool Validate;
            public int Priority;
        }

        /// <summary>The [MenuItem] methods of every path (CONTEXT/ menus left out).</summary>
        static Dictionary<string, List<MenuMethod>> Methods()
        {
            var all = new Dictionary<string, List<MenuMethod>>(StringComparer.Ordinal);
            foreach (var m in TypeCache.GetMethodsWithAttribute<MenuItem>())
            {
                foreach (MenuItem a in m.GetCustomAttributes(typeof(MenuItem), false))
                {
                    var p = a.menuItem ?? "";
                    if (p.Length == 0 || p.StartsWith("CONTEXT/", StringComparison.Ordinal)) continue;
                    List<MenuMethod> list;
                    if (!all.TryGetValue(p, out list)) all[p] = list = new List<MenuMethod>();
                    list.Add(new MenuMethod { Method = m, Validate = a.validate, Priority = a.priority });
                }
            }
            return all;
        }

        /// <summary>The static parameterless method that runs path, or null (a native item).</summary>
        static MethodInfo ExecuteMethod(string path)
        {
            List<MenuMethod> ms;
            if (!Methods().TryGetValue(path, out ms)) return null;
            foreach (var m in ms)
                if (!m.Validate && m.Method.IsStatic && m.Method.GetParameters().Length == 0) return m.Method;
            return null;
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
