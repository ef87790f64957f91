using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityMcp.Core;

// The shapes a read meets in a real project, as plain classes: Unity's attributes and base
// classes by their names (the rules match names; this assembly does not reference
// UnityEngine), a script with a lazy singleton, TextMeshPro's and uGUI's getters that change
// the scene. Each getter that must not run counts its calls.
namespace UnityEngine
{
    [AttributeUsage(AttributeTargets.Field)] public sealed class SerializeField : Attribute { }
    [AttributeUsage(AttributeTargets.Field)] public sealed class SerializeReference : Attribute { }

    public class Behaviour : Component
    {
        public bool enabled { get { return true; } }
    }

    public class MonoBehaviour : Behaviour
    {
        public static int TokenGets;
        // MonoBehaviour.bindings.cs: the first read creates a CancellationTokenSource.
        public CancellationToken destroyCancellationToken { get { TokenGets++; return CancellationToken.None; } }
    }

    /// <summary>An engine value type whose public properties are native accessors.</summary>
    public struct LayerMaskLike
    {
        int m_Mask;
        public LayerMaskLike(int mask) { m_Mask = mask; }
        public int value { get { return m_Mask; } }
    }
}

namespace UnityEngine.UI
{
    // uGUI is a package of C# code (assembly UnityEngine.UI): script rules, not engine ones.
    public class Graphic : UnityEngine.MonoBehaviour
    {
        public static int RenderingGets;
        [UnityEngine.SerializeField] protected object m_Material = "UI/Default";
        public virtual object material { get { return m_Material; } }
        // Graphic.cs: runs the masks' GetModifiedMaterial, which replaces stencil materials.
        public virtual object materialForRendering { get { RenderingGets++; return m_Material; } }
    }
}

namespace TMPro
{
    public class TMP_Text : UnityEngine.UI.Graphic
    {
        public int InstanceMaterialsMade;
        [UnityEngine.SerializeField] protected string m_text = "Score: 0";
        [UnityEngine.SerializeField] protected object m_sharedMaterial = "LiberationSans SDF Material";
        [UnityEngine.SerializeField] protected object m_fontMaterial;
        public string text { get { return m_text; } }
        public object fontSharedMaterial { get { return m_sharedMaterial; } }
        // TMP_Text.cs / TextMeshProUGUI.GetMaterial: makes an instance material and assigns it.
        public object fontMaterial
        {
            get
            {
                InstanceMaterialsMade++;
                m_fontMaterial = "LiberationSans SDF Material (Instance)";
                m_sharedMaterial = m_fontMaterial;
                return m_fontMaterial;
            }
        }
    }

    public class TextMeshProUGUI : TMP_Text
    {
        public override object materialForRendering { get { RenderingGets++; return m_sharedMaterial; } }
    }
}

namespace Game
{
    /// <summary>A MonoBehaviour-like script with the usual singleton.</summary>
    public class GameManager : UnityEngine.MonoBehaviour
    {
        public static int InstanceGets;
        public static int ScoreTextGets;
        static GameManager instance;
        public static void Forget() { instance = null; }
        public static GameManager Instance
        {
            get
            {
                InstanceGets++;
                if (instance == null) instance = new GameManager(); // in Unity: new GameObject().AddComponent<GameManager>()
                return instance;
            }
        }
        public static int HighScore { get; set; } = 900;
        public const int MaxLives = 5;

        public int lives = 3;
        [UnityEngine.SerializeField] int coins = 7;
        [NonSerialized] public int frame = 42;
        public readonly string build = "dev";
        int hidden = 1;
        [field: UnityEngine.SerializeField] public string Title { get; private set; } = "Main";
        [field: UnityEngine.SerializeField] int Secret { get; set; } = 9;
        int Unseen { get; set; } = 5;
        public int Health { get; private set; } = 100;
        public string ScoreText { get { ScoreTextGets++; return "Lives " + lives; } }
        [UnityEngine.SerializeReference] object weapon = new Sword();

        public int Peek() { return hidden + Secret + Unseen + coins + (weapon == null ? 0 : 1); }
    }

    [Serializable]
    public class Sword
    {
        public static int SharpGets;
        public int damage = 12;
        [UnityEngine.SerializeField] string owner = "hero";
        public bool Sharp { get { SharpGets++; return true; } }
        public override string ToString() { return owner; }
    }

