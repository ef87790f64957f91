using System;

namespace UnityMcp
{
    /// <summary>Makes a public static method of an Editor assembly an MCP tool. The input
    /// schema comes from the parameters (string, int, long, float, double, bool, enums,
    /// arrays and lists of those; optional parameters get their defaults). The method runs
    /// on the main thread; its return value is the result (a JObject as it is, anything
    /// else as {"result": value}; void gives {"Success": true}).
    /// <code>
    /// [McpTool("scene_count_lights", "Counts the lights in the open scenes", ReadOnly = true)]
    /// public static int CountLights(bool includeInactive = false) { … }
    /// </code>
    /// Methods in test code are not declared: in an assembly that references
    /// nunit.framework (a test assembly), or in a test fixture class of the predefined
    /// Assembly-CSharp* assemblies; the Console names them once.</summary>
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = false)]
    public sealed class McpToolAttribute : Attribute
    {
        public McpToolAttribute(string name, string description)
        {
            Name = name;
            Description = description;
        }

        /// <summary>Tool name: a lowercase letter, then lowercase letters, digits and _ (at most 64).</summary>
        public string Name { get; private set; }

        public string Description { get; private set; }

        /// <summary>diagnostics, authoring, rendering, timeline, build, code or input (optional).</summary>
        public string Group { get; set; }

        /// <summary>The tool changes nothing (readOnlyHint).</summary>
        public bool ReadOnly { get; set; }

        /// <summary>The tool may destroy or overwrite work (destructiveHint).</summary>
        public bool Destructive { get; set; }

        /// <summary>Calling it twice with the same arguments has the effect of calling it once
        /// (idempotentHint; such calls are re-sent after a domain reload).</summary>
        public bool Idempotent { get; set; }
    }

    /// <summary>Describes a parameter of an [McpTool] method in its input schema.</summary>
    [AttributeUsage(AttributeTargets.Parameter, AllowMultiple = false, Inherited = false)]
    public sealed class McpParamAttribute : Attribute
    {
        public McpParamAttribute(string description) { Description = description; }
        public string Description { get; private set; }
    }
}
