// The [SerializeReference] half of AssetReferenceTests: managed reference tests and the classes they hold.
using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityEditor;
using UnityEngine;
using static UnityMcp.Fake.Tests.FakeEditor;

namespace UnityMcp.Fake.Tests
{
    public partial class AssetReferenceTests
    {
        [Test]
        public void ManagedReferencesRoundTripWithTheirType()
        {
            var read = ReadAll("pet");
            Assert.AreEqual(JTokenType.Null, read["value"].Type);
            Assert.AreEqual("ManagedReference", (string)read["type"]);
            Assert.AreEqual("UnityMcp.Fake.Tests.IAnimal", (string)read["accepts"]);
            var types = read["types"].ToObject<string[]>();
            CollectionAssert.IsSubsetOf(new[] { "UnityMcp.Fake.Tests.Cat", Dog, "UnityMcp.Fake.Tests.Kennel/Puppy" }, types);
            foreach (var no in new[] { "UnityMcp.Fake.Tests.Animal", "UnityMcp.Fake.Tests.Stray", "UnityMcp.Fake.Tests.Robot", "UnityMcp.Fake.Tests.Pebble", "UnityMcp.Fake.Tests.Rock" })
                CollectionAssert.DoesNotContain(types, no);

            // {"$type", fields…}: a new instance, its other fields the class's defaults.
            var r = Write("pet", new JObject { { "$type", Dog }, { "name", "Rex" }, { "legs", 3 } });
            Assert.IsTrue((bool)r["changed"]);
            var dog = Hero.pet as Dog;
            Assert.IsNotNull(dog);
            Assert.AreEqual("Rex", dog.name);
            Assert.AreEqual(3, dog.legs);
            Assert.IsTrue(dog.good);
            var value = Read("pet");
            Same(new JObject { { "$type", "UnityMcp.Fake.Tests UnityMcp.Fake.Tests.Dog" }, { "name", "Rex" }, { "legs", 3 }, { "good", true } }, value);
            Same(value, r["value"]);
            Assert.IsFalse((bool)Write("pet", value)["changed"], "the read value written back (Unity's own type name) changes nothing");

            // Without "$type": the instance it holds, edited; a field by its path too.
            Write("pet", new { legs = 2 });
            Assert.AreSame(typeof(Dog), Hero.pet.GetType());
            Assert.AreEqual("Rex", ((Dog)Hero.pet).name);
            Assert.AreEqual(2, ((Dog)Hero.pet).legs);
            Write("pet.good", false);
            Assert.IsFalse(((Dog)Hero.pet).good);
            Assert.AreEqual(2, (int)Read("pet.legs"));

            // A short name, a nested class ('/' as Unity writes it, or '+'), a reference inside one.
            Write("pet", new JObject { { "$type", "Cat" }, { "lives", 3 }, { "friend", new JObject { { "$type", "UnityMcp.Fake.Tests.Kennel/Puppy" }, { "age", 1 } } } });
            var cat = (Cat)Hero.pet;
            Assert.AreEqual(3, cat.lives);
            Assert.AreEqual(1, ((Kennel.Puppy)cat.friend).age);
            Assert.AreEqual("UnityMcp.Fake.Tests UnityMcp.Fake.Tests.Kennel/Puppy", (string)Read("pet.friend")["$type"]);
            Write("pet.friend", new JObject { { "$type", "UnityMcp.Fake.Tests.Kennel+Puppy" }, { "age", 2 } });
            Assert.AreEqual(2, ((Kennel.Puppy)((Cat)Hero.pet).friend).age);
            Write("pet.friend", new JObject { { "$type", Dog }, { "legs", 1 } });
            Assert.AreEqual(1, ((Dog)((Cat)Hero.pet).friend).legs);
            var paths = new List<string>();
            foreach (var p in Call("inspect_list", new { object_path = "/Hero", component_type = "Decor", detail = "full", limit = 500 })["properties"]) paths.Add((string)p["path"]);
            CollectionAssert.IsSubsetOf(new[] { "pet", "pet.name", "pet.lives", "pet.friend", "pet.friend.legs" }, paths);

            // A list of them, null elements included; an abstract field type; System.Object.
            var herd = Write("herd", new object[] { new JObject { { "$type", Dog } }, new JObject { { "$type", "Cat" }, { "name", "Tom" } }, null })["value"];
            Assert.AreEqual(3, (int)herd["size"]);
            Assert.AreEqual("UnityMcp.Fake.Tests UnityMcp.Fake.Tests.Cat", (string)herd["elements"][1]["$type"]);
            Assert.AreEqual(JTokenType.Null, herd["elements"][2].Type);
            Assert.AreEqual("Tom", ((Cat)Hero.herd[1]).name);
            Assert.IsNull(Hero.herd[2]);
            Write("basePet", new JObject { { "$type", "Cat" } });
            Assert.IsInstanceOf<Cat>(Hero.basePet);
            Write("anything", new JObject { { "$type", "Rock" }, { "weight", 5 } });
            Assert.AreEqual(5, ((Rock)Hero.anything).weight);

            // null clears.
            Assert.AreEqual(JTokenType.Null, Write("pet", null)["value"].Type);
            Assert.IsNull(Hero.pet);
        }