    /// <summary>A ToString that must not run (it counts).</summary>
    public class Noisy
    {
        public static int ToStringCalls;
        public override string ToString() { ToStringCalls++; return "noisy"; }
    }

    public class Formattable : IFormattable
    {
        public string ToString(string format, IFormatProvider provider) { return "mine"; }
    }

    /// <summary>A script's own collection: its enumerator is its code.</summary>
    public class Bag : IEnumerable<int>
    {
        public static int Enumerations;
        public int capacity = 4;
        public IEnumerator<int> GetEnumerator() { Enumerations++; yield return 1; }
        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
    }

    public class Inventory : List<string> { }

    public class Holder
    {
        public static int YieldRuns;
        public static int SelectorRuns;
        public IEnumerable<int> lazy = Numbers();
        public IEnumerable<int> query = new List<int> { 1, 2 }.Select(i => { SelectorRuns++; return i * 2; });
        public List<int> list = new List<int> { 1, 2, 3 };
        public Dictionary<string, int> ammo = new Dictionary<string, int> { { "arrows", 20 } };
        public Dictionary<Noisy, int> byNoisy = new Dictionary<Noisy, int> { { new Noisy(), 1 } };
        public Bag bag = new Bag();
        public Sword sword = new Sword();
        public Noisy noisy = new Noisy();
        public Version version = new Version(1, 2, 3);
        public object anonymous = new { x = 1, y = "two" };

