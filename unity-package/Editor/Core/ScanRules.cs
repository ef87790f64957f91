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

    /// <summary>Property getters with side effects that no read calls, not even when a
    /// reflect_read path names them (find-game-objects, reflect_read, returned values).
    /// Each was read in the UnityCsReference source of 2022.3, 6000.0, 6000.3, 6000.5 and 6000.7:
    /// <list type="bullet">
    /// <item>Renderer.material / materials (Runtime/Export/Graphics/GraphicsRenderers.bindings.cs):
    /// RendererScripting::GetMaterial / GetMaterialArray make the renderer's own copy of its
    /// shared materials (Unity's documented "instantiates the material"; in Edit Mode it leaks
    /// into the scene);</item>
    /// <item>MeshFilter.mesh (Runtime/Export/Graphics/GraphicsComponents.bindings.cs): the getter is
    /// GetInstantiatedMeshFromScript, a copy of the shared mesh;</item>
    /// <item>Collider.material (2022.3: Modules/Physics/ScriptBindings/Dynamics.bindings.cs;
    /// 6000.x: Modules/Physics/ScriptBindings/Collider.bindings.cs): the getter is GetClonedMaterial;</item>
    /// <item>MonoBehaviour.destroyCancellationToken (Runtime/Export/Scripting/MonoBehaviour.bindings.cs,
    /// 2022.2 on): the first read creates a CancellationTokenSource and registers it with the object;</item>
    /// <item>Random.value, insideUnitSphere, insideUnitCircle, onUnitSphere, rotation,
    /// rotationUniform (Runtime/Export/Random/Random.bindings.cs): each read draws the next
    /// number, changing Random.state (a game's seeded sequence).</item>
    /// </list>
    /// And in com.unity.ugui (Unity-Technologies/uGUI, branch 6000.0, where TextMeshPro is part
    /// of it; 2022.3's com.unity.ugui 1.0.0 has the same Graphic getters, and its TextMeshPro is
    /// the separate com.unity.textmeshpro package, whose TMP_Text was not read here):
    /// <list type="bullet">
    /// <item>TMP_Text.fontMaterial / fontMaterials (Runtime/TMP/TMP_Text.cs; TextMeshProUGUI.cs and
    /// TextMeshPro.cs GetMaterial / GetMaterials): create an instance material, assign it to
    /// m_sharedMaterial and dirty the text — an "(Instance)" material saved with the scene;</item>
    /// <item>TMP_Text.fontSharedMaterials (GetSharedMaterials): resizes and rewrites the serialized
    /// m_fontSharedMaterials;</item>
    /// <item>Graphic.materialForRendering (Runtime/UGUI/UI/Core/Graphic.cs): runs every
    /// IMaterialModifier's GetModifiedMaterial — Mask and MaskableGraphic (Mask.cs,
    /// MaskableGraphic.cs) replace their stencil materials (StencilMaterial.Add makes new ones);
    /// TMP's override (TMP_MaterialManager.GetMaterialForRendering) does the same;</item>
    /// <item>Graphic.canvasRenderer: adds a CanvasRenderer when the GameObject has none.</item>
    /// </list>
    /// Matched by the declaring type's full name, so subclasses (MeshRenderer,
    /// ParticleSystemRenderer, BoxCollider, TextMeshProUGUI…) are covered and same-named
    /// properties of other types (ParticleSystemRenderer.mesh, a plain getter) are not.
    /// Script and package getters are not called by bulk reads anyway (<see cref="ReadRules"/>);
    /// these entries refuse them when a reflect_read path names them too.</summary>
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
            new Entry { Type = "UnityEngine.MonoBehaviour", Name = "destroyCancellationToken", Why = "MonoBehaviour.destroyCancellationToken creates a CancellationTokenSource on the object the first time it is read; read enabled or isActiveAndEnabled instead" },
            new Entry { Type = "UnityEngine.Random", Name = "value", Why = "Random.value" + RandomDraws },
            new Entry { Type = "UnityEngine.Random", Name = "insideUnitSphere", Why = "Random.insideUnitSphere" + RandomDraws },
            new Entry { Type = "UnityEngine.Random", Name = "insideUnitCircle", Why = "Random.insideUnitCircle" + RandomDraws },
            new Entry { Type = "UnityEngine.Random", Name = "onUnitSphere", Why = "Random.onUnitSphere" + RandomDraws },
            new Entry { Type = "UnityEngine.Random", Name = "rotation", Why = "Random.rotation" + RandomDraws },
            new Entry { Type = "UnityEngine.Random", Name = "rotationUniform", Why = "Random.rotationUniform" + RandomDraws },
            new Entry { Type = "TMPro.TMP_Text", Name = "fontMaterial", Why = "TMP_Text.fontMaterial creates an instance material and assigns it to the text (an \"(Instance)\" material saved with the scene); read fontSharedMaterial instead" },
            new Entry { Type = "TMPro.TMP_Text", Name = "fontMaterials", Why = "TMP_Text.fontMaterials creates instance materials and assigns them to the text; read fontSharedMaterial or the field m_fontSharedMaterials instead" },
            new Entry { Type = "TMPro.TMP_Text", Name = "fontSharedMaterials", Why = "TMP_Text.fontSharedMaterials resizes and rewrites the serialized m_fontSharedMaterials; read fontSharedMaterial or the field m_fontSharedMaterials instead" },
            new Entry { Type = "UnityEngine.UI.Graphic", Name = "materialForRendering", Why = "Graphic.materialForRendering runs the masks' GetModifiedMaterial, which replaces their stencil materials; read material instead" },
            new Entry { Type = "UnityEngine.UI.Graphic", Name = "canvasRenderer", Why = "Graphic.canvasRenderer adds a CanvasRenderer when the GameObject has none; read the GameObject's CanvasRenderer component instead (…/CanvasRenderer)" },
        };

        const string RandomDraws = " draws the next random number with each read, changing Random.state (a game's seeded sequence); read Random.state instead";

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
