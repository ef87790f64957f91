using System;

namespace UnityEditor
{
    // UnityCsReference: Editor/Mono/Menu.bindings.cs
    public sealed partial class Menu
    {
        public static bool GetEnabled(string menuPath) { throw new NotImplementedException(); }
    }

    // UnityCsReference: Editor/Mono/Unsupported.bindings.cs
    public static partial class Unsupported
    {
        public static string[] GetSubmenus(string menuPath) { throw new NotImplementedException(); }
    }

    // UnityCsReference: Editor/Mono/MenuItem.cs
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class MenuItem : Attribute
    {
        public MenuItem(string itemName) { }
        public string menuItem;
        public bool validate;
        public int priority;
    }
}
