// expect: writing serialized data through a bound UI's events: SerializedPropertyChangeEvent.changedProperty, SerializedObjectChangeEvent.changedObject
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_SerializedUIEvents.dll).
using UnityEditor; using UnityEditor.UIElements;
namespace McpSnippets
{
    public static class Snippet_Blocked_SerializedUIEvents
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // A callback on the Project Settings window's UI would receive its SerializedObjects.
            var pe = new SerializedPropertyChangeEvent();
            var oe = new SerializedObjectChangeEvent();
            pe.changedProperty.serializedObject.ApplyModifiedProperties();
            oe.changedObject.ApplyModifiedProperties();
            return null;
        }
    }
}