        static IEnumerable<int> Numbers() { YieldRuns++; yield return 1; }
    }
}

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class ReadRulesTests
    {
        // Unity's engine modules, as this assembly fakes them: the namespace UnityEngine (not
        // UnityEngine.UI, a package). The real rule goes by assembly name (IsEngineAssembly).
        static bool FakeEngine(Type t) { return t.Namespace == "UnityEngine"; }

        static Dictionary<string, ReadableMember> ByName(IEnumerable<ReadableMember> members)
        {
            var d = new Dictionary<string, ReadableMember>();
            foreach (var m in members) d.Add(m.Name, m); // Add: a name listed twice fails
            return d;
        }

        [SetUp]
        public void ResetCounters()
        {
            Game.GameManager.InstanceGets = 0;
            Game.GameManager.Forget();
            Game.GameManager.ScoreTextGets = 0;
            Game.Sword.SharpGets = 0;
            Game.Noisy.ToStringCalls = 0;
            Game.Bag.Enumerations = 0;
            Game.Holder.YieldRuns = 0;
            Game.Holder.SelectorRuns = 0;
            UnityEngine.MonoBehaviour.TokenGets = 0;
            UnityEngine.UI.Graphic.RenderingGets = 0;
        }

        [TestCase("UnityEngine", true)]
        [TestCase("UnityEditor", true)]
        [TestCase("UnityEngine.CoreModule", true)]
        [TestCase("UnityEngine.PhysicsModule", true)]
        [TestCase("UnityEditor.CoreModule", true)]
        [TestCase("UnityEngine.UI", false)]
        [TestCase("UnityEditor.UI", false)]
        [TestCase("Unity.TextMeshPro", false)]
        [TestCase("UnityEngine.TestRunner", false)]
        [TestCase("Unity.InputSystem", false)]
        [TestCase("Assembly-CSharp", false)]
        [TestCase("UnityEngineModule", false)]
        [TestCase(null, false)]
        public void EngineAssembliesAreUnitysModules(string name, bool engine)
        {
            Assert.AreEqual(engine, ReadRules.IsEngineAssembly(name));
        }

        [Test]
        public void TestTypesAreScriptsByDefault()
        {
            Assert.IsFalse(ReadRules.IsEngineType(typeof(UnityEngine.MonoBehaviour)), "this test assembly is no engine module");
            Assert.IsTrue(ReadRules.IsFrameworkType(typeof(List<int>)));
            Assert.IsFalse(ReadRules.IsFrameworkType(typeof(Game.Bag)));
        }

        [Test]
        public void ScriptIsReadByItsFieldsNeverItsGetters()
        {
            var members = ByName(ReadRules.Members(typeof(Game.GameManager), false, typeof(UnityEngine.Component), FakeEngine));
            Assert.AreEqual(ReadVia.Field, members["lives"].Via, "public field");
            Assert.AreEqual(ReadVia.Field, members["coins"].Via, "[SerializeField] private field");
            Assert.AreEqual(ReadVia.Field, members["frame"].Via, "[NonSerialized] public field: data, no code");
            Assert.AreEqual(ReadVia.Field, members["build"].Via, "readonly public field");
            Assert.AreEqual(ReadVia.Field, members["weapon"].Via, "[SerializeReference] private field");
            Assert.AreEqual(ReadVia.BackingField, members["Title"].Via, "[field: SerializeField] auto-property");
            Assert.AreEqual(ReadVia.BackingField, members["Secret"].Via, "private [field: SerializeField] auto-property");
            Assert.AreEqual(ReadVia.BackingField, members["Health"].Via, "public auto-property");
            Assert.AreEqual(ReadVia.NotCalled, members["ScoreText"].Via, "a getter the author wrote");
            StringAssert.Contains("reflect_read", members["ScoreText"].Why);
            Assert.IsFalse(members.ContainsKey("hidden"), "private fields Unity does not serialize are not shown");
            Assert.IsFalse(members.ContainsKey("Unseen"), "nor private auto-properties it does not serialize");
            Assert.IsFalse(ByName(ReadRules.Members(typeof(Game.GameManager), false, typeof(UnityEngine.Behaviour), FakeEngine)).ContainsKey("enabled"),
                "the walk stops at the given base class (find-game-objects: UnityEngine.Object)");
            Assert.IsFalse(members.ContainsKey("Instance"), "statics are not instance members");
            Assert.AreEqual(ReadVia.Getter, members["enabled"].Via, "an engine class's property is a native accessor");
            Assert.AreEqual(ReadVia.Refused, members["destroyCancellationToken"].Via);
            foreach (var m in members.Values) StringAssert.DoesNotStartWith("<", m.Name, "compiler-generated names are not shown");

            var g = new Game.GameManager();
            var values = new Dictionary<string, object>();
            foreach (var m in members.Values)
                if (m.IsRead) values[m.Name] = m.Read(g);
            Assert.AreEqual(3, values["lives"]);
            Assert.AreEqual(7, values["coins"]);
            Assert.AreEqual(42, values["frame"]);
            Assert.AreEqual("Main", values["Title"]);
            Assert.AreEqual(9, values["Secret"]);
            Assert.AreEqual(100, values["Health"]);
            Assert.AreEqual(true, values["enabled"]);
            Assert.IsInstanceOf<Game.Sword>(values["weapon"]);
            Assert.AreEqual(0, Game.GameManager.ScoreTextGets, "the script's getter never ran");
            Assert.AreEqual(0, UnityEngine.MonoBehaviour.TokenGets, "destroyCancellationToken never ran");
            var e = Assert.Throws<InvalidOperationException>(() => members["ScoreText"].Read(g));
            StringAssert.Contains("ScoreText", e.Message);
            Assert.AreEqual(0, Game.GameManager.ScoreTextGets);
        }

        [Test]
        public void TypeAloneReadsStaticFieldsNotTheLazyInstance()
        {
            var members = ByName(ReadRules.Members(typeof(Game.GameManager), true, null, FakeEngine));
            Assert.AreEqual(ReadVia.NotCalled, members["Instance"].Via);
            Assert.AreEqual(ReadVia.Field, members["instance"].Via, "the singleton's own field is read");
            Assert.AreEqual(ReadVia.BackingField, members["HighScore"].Via, "a static auto-property through its field");
            Assert.AreEqual(ReadVia.Field, members["MaxLives"].Via);
            Assert.IsFalse(members.ContainsKey("TokenGets"), "a base class's statics are not the type's own");
            foreach (var m in members.Values)
                if (m.IsRead) m.Read(null);
            Assert.AreEqual(0, Game.GameManager.InstanceGets, "reading @type:GameManager must not create the singleton");
            Assert.IsNull(members["instance"].Read(null), "no instance was made");
            Assert.AreEqual(900, members["HighScore"].Read(null));
        }

        [Test]
        public void TextMeshProIsReadByItsSerializedFields()
        {
            var members = ByName(ReadRules.Members(typeof(TMPro.TextMeshProUGUI), false, typeof(UnityEngine.Component), FakeEngine));
            Assert.AreEqual(ReadVia.Refused, members["fontMaterial"].Via);
            StringAssert.Contains("fontSharedMaterial", members["fontMaterial"].Why, "says what to read instead");
            Assert.AreEqual(ReadVia.Refused, members["materialForRendering"].Via, "TMP's override is still Graphic's getter");
            Assert.AreEqual(ReadVia.NotCalled, members["text"].Via, "uGUI and TMP are packages: their getters are script code");
            Assert.AreEqual(ReadVia.NotCalled, members["material"].Via);
            Assert.AreEqual(ReadVia.Field, members["m_text"].Via);
            Assert.AreEqual(ReadVia.Field, members["m_Material"].Via, "a base class's serialized private field");
            var t = new TMPro.TextMeshProUGUI();
            foreach (var m in members.Values)
                if (m.IsRead) m.Read(t);
            Assert.AreEqual("Score: 0", members["m_text"].Read(t));
            Assert.AreEqual("LiberationSans SDF Material", members["m_sharedMaterial"].Read(t), "the shared material is still the font's");
            Assert.AreEqual(0, t.InstanceMaterialsMade, "no instance material was made");
            Assert.AreEqual(0, UnityEngine.UI.Graphic.RenderingGets);
        }

        [Test]
        public void NamedMembersAreWhatThePathAsksFor()
        {
            var instance = ReadRules.Named(typeof(Game.GameManager), "Instance", true);
            Assert.AreEqual(ReadVia.Getter, instance.Via, "named in the path: the caller asked for the getter");
            Assert.IsNotNull(instance.Read(null));
            Assert.AreEqual(1, Game.GameManager.InstanceGets);
            Assert.AreEqual(ReadVia.Field, ReadRules.Named(typeof(Game.GameManager), "coins", false).Via);
            Assert.AreEqual(ReadVia.Field, ReadRules.Named(typeof(Game.GameManager), "hidden", false).Via, "a named private field is read");
            Assert.AreEqual(ReadVia.BackingField, ReadRules.Named(typeof(Game.GameManager), "Unseen", false).Via);
            Assert.AreEqual(ReadVia.Getter, ReadRules.Named(typeof(Game.GameManager), "ScoreText", false).Via);
            Assert.AreEqual(ReadVia.Field, ReadRules.Named(typeof(Game.GameManager), "TokenGets", true).Via, "a base class's static by name");
            var font = ReadRules.Named(typeof(TMPro.TextMeshProUGUI), "fontMaterial", false);
            Assert.AreEqual(ReadVia.Refused, font.Via, "refused even when named");
            var t = new TMPro.TextMeshProUGUI();
            Assert.Throws<InvalidOperationException>(() => font.Read(t));
            Assert.AreEqual(0, t.InstanceMaterialsMade);
            Assert.AreEqual(ReadVia.Refused, ReadRules.Named(typeof(UnityEngine.MeshRenderer), "material", false).Via);
            Assert.IsNull(ReadRules.Named(typeof(Game.GameManager), "nothing", false));
        }

        [Test]
        public void SerializedAsUnitySaysSo()
        {
            var t = typeof(Game.GameManager);
            const System.Reflection.BindingFlags all = System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.Static;
            Assert.IsTrue(ReadRules.IsSerializedByUnity(t.GetField("lives", all)));
            Assert.IsTrue(ReadRules.IsSerializedByUnity(t.GetField("coins", all)));
            Assert.IsTrue(ReadRules.IsSerializedByUnity(t.GetField("weapon", all)));
            Assert.IsTrue(ReadRules.IsSerializedByUnity(t.GetField("<Title>k__BackingField", all)));
            Assert.IsFalse(ReadRules.IsSerializedByUnity(t.GetField("frame", all)), "[NonSerialized]");
            Assert.IsFalse(ReadRules.IsSerializedByUnity(t.GetField("build", all)), "readonly");
            Assert.IsFalse(ReadRules.IsSerializedByUnity(t.GetField("hidden", all)), "private without [SerializeField]");
            Assert.IsFalse(ReadRules.IsSerializedByUnity(t.GetField("<Health>k__BackingField", all)), "an auto-property without [field: SerializeField]");
            Assert.IsFalse(ReadRules.IsSerializedByUnity(t.GetField("instance", all)), "static");
            Assert.IsFalse(ReadRules.IsSerializedByUnity(t.GetField("MaxLives", all)), "const");
        }

        [Test]
        public void OnlyCollectionsWhoseEnumeratorRunsNoScriptCodeAreEnumerated()
        {
            Assert.IsTrue(ReadRules.MayEnumerate(typeof(int[])));
            Assert.IsTrue(ReadRules.MayEnumerate(typeof(List<Game.Noisy>)));
            Assert.IsTrue(ReadRules.MayEnumerate(typeof(Dictionary<string, int>)));
            Assert.IsTrue(ReadRules.MayEnumerate(typeof(HashSet<int>)));
            Assert.IsTrue(ReadRules.MayEnumerate(typeof(Queue<int>)));
            Assert.IsTrue(ReadRules.MayEnumerate(typeof(Game.Inventory)), "a script's List<T> subclass enumerates with List's code");
            Assert.IsFalse(ReadRules.MayEnumerate(typeof(Game.Bag)), "a script's own enumerator");
            var h = new Game.Holder();
            Assert.IsFalse(ReadRules.MayEnumerate(h.lazy.GetType()), "an iterator runs its method");
            Assert.IsFalse(ReadRules.MayEnumerate(h.query.GetType()), "a LINQ query runs its lambda");
            Assert.IsTrue(ReadRules.MayEnumerate(typeof(Game.Bag), t => t == typeof(Game.Bag)), "an engine collection (NativeArray) is trusted");
        }

        [Test]
        public void ToStringOnlyWhereItRunsNoScriptCode()
        {
            Assert.IsTrue(ReadRules.MayCallToString(typeof(int)));
            Assert.IsTrue(ReadRules.MayCallToString(typeof(DayOfWeek)));
            Assert.IsTrue(ReadRules.MayCallToString(typeof(Version)));
            Assert.IsTrue(ReadRules.MayCallToString(typeof(Game.Bag)), "System.Object's: the type's name");
            Assert.IsTrue(ReadRules.MayCallToString(typeof(KeyValuePair<string, int>)));
            Assert.IsFalse(ReadRules.MayCallToString(typeof(Game.Noisy)));
            Assert.IsFalse(ReadRules.MayCallToString(typeof(KeyValuePair<Game.Noisy, int>)), "KeyValuePair prints its key");
            Assert.IsFalse(ReadRules.MayCallToString(typeof(Lazy<Game.Sword>)));
            Assert.IsFalse(ReadRules.MayCallToString(typeof(Game.Formattable)), "a script's IFormattable");
        }

        [Test]
        public void ValueJsonRunsNoScriptCode()
        {
            var h = new Game.Holder();
            var json = (JObject)new ValueJson(3, 20, null, FakeEngine).Write(h);
            Assert.AreEqual(0, Game.Holder.YieldRuns, "the iterator was not run");
            Assert.AreEqual(0, Game.Holder.SelectorRuns, "the query was not run");
            Assert.AreEqual(0, Game.Bag.Enumerations, "the script's enumerator was not run");
            Assert.AreEqual(0, Game.Sword.SharpGets, "the nested object's getter was not run");
            Assert.AreEqual(0, Game.Noisy.ToStringCalls, "no script ToString ran (keys, summaries)");

            CollectionAssert.AreEqual(new[] { 1, 2, 3 }, json["list"].ToObject<int[]>());
            Assert.AreEqual(20, (int)json["ammo"]["arrows"]);
            Assert.AreEqual(1, (int)json["byNoisy"]["Noisy #0"], "a key whose ToString is script code is named by its type");
            Assert.AreEqual(12, (int)json["sword"]["damage"]);
            Assert.AreEqual("hero", (string)json["sword"]["owner"], "a [SerializeField] private field of a nested object");
            Assert.IsNull(json["sword"]["Sharp"], "its getter is not listed among values");
            Assert.AreEqual(4, (int)json["bag"]["capacity"], "a script collection shows its fields");
            Assert.AreEqual("1.2.3", (string)json["version"], ".NET's own text where nothing else is readable");
            Assert.AreEqual(typeof(Game.Noisy).FullName, (string)json["noisy"], "a script object with nothing readable: its type, not its ToString");
            Assert.AreEqual(1, (int)json["anonymous"]["x"], "anonymous types' compiler-written getters are read");
            Assert.AreEqual("two", (string)json["anonymous"]["y"]);
            Assert.AreEqual(JTokenType.String, json["lazy"].Type);
            Assert.AreEqual(JTokenType.String, json["query"].Type);

            // Past the depth a script object is summarised without its ToString.
            var shallow = new ValueJson(1, 20, null, FakeEngine).Write(new Game.Holder());
            Assert.AreEqual(typeof(Game.Sword).FullName, (string)shallow["sword"]);
            Assert.AreEqual("List`1 (3 items)", (string)shallow["list"]);
            Assert.AreEqual(0, Game.Noisy.ToStringCalls);
        }

        [Test]
        public void ValueJsonReadsEngineAccessorsAndRefusesSideEffects()
        {
            var w = new ValueJson(2, 20, null, FakeEngine);
            Assert.AreEqual(5, (int)w.Write(new UnityEngine.LayerMaskLike(5))["value"], "an engine struct's property");
            var r = (JObject)w.Write(new UnityEngine.MeshRenderer());
            StringAssert.Contains("sharedMaterial", (string)r["material"], "Renderer.material is not read (its fake throws if it is)");
            Assert.AreEqual(JTokenType.Null, r["sharedMaterial"].Type, "sharedMaterial is read (null)");
            var g = (JObject)w.Write(new Game.GameManager());
            Assert.AreEqual(3, (int)g["lives"]);
            Assert.AreEqual(0, Game.GameManager.ScoreTextGets);
            Assert.AreEqual(0, Game.GameManager.InstanceGets);
            Assert.AreEqual(0, UnityEngine.MonoBehaviour.TokenGets);
        }

        [Test]
        public void AReturnedQueryIsFinishedItsContentsAreRead()
        {
            var w = new ValueJson(2, 20, null, FakeEngine);
            var h = new Game.Holder();
            // execute_code's `return list.Select(…)`: the code returned the query to be run.
            CollectionAssert.AreEqual(new[] { 2, 4 }, w.WriteResult(h.query).ToObject<int[]>());
            Assert.AreEqual(2, Game.Holder.SelectorRuns);
            var swords = w.WriteResult(new List<Game.Sword> { new Game.Sword() }.Select(s => s));
            Assert.AreEqual(12, (int)swords[0]["damage"]);
            Assert.AreEqual(0, Game.Sword.SharpGets, "the items follow the read rules");
            var holder = (JObject)w.WriteResult(new Game.Holder());
            Assert.AreEqual(JTokenType.String, holder["query"].Type, "a query inside a returned object is not run");
            Assert.AreEqual(2, Game.Holder.SelectorRuns);
            Assert.AreEqual(20, (int)w.WriteResult(new Dictionary<string, int> { { "arrows", 20 } })["arrows"]);
            Assert.AreEqual("text", (string)w.WriteResult("text"));
        }

        [Test]
        public void ValueJsonLetsTheShaperGoFirst()
        {
            var w = new ValueJson(2, 20, (v, writer) => v is Game.Sword ? new JValue("a sword") : null, FakeEngine);
            Assert.AreEqual("a sword", (string)w.Write(new Game.Holder())["sword"]);
            Assert.AreEqual(0.1, (double)ValueJson.Float(0.1f), "floats as their shortest text");
            Assert.AreEqual("NaN", (string)ValueJson.Float(float.NaN));
        }
    }

    [TestFixture]
    public class ObjectIdTextTests
    {
        /// <summary>A culture whose minus sign is U+2212, as Mono's CLDR data gives several
        /// Nordic locales: a culture-formatted negative id is then not "-1234".</summary>
        static CultureInfo MinusSignCulture()
        {
            var c = (CultureInfo)CultureInfo.InvariantCulture.Clone();
            c.NumberFormat.NegativeSign = "\u2212";
            return c;
        }

        [Test]
        public void IdsAreCultureIndependent()
        {
            var saved = Thread.CurrentThread.CurrentCulture;
            Thread.CurrentThread.CurrentCulture = MinusSignCulture();
            try
            {
                Assert.AreEqual("\u22121234", (-1234).ToString(), "the premise: the current culture writes U+2212");
                Assert.AreEqual("-1234", ObjectIdText.Format(-1234L));
                Assert.AreEqual("18446744073709551615", ObjectIdText.Format(ulong.MaxValue));
                int id;
                Assert.IsTrue(ObjectIdText.TryParseInt("-1234", out id));
                Assert.AreEqual(-1234, id);
                Assert.IsFalse(ObjectIdText.TryParseInt("\u22121234", out id), "a culture-formatted id is not an id");
                ulong raw;
                Assert.IsTrue(ObjectIdText.TryParseULong("9081247591923", out raw));
                Assert.AreEqual(9081247591923UL, raw);
                Assert.IsFalse(ObjectIdText.TryParseULong("-1", out raw));
                var p = ReflectionPath.Parse("@id:-1234/Transform");
                Assert.AreEqual("-1234", p.Arg);
                Assert.AreEqual("@id:-1234/Transform", p.ToString());
            }
            finally
            {
                Thread.CurrentThread.CurrentCulture = saved;
            }
        }
    }
}