        [Test]
        public void ManagedReferenceRefusalsNameWhatFitsAndChangeNothing()
        {
            Write("pet", new JObject { { "$type", Dog }, { "name", "Rex" } });
            var before = State();
            var fits = "the classes it takes: UnityMcp.Fake.Tests.Cat, UnityMcp.Fake.Tests.Dog, UnityMcp.Fake.Tests.Kennel/Puppy";
            var cases = new List<KeyValuePair<string, object[]>>
            {
                P("pet cannot hold a UnityMcp.Fake.Tests.Stray: it is not [Serializable]; " + fits, "pet", new JObject { { "$type", "Stray" } }),
                P("pet cannot hold a UnityMcp.Fake.Tests.Robot: it has no parameterless constructor; " + fits, "pet", new JObject { { "$type", "UnityMcp.Fake.Tests.Robot" } }),
                P("pet cannot hold a UnityMcp.Fake.Tests.Rock: it is not a UnityMcp.Fake.Tests.IAnimal; " + fits, "pet", new JObject { { "$type", "Rock" } }),
                P("pet cannot hold a UnityMcp.Fake.Tests.Pebble: it is a UnityEngine.Object", "pet", new JObject { { "$type", "Pebble" } }),
                P("basePet cannot hold a UnityMcp.Fake.Tests.Animal: it is abstract, so there is no instance of it to make; the classes it takes: UnityMcp.Fake.Tests.Cat, UnityMcp.Fake.Tests.Dog", "basePet", new JObject { { "$type", "Animal" } }),
                P("pet has no class \"Dgo\" to hold; closest: UnityMcp.Fake.Tests.Dog", "pet", new JObject { { "$type", "Dgo" } }),
                P("pet $type is a class name", "pet", new JObject { { "$type", 5 } }),
                P("pet is a [SerializeReference] UnityMcp.Fake.Tests.IAnimal: give {\"$type\"", "pet", 5),
                P("pet (UnityMcp.Fake.Tests.Dog) has no field \"lgs\"; closest: legs", "pet", new { lgs = 1 }),
                P("(its fields: name, legs, good)", "pet", new { lgs = 1 }),
                // A new class's fields are its own, [Range] included, in the same write.
                P("pet (UnityMcp.Fake.Tests.Cat) has no field \"legs\"", "pet", new JObject { { "$type", "Cat" }, { "legs", 1 } }),
                P("pet.legs takes an int in its [Range(0, 4)] from 0 to 4; got 7", "pet", new { legs = 7 }),
                P("pet.legs takes an int in its [Range(0, 4)] from 0 to 4; got 9", "pet", new JObject { { "$type", Dog }, { "legs", 9 } }),
                P("basePet holds null: give \"$type\" to make an instance (the classes it takes: UnityMcp.Fake.Tests.Cat, UnityMcp.Fake.Tests.Dog)", "basePet", new { name = "x" }),
                P("herd.Array.data[1] has no class \"Cow\" to hold", "herd", new object[] { new JObject { { "$type", Dog } }, new JObject { { "$type", "Cow" } } }),
            };
            foreach (var c in cases)
            {
                var f = Refused((string)c.Value[0], c.Value[1]);
                Assert.AreEqual("invalid_params", f.Code, c.Key);
                StringAssert.Contains(c.Key, f.Message, (string)c.Value[0] + " = " + JToken.FromObject(c.Value[1]).ToString(Newtonsoft.Json.Formatting.None));
                Assert.AreEqual(before, State(), "after refusing " + c.Key);
            }
            Assert.AreEqual("Rex", ((Dog)Hero.pet).name);
        }

