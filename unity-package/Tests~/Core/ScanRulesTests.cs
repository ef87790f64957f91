using System;
using System.Reflection;
using NUnit.Framework;
using UnityMcp.Core;

// Types with Unity's names, to check the side-effect rule by declaring type (this test
// assembly does not reference UnityEngine, so the names are free here).
namespace UnityEngine
{
    public class Component { }
    public class Renderer : Component
    {
        public object material { get { throw new InvalidOperationException("the getter ran"); } }
        public object materials { get { throw new InvalidOperationException("the getter ran"); } }
        public object sharedMaterial { get { return null; } }
    }
    public class MeshRenderer : Renderer { }
    public class ParticleSystemRenderer : Renderer { public object mesh { get { return null; } } }
    public class MeshFilter : Component { public object mesh { get { throw new InvalidOperationException("the getter ran"); } } }
    public class Collider : Component { public virtual object material { get { throw new InvalidOperationException("the getter ran"); } } }
    public class BoxCollider : Collider { public override object material { get { throw new InvalidOperationException("the getter ran"); } } }
    public class OwnMaterial : Renderer { public new object material { get { return null; } } }
}

namespace UnityMcp.Core.Tests
{
    /// <summary>A plain class of a test assembly: not a fixture, yet test code by its assembly.</summary>
    public static class HelperInTestAssembly
    {
        public static int Tool() { return 1; }
    }

    [TestFixture]
    public class TestCodeTests
    {
        [Test]
        public void AnAssemblyThatReferencesNUnitIsTestCode()
        {
            var why = TestCode.Why("Game.Editor.Tests", new[] { "mscorlib", "nunit.framework", "UnityEngine.TestRunner" }, false, "Game.Tools");
            StringAssert.Contains("Game.Editor.Tests", why);
            StringAssert.Contains("nunit.framework", why);
            Assert.IsNull(TestCode.Why("Game.Editor", new[] { "mscorlib", "UnityEditor.TestRunner", "UnityEngine.TestRunner" }, false, "Game.Tools"),
                "referencing the Test Runner (to start runs) does not make an editor assembly test code");
            Assert.IsNull(TestCode.Why("Game.Editor", null, true, "Game.Tools"));
        }

        [Test]
        public void InPredefinedAssembliesOnlyFixturesAreTestCode()
        {
            var refs = new[] { "mscorlib", "NUnit.Framework" };
            Assert.IsNull(TestCode.Why("Assembly-CSharp-Editor", refs, false, "LightingTools"));
            StringAssert.Contains("LightingTests", TestCode.Why("Assembly-CSharp-Editor", refs, true, "LightingTests"));
            Assert.IsTrue(TestCode.IsPredefinedAssembly("Assembly-CSharp"));
            Assert.IsTrue(TestCode.IsPredefinedAssembly("Assembly-CSharp-Editor-firstpass"));
            Assert.IsFalse(TestCode.IsPredefinedAssembly("Assembly-CSharpish"));
            Assert.IsFalse(TestCode.IsPredefinedAssembly(null));
        }

        [Test]
        public void RealAssembliesAndTypes()
        {
            // This assembly references nunit.framework: its methods are test code.
            StringAssert.Contains("UnityMcp.Core.Tests", TestCode.Why(typeof(HelperInTestAssembly).GetMethod("Tool")));
            // The Core assembly does not.
            Assert.IsNull(TestCode.Why(typeof(SnippetWrapper).GetMethod("Wrap")));
            Assert.IsTrue(TestCode.IsTestFixture(typeof(TestCodeTests)));
            Assert.IsTrue(TestCode.IsTestFixture(typeof(MethodsOnly)));
            Assert.IsFalse(TestCode.IsTestFixture(typeof(HelperInTestAssembly)));
            Assert.IsFalse(TestCode.IsTestFixture(typeof(SnippetWrapper)));
            Assert.IsNull(TestCode.Why((MethodInfo)null));
        }

