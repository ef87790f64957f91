// SerializedNode: one property in the tree the fake SerializedObject (Serialized.cs) walks and SerializedLayout.cs builds.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Text;

namespace UnityEditor
{
    /// <summary>One serialized property of the fake: a leaf's value or a compound's children.</summary>
    internal sealed class SerializedNode
    {
        internal string Name = "", Path = "", TypeName = "";
        internal SerializedPropertyType Kind = SerializedPropertyType.Generic;
        internal SerializedPropertyNumericType Numeric;
        internal int Depth;
        internal bool Visible = true, PassThrough, IsArray, Dirty;
        internal object Value;
        internal Type ClrType, ElementType;
        internal FieldInfo Field;
        internal int Nesting;
        internal SerializedNode Parent;
        internal SerializedLayout.Slot Slot;
        internal readonly List<SerializedNode> Children = new List<SerializedNode>();

        internal string DisplayName
        {
            get
            {
                if (Name == "data" && Parent != null && Parent.Name == "Array") return "Element " + (Parent.Children.IndexOf(this) - 1);
                return Nicify(Name);
            }
        }

        internal SerializedNode Add(SerializedNode child)
        {
            child.Parent = this;
            Children.Add(child);
            return child;
        }

        internal SerializedNode FirstVisibleChild()
        {
            foreach (var c in Children)
            {
                if (c.Visible) return c;
                if (c.PassThrough && c.FirstVisibleChild() != null) return c;
            }
            return null;
        }

        /// <summary>The next node after n's subtree: its next sibling, or an ancestor's.</summary>
        internal static SerializedNode After(SerializedNode n)
        {
            for (; n.Parent != null; n = n.Parent)
            {
                int i = n.Parent.Children.IndexOf(n);
                if (i + 1 < n.Parent.Children.Count) return n.Parent.Children[i + 1];
            }
            return null;
        }

        internal SerializedNode Find(string path)
        {
            if (Path == path) return this;
            if (Path.Length > 0 && !path.StartsWith(Path + ".", StringComparison.Ordinal)) return null;
            foreach (var c in Children)
            {
                var hit = c.Find(path);
                if (hit != null) return hit;
            }
            return null;
        }

        /// <summary>ObjectNames.NicifyVariableName (ScriptReference): drops a leading "m_", "_"
        /// or "k" before a capital, capitalizes the first letter and puts a space before each
        /// capital ("m_LocalPosition" → "Local Position", "myField" → "My Field").</summary>
        internal static string Nicify(string name)
        {
            if (string.IsNullOrEmpty(name)) return name ?? "";
            var s = name;
            if (s.StartsWith("m_", StringComparison.Ordinal) && s.Length > 2) s = s.Substring(2);
            else if (s.StartsWith("_", StringComparison.Ordinal) && s.Length > 1) s = s.Substring(1);
            else if (s.Length > 1 && s[0] == 'k' && char.IsUpper(s[1])) s = s.Substring(1);
            var b = new StringBuilder();
            for (int i = 0; i < s.Length; i++)
            {
                char c = s[i];
                if (i == 0) { b.Append(char.ToUpperInvariant(c)); continue; }
                bool upper = char.IsUpper(c), prevLower = char.IsLower(s[i - 1]) || char.IsDigit(s[i - 1]);
                bool nextLower = i + 1 < s.Length && char.IsLower(s[i + 1]);
                if (upper && (prevLower || (char.IsUpper(s[i - 1]) && nextLower))) b.Append(' ');
                b.Append(c);
            }
            return b.ToString();
        }
    }
}
