using Newtonsoft.Json.Linq;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>Turns a value into JSON the way reflect_read shows it: Unity math types as
    /// {x,y,z…}, Color {r,g,b,a}, Unity objects as {name,type,instanceId}, everything else
    /// through Core's <see cref="ValueJson"/> — lists and dictionaries up to maxItems, other
    /// objects as the members <see cref="ReadRules"/> allows (a script's fields and
    /// auto-properties, a built-in type's properties) down to a depth. Never calls a method
    /// nor a getter of script code, so writing a value changes nothing.</summary>
    public sealed class ValueWriter
    {
        readonly ValueJson json;

        public ValueWriter(int maxDepth, int maxItems)
        {
            json = new ValueJson(maxDepth, maxItems, Shape);
        }

        /// <summary>A value code returned (execute_code, execute-dynamic-code, a [McpTool]'s
        /// result): a returned LINQ query or iterator is enumerated — the code returned it to
        /// be run — and everything inside follows the read rules (<see cref="ValueJson.WriteResult"/>).</summary>
        public JToken Write(object v) { return json.WriteResult(v); }

        /// <summary>A value read from a member or a path (reflect_read, find-game-objects),
        /// depth levels deep: runs no script code at all.</summary>
        public JToken Write(object v, int depth) { return json.Write(v, depth); }

        // Unity's own values; null leaves v to ValueJson. A UnityEngine.Object is never
        // expanded here (its members are find-game-objects' and reflect_read paths' business).
        static JToken Shape(object v, ValueJson w)
        {
            var uo = v as Object;
            if (!ReferenceEquals(uo, null))
            {
                if (uo == null) return JValue.CreateNull(); // destroyed
                return new JObject { { "name", uo.name }, { "type", uo.GetType().Name }, { "instanceId", ObjectIds.Of(uo) } };
            }
            if (v is Vector2) { var x = (Vector2)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) } }; }
            if (v is Vector3) { var x = (Vector3)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) }, { "z", F(x.z) } }; }
            if (v is Vector4) { var x = (Vector4)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) }, { "z", F(x.z) }, { "w", F(x.w) } }; }
            if (v is Vector2Int) { var x = (Vector2Int)v; return new JObject { { "x", x.x }, { "y", x.y } }; }
            if (v is Vector3Int) { var x = (Vector3Int)v; return new JObject { { "x", x.x }, { "y", x.y }, { "z", x.z } }; }
            if (v is Quaternion) { var x = (Quaternion)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) }, { "z", F(x.z) }, { "w", F(x.w) } }; }
            if (v is Color) { var x = (Color)v; return new JObject { { "r", F(x.r) }, { "g", F(x.g) }, { "b", F(x.b) }, { "a", F(x.a) } }; }
            if (v is Color32) { var x = (Color32)v; return new JObject { { "r", x.r }, { "g", x.g }, { "b", x.b }, { "a", x.a } }; }
            if (v is Rect) { var x = (Rect)v; return new JObject { { "x", F(x.x) }, { "y", F(x.y) }, { "width", F(x.width) }, { "height", F(x.height) } }; }
            if (v is Bounds) { var x = (Bounds)v; return new JObject { { "center", Shape(x.center, w) }, { "size", Shape(x.size, w) } }; }
            return null;
        }

        static JToken F(float f) { return ValueJson.Float(f); }
    }
}