        [Test]
        public void UndoOfAManagedReferenceWritePutsTheOldInstanceBack()
        {
            Write("pet", new JObject { { "$type", Dog }, { "name", "Rex" }, { "legs", 3 } });
            var before = Read("pet");
            Write("pet", new JObject { { "$type", "Cat" }, { "name", "Tom" } });
            Write("pet", new { name = "Tim" });
            Call("undo", new { count = 2 });
            Same(before, Read("pet"));
            Assert.AreEqual(3, ((Dog)Hero.pet).legs);
            Call("redo", null);
            Assert.AreEqual("Tom", ((Cat)Hero.pet).name);
            Call("undo", null);
            Call("undo", null);
            Assert.IsNull(Hero.pet);
        }

        [Test]
        public void TheFakesManagedReferencesFollowTheBindings()
        {
            Write("pet", new JObject { { "$type", Dog } });
            var so = new SerializedObject(Hero);
            var pet = so.FindProperty("pet");
            Assert.AreEqual(SerializedPropertyType.ManagedReference, pet.propertyType);
            Assert.AreEqual("managedReference<Dog>", pet.type);
            Assert.AreEqual("UnityMcp.Fake.Tests UnityMcp.Fake.Tests.Dog", pet.managedReferenceFullTypename);
            Assert.AreEqual("UnityMcp.Fake.Tests UnityMcp.Fake.Tests.IAnimal", pet.managedReferenceFieldTypename);
            Assert.AreEqual("", so.FindProperty("basePet").managedReferenceFullTypename, "'null' references return an empty type string");
            Assert.AreEqual("managedReference<>", so.FindProperty("basePet").type);
            // The bindings' refusals.
            Assert.AreEqual("Cannot assign an object of type 'Rock' to a managed reference with a base type of 'IAnimal': types are not compatible",
                Assert.Throws<InvalidOperationException>(() => pet.managedReferenceValue = new Rock()).Message);
            Assert.AreEqual("Cannot assign an object deriving from UnityEngine.Object to a managed reference. This is not supported.",
                Assert.Throws<InvalidOperationException>(() => so.FindProperty("anything").managedReferenceValue = new Material()).Message);
            Assert.Throws<InvalidOperationException>(() => { var x = so.FindProperty("look").managedReferenceValue; });
            // A new instance is laid out at once: its fields are there before apply.
            pet.managedReferenceValue = new Cat();
            Assert.AreEqual("managedReference<Cat>", pet.type);
            pet.FindPropertyRelative("lives").intValue = 4;
            Assert.IsInstanceOf<Dog>(Hero.pet, "nothing reaches the object before apply");
            Assert.IsTrue(so.ApplyModifiedProperties());
            Assert.AreEqual(4, ((Cat)Hero.pet).lives);
            // A managed reference list grows by copies, never sharing an instance.
            var herd = so.FindProperty("herd");
            herd.arraySize = 1;
            Assert.AreEqual("", herd.GetArrayElementAtIndex(0).managedReferenceFullTypename, "a first element holds nothing");
            herd.GetArrayElementAtIndex(0).managedReferenceValue = new Cat();
            herd.arraySize = 2;
            so.ApplyModifiedProperties();
            Assert.AreNotSame(Hero.herd[0], Hero.herd[1]);
            Assert.IsInstanceOf<Cat>(Hero.herd[1]);
        }
    }

    public interface IAnimal { }

    [Serializable]
    public abstract class Animal : IAnimal
    {
        public string name = "";
    }

    [Serializable]
    public class Dog : Animal
    {
        [UnityEngine.Range(0, 4)] public int legs = 4;
        public bool good = true;
    }

    [Serializable]
    public class Cat : Animal
    {
        public int lives = 9;
        [SerializeReference] public IAnimal friend;
    }

    public class Kennel
    {
        [Serializable]
        public class Puppy : IAnimal
        {
            public int age;
        }
    }

    /// <summary>Not [Serializable]: Unity does not hold it by reference.</summary>
    public class Stray : IAnimal
    {
        public int x;
    }

    /// <summary>No parameterless constructor: the tool cannot make one.</summary>
    [Serializable]
    public class Robot : IAnimal
    {
        public int id;
        public Robot(int id) { this.id = id; }
    }

    /// <summary>No animal, but an object.</summary>
    [Serializable]
    public class Rock
    {
        public int weight;
    }

    /// <summary>A UnityEngine.Object, [Serializable] or not.</summary>
    [Serializable]
    public class Pebble : ScriptableObject, IAnimal { }
}