        /// <summary>A fixture NUnit finds by its [Test] methods alone.</summary>
        public class MethodsOnly
        {
            [Test]
            public void Nothing() { }
        }
    }

    [TestFixture]
    public class SideEffectGetterTests
    {
        static PropertyInfo P(Type t, string name)
        {
            return t.GetProperty(name, BindingFlags.Public | BindingFlags.Instance);
        }

        [TestCase("UnityEngine.Renderer", "material", "sharedMaterial")]
        [TestCase("UnityEngine.Renderer", "materials", "sharedMaterials")]
        [TestCase("UnityEngine.MeshFilter", "mesh", "sharedMesh")]
        [TestCase("UnityEngine.Collider", "material", "sharedMaterial")]
        [TestCase("UnityEngine.MonoBehaviour", "destroyCancellationToken", "enabled or isActiveAndEnabled")]
        [TestCase("UnityEngine.Random", "value", "Random.state")]
        [TestCase("UnityEngine.Random", "rotationUniform", "Random.state")]
        [TestCase("TMPro.TMP_Text", "fontMaterial", "fontSharedMaterial")]
        [TestCase("TMPro.TMP_Text", "fontMaterials", "fontSharedMaterial or the field m_fontSharedMaterials")]
        [TestCase("TMPro.TMP_Text", "fontSharedMaterials", "fontSharedMaterial or the field m_fontSharedMaterials")]
        [TestCase("UnityEngine.UI.Graphic", "materialForRendering", "material")]
        [TestCase("UnityEngine.UI.Graphic", "canvasRenderer", "the GameObject's CanvasRenderer component")]
        public void KnownOffendersSayWhatToReadInstead(string type, string name, string instead)
        {
            var why = SideEffectGetters.Why(type, name);
            StringAssert.Contains(name, why);
            StringAssert.Contains("read " + instead + " instead", why);
        }

        [TestCase("UnityEngine.ParticleSystemRenderer", "mesh")]
        [TestCase("UnityEngine.Renderer", "sharedMaterial")]
        [TestCase("UnityEngine.Projector", "material")]
        [TestCase("Game.Weapon", "material")]
        [TestCase("TMPro.TMP_Text", "fontSharedMaterial")]
        [TestCase("UnityEngine.Random", "state")]
        [TestCase("UnityEngine.UI.Graphic", "material")]
        public void OthersAreRead(string type, string name)
        {
            Assert.IsNull(SideEffectGetters.Why(type, name));
        }

        [Test]
        public void PropertiesAreMatchedByTheTypeThatDeclaresThem()
        {
            Assert.IsNotNull(SideEffectGetters.Why(P(typeof(UnityEngine.MeshRenderer), "material")));
            Assert.IsNotNull(SideEffectGetters.Why(P(typeof(UnityEngine.ParticleSystemRenderer), "materials")));
            Assert.IsNotNull(SideEffectGetters.Why(P(typeof(UnityEngine.MeshFilter), "mesh")));
            Assert.IsNotNull(SideEffectGetters.Why(P(typeof(UnityEngine.BoxCollider), "material")), "an override is still the base getter's contract");
            Assert.IsNull(SideEffectGetters.Why(P(typeof(UnityEngine.ParticleSystemRenderer), "mesh")));
            Assert.IsNull(SideEffectGetters.Why(P(typeof(UnityEngine.Renderer), "sharedMaterial")));
            Assert.IsNull(SideEffectGetters.Why(typeof(UnityEngine.OwnMaterial).GetProperty("material", BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)),
                "a property redeclared with new is the subclass's own");
            Assert.IsNull(SideEffectGetters.Why((PropertyInfo)null));
            Assert.IsNotNull(SideEffectGetters.Why(P(typeof(TMPro.TextMeshProUGUI), "fontMaterial")), "declared by TMP_Text");
            Assert.IsNotNull(SideEffectGetters.Why(typeof(TMPro.TextMeshProUGUI).GetProperty("materialForRendering", BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)),
                "TMP's override of Graphic.materialForRendering");
        }
    }
}
