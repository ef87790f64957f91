using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;
using System.Text.RegularExpressions;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;
using UnityMcp.Editor.Tools;

namespace UnityMcp.Editor
{
    /// <summary>Finds [McpTool] methods (TypeCache) and declares them to the registry with
    /// a JSON schema derived from their parameters. Methods in test code (Core's TestCode:
    /// an assembly that references nunit.framework, or a test fixture class in the
    /// predefined Assembly-CSharp* assemblies) are not declared: they exist for tests, such as
    /// this package's own Tests/Editor sample tool, and agents must not see them.</summary>
    public static class AttributeTools
    {
        static readonly Regex NameRule = new Regex("^[a-z][a-z0-9_]{0,63}$");
        const string ToldAboutTestsKey = "UnityMcp.AttributeTools.ToldAboutTests";

        public static void DeclareAll(ToolRegistry registry)
        {
            var testTools = new List<string>();
            foreach (var m in TypeCache.GetMethodsWithAttribute<McpToolAttribute>())
            {
                try
                {
                    var test = TestCode.Why(m);
                    if (test != null)
                    {
                        // This package's own tests are expected; a project's are worth a line.
                        var asmName = m.DeclaringType.Assembly.GetName().Name;
                        if (!asmName.StartsWith("UnityMcp.", StringComparison.Ordinal))
                            testTools.Add(m.DeclaringType.FullName + "." + m.Name + " (" + test + ")");
                        continue;
                    }
                    var attr = (McpToolAttribute)Attribute.GetCustomAttribute(m, typeof(McpToolAttribute));
                    string why = Check(m, attr, registry);
                    if (why != null)
                    {
                        Debug.LogWarning("[unitymcp] [McpTool] on " + m.DeclaringType.FullName + "." + m.Name + " is ignored: " + why);
                        continue;
                    }
                    registry.Declare(new SafeTool(attr.Name, true, call => Invoke(m, call)), Declaration(m, attr));
                }
                catch (Exception e)
                {
                    Debug.LogWarning("[unitymcp] [McpTool] on " + m.DeclaringType + "." + m.Name + " is ignored: " + e.Message);
                }
            }
            // Once per Editor session (SessionState outlives domain reloads), not per reload.
            if (testTools.Count > 0 && !SessionState.GetBool(ToldAboutTestsKey, false))
            {
                SessionState.SetBool(ToldAboutTestsKey, true);
                Debug.Log("[unitymcp] [McpTool] methods in test code are not declared to agents: " + string.Join("; ", testTools.ToArray()) +
                    ". To publish one, move it to an Editor assembly (or class) without tests.");
            }
        }

        /// <summary>Whether DeclareAll leaves the method out as test code (see the class).</summary>
        public static bool IsTestTool(MethodInfo m) { return TestCode.Why(m) != null; }

        static string Check(MethodInfo m, McpToolAttribute attr, ToolRegistry registry)
        {
            if (!m.IsStatic || !m.IsPublic) return "the method must be public static";
            if (m.ContainsGenericParameters) return "generic methods are not supported";
            if (attr.Name == null || !NameRule.IsMatch(attr.Name)) return "the name must be a lowercase letter then lowercase letters, digits or _ (at most 64)";
            IToolHandler existing;
            if (registry.TryGet(attr.Name, out existing)) return "a tool named " + attr.Name + " already exists";
            foreach (var p in m.GetParameters())
            {
                if (p.ParameterType.IsByRef || p.IsOut) return "parameter " + p.Name + " is ref/out";
                if (Schema(p.ParameterType) == null) return "parameter " + p.Name + " has an unsupported type " + p.ParameterType.Name;
            }
            return null;
        }

        /// <summary>{name, description, group?, inputSchema, annotations}.</summary>
        public static JObject Declaration(MethodInfo m, McpToolAttribute attr)
        {
            var props = new JObject();
            var required = new JArray();
            foreach (var p in m.GetParameters())
            {
                var s = Schema(p.ParameterType);
                var d = (McpParamAttribute)Attribute.GetCustomAttribute(p, typeof(McpParamAttribute));
                s["description"] = d != null ? d.Description : p.Name;
                if (p.IsOptional)
                {
                    var def = p.DefaultValue;
                    if (def != null && def != DBNull.Value && !(def is Missing))
                        s["default"] = def is Enum ? new JValue(def.ToString()) : JToken.FromObject(def);
                }
                else required.Add(p.Name);
                props[p.Name] = s;
            }
            var schema = new JObject { { "type", "object" }, { "properties", props } };
            if (required.Count > 0) schema["required"] = required;
            var decl = new JObject
            {
                { "name", attr.Name },
                { "description", attr.Description ?? "" },
                { "inputSchema", schema },
                { "annotations", new JObject
                    {
                        { "readOnlyHint", attr.ReadOnly },
                        { "destructiveHint", attr.Destructive },
                        { "idempotentHint", attr.Idempotent },
                    }
                },
            };
            if (!string.IsNullOrEmpty(attr.Group)) decl["group"] = attr.Group;
            return decl;
        }

