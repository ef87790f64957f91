using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>The id an agent sees for a Unity object, and the way back from it.
    /// Unity replaced instance ids with <c>EntityId</c>: 6000.3 added
    /// <c>EditorUtility.EntityIdToObject</c> and marked <c>InstanceIDToObject</c> obsolete,
    /// 6000.5 made <c>GetInstanceID()</c> and <c>InstanceIDToObject</c> errors and
    /// widened EntityId to 64 bits (<c>EntityId.ToULong</c> / <c>FromULong</c>), and 6000.7
    /// made the int conversions errors too. So the id is the instance id (an int, a JSON
    /// number) up to 6000.4, and the raw 64-bit EntityId from 6000.5 on — as a decimal
    /// string, because its high bits (the version) put it above 2^53, where JSON numbers
    /// lose digits in JavaScript clients. Either comes back as its decimal text.</summary>
    public static class ObjectIds
    {
        /// <summary>The object's id: a JSON number, or from 6000.5 on a decimal string.</summary>
        public static JValue Of(Object o)
        {
#if UNITY_6000_5_OR_NEWER
            return new JValue(ObjectIdText.Format(EntityId.ToULong(o.GetEntityId())));
#elif UNITY_6000_3_OR_NEWER
            // The int itself, never EntityId.ToString(): on 6000.3/6000.4 that is
            // m_Data.ToString() in the current culture, whose minus sign may not be '-'
            // (UnityCsReference 6000.3/6000.4 Runtime/Export/Scripting/UnityEngineObject.bindings.cs,
            // struct EntityId). 6000.4 marks the int conversion obsolete (a warning); it also
            // has ToULong/FromULong, but 6000.3 does not, and the int is the same id on both.
#pragma warning disable 618
            int id = o.GetEntityId();
#pragma warning restore 618
            return new JValue(id);
#else
            return new JValue(o.GetInstanceID());
#endif
        }

        /// <summary>The live object with the id <paramref name="text"/> (decimal, as
        /// <see cref="Of"/> wrote it), or null when none has it.</summary>
        public static Object Find(string text)
        {
#if UNITY_6000_5_OR_NEWER
            ulong raw;
            if (!ObjectIdText.TryParseULong(text, out raw)) throw Bad(text);
            return EditorUtility.EntityIdToObject(EntityId.FromULong(raw));
#else
            int id;
            if (!ObjectIdText.TryParseInt(text, out id)) throw Bad(text);
#if UNITY_6000_3_OR_NEWER
            // 6000.3 builds an EntityId only from an int; 6000.4 marks that conversion
            // obsolete (a warning) and adds FromULong, which 6000.3 lacks: the int serves both.
#pragma warning disable 618
            EntityId eid = id;
#pragma warning restore 618
            return EditorUtility.EntityIdToObject(eid);
#else
            return EditorUtility.InstanceIDToObject(id);
#endif
#endif
        }

        static ToolException Bad(string text)
        {
            return new ToolException("invalid_params", "object id \"" + text + "\" is not a number; use the instanceId a previous call returned");
        }
    }
}
