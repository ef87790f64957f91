package main

import (
	"strings"
	"testing"
)

func declsOf(t *testing.T, src string, defines ...string) []string {
	t.Helper()
	d := map[string]bool{}
	for _, s := range defines {
		d[s] = true
	}
	x := NewIndex()
	if err := x.Add("t.cs", src, d); err != nil {
		t.Fatal(err)
	}
	var out []string
	ds := x.Decls()
	sortDecls(ds)
	for _, s := range ds {
		out = append(out, s.String())
	}
	return out
}

func TestParseDeclarations(t *testing.T) {
	src := `
using System;
using UnityObject = UnityEngine.Object;
[assembly: InternalsVisibleTo("x")]
namespace UnityEngine
{
    public struct EntityId : IEquatable<EntityId>
    {
        ulong m_rawData;
        [Obsolete("EntityId will not be " + "representable by an int.", true)]
        public static implicit operator int(EntityId entityId) => throw new NotImplementedException();
        public static bool operator ==(EntityId left, EntityId right) => left.Equals(right);
        public static EntityId FromULong(ulong input) => new EntityId { m_rawData = input };
        public override string ToString() => $"{((int)(m_rawData & 0xFFFFFFFF)).ToString(CultureInfo.InvariantCulture)}:{(int)(m_rawData >> 32)}";
    }
    public partial class Object
    {
#if UNITY_6000_5_OR_NEWER
        [Obsolete("GetInstanceID is deprecated.", true)]
#endif
        public unsafe int GetInstanceID() => 0;
        public NativeArray<U>.ReadOnly Reinterpret<U>() where U : struct { return default; }
        static Dictionary<Camera, (SceneViewCameraOverlay overlay, int count)> s_CameraOverlays = new Dictionary<Camera, (SceneViewCameraOverlay, int)>();
        private static readonly Factory<Clickable> k_F = new(arg => new Callbacks(arg, true).OnPointer);
        public static extern bool isPlaying { [NativeMethod("A")] get; [NativeMethod("B")] private set; }
        public string this[int i, string k = ""] { get { return ""; } }
        public event Action<PlayModeStateChange> playModeStateChanged { add {} remove {} }
        public delegate void CallbackFunction();
        public enum Mode : byte { A = 1 << 0, [Obsolete] B, }
        public static void Log(object message, Object context = null, params string[] rest) {}
        public static UnityObject LoadRequired(string path) => null;
    }
}
namespace UnityEditor.Foo;
public sealed class Abstracted : System.Object { private Abstracted() {} }
`
	got := strings.Join(declsOf(t, src, "UNITY_6000_5_OR_NEWER"), "\n")
	for _, want := range []string{
		`UnityEngine.EntityId public struct`,
		`UnityEngine.EntityId::implicit public static operator (EntityId) int obsolete("EntityId will not be representable by an int.",true)`,
		`UnityEngine.EntityId::== public static operator (EntityId,EntityId) bool`,
		`UnityEngine.EntityId::FromULong public static method (ulong) EntityId`,
		`UnityEngine.EntityId::ToString public method () string`,
		`UnityEngine.Object::GetInstanceID public method () int obsolete("GetInstanceID is deprecated.",true)`,
		"UnityEngine.Object::Reinterpret`1 public method () NativeArray<U>.ReadOnly",
		`UnityEngine.Object::s_CameraOverlays private static field Dictionary<Camera,(SceneViewCameraOverlay,int)>`,
		`UnityEngine.Object::k_F private static field Factory<Clickable>`,
		`UnityEngine.Object::isPlaying public static property bool get`,
		`UnityEngine.Object::this[] public indexer [int,string=] string get`,
		`UnityEngine.Object::playModeStateChanged public event Action<PlayModeStateChange>`,
		`UnityEngine.Object.CallbackFunction public delegate () void`,
		`UnityEngine.Object.Mode public enum byte`,
		`UnityEngine.Object.Mode::B public static value obsolete("",false)`,
		`UnityEngine.Object::Log public static method (object,Object=,params string[]) void`,
		`UnityEngine.Object::.ctor public ctor ()`,
		`UnityEngine.Object::LoadRequired public static method (string) Object`,
		`UnityEditor.Foo.Abstracted public class object`,
		`UnityEditor.Foo.Abstracted::.ctor private ctor ()`,
	} {
		if !strings.Contains(got+"\n", want+"\n") {
			t.Errorf("missing\n\t%s\nin\n%s", want, got)
		}
	}
	if strings.Contains(got, "m_rawData") == false {
		t.Errorf("private field not recorded:\n%s", got)
	}
	without := strings.Join(declsOf(t, src), "\n")
	if strings.Contains(without, `GetInstanceID public method () int obsolete`) {
		t.Errorf("#if UNITY_6000_5_OR_NEWER taken without the define:\n%s", without)
	}
}