        static Type ElementType(Type t)
        {
            if (t.IsArray) return t.GetElementType();
            if (t.IsGenericType && t.GetGenericTypeDefinition() == typeof(List<>)) return t.GetGenericArguments()[0];
            return null;
        }

        /// <summary>The JSON schema of a parameter type; null when unsupported.</summary>
        static JObject Schema(Type t)
        {
            var u = Nullable.GetUnderlyingType(t) ?? t;
            if (u == typeof(string)) return new JObject { { "type", "string" } };
            if (u == typeof(bool)) return new JObject { { "type", "boolean" } };
            if (u == typeof(int) || u == typeof(long) || u == typeof(short) || u == typeof(byte) || u == typeof(uint)) return new JObject { { "type", "integer" } };
            if (u == typeof(float) || u == typeof(double) || u == typeof(decimal)) return new JObject { { "type", "number" } };
            if (u.IsEnum) return new JObject { { "type", "string" }, { "enum", new JArray(Enum.GetNames(u)) } };
            if (u == typeof(JObject)) return new JObject { { "type", "object" } };
            if (u == typeof(JArray)) return new JObject { { "type", "array" } };
            var el = ElementType(u);
            if (el != null)
            {
                var items = Schema(el);
                if (items == null || ElementType(el) != null) return null;
                return new JObject { { "type", "array" }, { "items", items } };
            }
            return null;
        }

        static object Convert(JToken v, Type t, string name)
        {
            var u = Nullable.GetUnderlyingType(t) ?? t;
            if (v == null || v.Type == JTokenType.Null) return u != t || !t.IsValueType ? null : Activator.CreateInstance(t);
            try
            {
                if (u.IsEnum)
                {
                    var s = v.Type == JTokenType.String ? (string)v : v.ToString();
                    foreach (var n in Enum.GetNames(u)) if (string.Equals(n, s, StringComparison.OrdinalIgnoreCase)) return Enum.Parse(u, n);
                    throw new ToolException("invalid_params", name + " must be one of " + string.Join(", ", Enum.GetNames(u)));
                }
                if (u == typeof(JObject) || u == typeof(JArray)) return v;
                var el = ElementType(u);
                if (el != null)
                {
                    var a = v as JArray;
                    if (a == null) throw new ToolException("invalid_params", name + " must be an array");
                    var list = (IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(el));
                    foreach (var x in a) list.Add(Convert(x, el, name));
                    if (!u.IsArray) return list;
                    var arr = Array.CreateInstance(el, list.Count);
                    list.CopyTo(arr, 0);
                    return arr;
                }
                return v.ToObject(u);
            }
            catch (ToolException) { throw; }
            catch (Exception e) { throw new ToolException("invalid_params", name + ": " + e.Message); }
        }

        static void Invoke(MethodInfo m, ToolCall call)
        {
            var ps = m.GetParameters();
            var args = new object[ps.Length];
            for (int i = 0; i < ps.Length; i++)
            {
                var p = ps[i];
                var v = call.Args[p.Name];
                if (v == null)
                {
                    if (p.IsOptional) { args[i] = p.DefaultValue is Missing ? null : p.DefaultValue; continue; }
                    throw new ToolException("invalid_params", p.Name + " is required");
                }
                args[i] = Convert(v, p.ParameterType, p.Name);
            }
            object result;
            try { result = m.Invoke(null, args); }
            catch (TargetInvocationException e)
            {
                var inner = e.InnerException ?? e;
                if (inner is ToolException) throw inner;
                throw new ToolException("editor_error", m.Name + " threw " + inner.GetType().Name + ": " + inner.Message,
                    new JObject { { "stackTrace", inner.StackTrace ?? "" } });
            }
            if (m.ReturnType == typeof(void)) { call.Reply(new JObject { { "Success", true } }); return; }
            var jo = result as JObject;
            if (jo != null) { call.Reply(jo); return; }
            call.Reply(new JObject { { "result", new ValueWriter(3, 100).Write(result) } });
        }
    }
}
