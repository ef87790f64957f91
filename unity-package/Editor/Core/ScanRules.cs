using System;
using System.Collections.Generic;
using System.Reflection;

namespace UnityMcp.Core
{
    /// <summary>Which [McpTool] methods are test code, and so not declared to agents. A test
    /// assembly is one that references nunit.framework itself: the Unity Test Framework finds
    /// test assemblies by their reference to nunit.framework (or UnityEngine.TestRunner /
    /// Unity.PerformanceTesting — com.unity.test-framework, EditorLoadedTestAssemblyProvider),
    /// but an editor tool assembly may reference the Test Runner to start runs, as this
    /// package does, so only a direct nunit.framework reference counts here. Scripts outside
    /// any asmdef share the predefined assemblies (Assembly-CSharp-Editor…) with tests in
    /// Editor folders, so there a method is test code only when its own class is a test
    /// fixture (NUnit or Unity Test Framework attributes on the class or its methods).</summary>
    public static class TestCode
    {
        public const string NUnitAssembly = "nunit.framework";

        /// <summary>Unity's predefined script assemblies (Assembly-CSharp, -firstpass,
        /// -Editor, -Editor-firstpass).</summary>
        public static bool IsPredefinedAssembly(string name)
        {
            return name != null && (name == "Assembly-CSharp" || name.StartsWith("Assembly-CSharp-", StringComparison.Ordinal));
        }

        /// <summary>The rule on plain values: why the method is test code, or null.</summary>
        public static string Why(string assemblyName, IEnumerable<string> referencedAssemblies, bool typeIsTestFixture, string typeName)
        {
            bool nunit = false;
            foreach (var r in referencedAssemblies ?? new string[0])
                if (string.Equals(r, NUnitAssembly, StringComparison.OrdinalIgnoreCase)) { nunit = true; break; }
            if (!nunit) return null;
            if (!IsPredefinedAssembly(assemblyName))
                return "its assembly " + assemblyName + " references " + NUnitAssembly + " (a test assembly)";
            return typeIsTestFixture ? "its class " + typeName + " is a test fixture in " + assemblyName : null;
        }

        /// <summary>Why a method is test code, or null. Reads metadata only (referenced
        /// assembly names, attribute types): no attribute constructor or static constructor runs.</summary>
        public static string Why(MethodInfo m)
        {
            if (m == null || m.DeclaringType == null) return null;
            var asm = m.DeclaringType.Assembly;
            var refs = new List<string>();
            try
            {
                foreach (var r in asm.GetReferencedAssemblies()) refs.Add(r.Name);
            }
            catch (Exception) { return null; }
            var top = m.DeclaringType;
            while (top.DeclaringType != null) top = top.DeclaringType;
            return Why(asm.GetName().Name, refs, IsTestFixture(m.DeclaringType) || IsTestFixture(top), m.DeclaringType.FullName);
        }

        /// <summary>Whether the type carries test attributes: NUnit.Framework's (TestFixture,
        /// Test, TestCase, SetUp…) or UnityEngine.TestTools' (UnityTest, UnitySetUp…), on the
        /// class or on any of its methods.</summary>
        public static bool IsTestFixture(Type t)
        {
            if (t == null) return false;
            if (HasTestAttribute(t.GetCustomAttributesData())) return true;
            const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
            try
            {
                foreach (var m in t.GetMethods(all))
                    if (HasTestAttribute(m.GetCustomAttributesData())) return true;
            }
            catch (Exception) { }
            return false;
        }

        static bool HasTestAttribute(IList<CustomAttributeData> attrs)
        {
            foreach (var a in attrs)
            {
                string ns;
                try { ns = a.Constructor.DeclaringType.Namespace; }
                catch (Exception) { continue; }
                if (ns == "NUnit.Framework" || ns == "UnityEngine.TestTools") return true;
            }
            return false;
        }
    }

    /// <summary>Property getters with side effects that reading an object's properties must
    /// not call (find-game-objects' IncludeInheritedProperties, reflect_read, returned values).
    /// Each was read in the UnityCsReference source of 2022.3, 6000.0, 6000.3, 6000.5 and 6000.7:
    /// <list type="bullet">
    /// <item>Renderer.material / materials (Runtime/Export/Graphics/GraphicsRenderers.bindings.cs):
    /// RendererScripting::GetMaterial / GetMaterialArray make the renderer's own copy of its
    /// shared materials (Unity's documented "instantiates the material"; in Edit Mode it leaks
    /// into the scene);</item>
    /// <item>MeshFilter.mesh (Runtime/Export/Graphics/GraphicsComponents.bindings.cs): the getter is
    /// GetInstantiatedMeshFromScript, a copy of the shared mesh;</item>
    /// <item>Collider.material (2022.3: Modules/Physics/ScriptBindings/Dynamics.bindings.cs;
    /// 6000.x: Modules/Physics/ScriptBindings/Collider.bindings.cs): the getter is GetClonedMaterial.</item>
    /// </list>
    /// Matched by the declaring type's full name, so subclasses (MeshRenderer,
    /// ParticleSystemRenderer, BoxCollider…) are covered and same-named properties of other
    /// types (ParticleSystemRenderer.mesh, a plain getter) are not.</summary>
    public static class SideEffectGetters
    {
        sealed class Entry
        {
            public string Type, Name, Why;
        }

        static readonly Entry[] Known =
        {
            new Entry { Type = "UnityEngine.Renderer", Name = "material", Why = "Renderer.material makes the renderer its own copy of the material (a leak in Edit Mode); read sharedMaterial instead" },
            new Entry { Type = "UnityEngine.Renderer", Name = "materials", Why = "Renderer.materials makes the renderer its own copies of the materials (a leak in Edit Mode); read sharedMaterials instead" },
            new Entry { Type = "UnityEngine.MeshFilter", Name = "mesh", Why = "MeshFilter.mesh makes the filter its own copy of the mesh (a leak in Edit Mode); read sharedMesh instead" },
            new Entry { Type = "UnityEngine.Collider", Name = "material", Why = "Collider.material makes the collider its own copy of the physics material; read sharedMaterial instead" },
        };

        /// <summary>Why the getter of property name declared by declaringType (full name)
        /// must not be called, or null.</summary>
        public static string Why(string declaringType, string name)
        {
            foreach (var e in Known)
                if (e.Name == name && e.Type == declaringType) return e.Why;
            return null;
        }

        /// <summary>The same for a property: by the type that declares it (reflection reports
        /// Renderer for MeshRenderer.material), or, for an override, by the type that declared
        /// the getter first.</summary>
        public static string Why(PropertyInfo p)
        {
            if (p == null || p.DeclaringType == null) return null;
            var w = Why(p.DeclaringType.FullName, p.Name);
            if (w != null) return w;
            var g = p.GetGetMethod(true);
            var b = g == null ? null : g.GetBaseDefinition();
            if (b == null || b.DeclaringType == null || b.DeclaringType == p.DeclaringType) return null;
            return Why(b.DeclaringType.FullName, p.Name);
        }
    }
}
