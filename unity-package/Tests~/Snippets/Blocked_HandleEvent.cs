// expect: running menu commands through synthetic UI events handled in place: IEventHandler.HandleEvent; in 2022.3 CallbackEventHandler.HandleEvent too (public virtual there: AssemblyCheckerTests compiles this file against the 2022.3 stubs as well)
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_HandleEvent.dll).
using UnityEngine.UIElements;
namespace McpSnippets
{
    public static class Snippet_Blocked_HandleEvent
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            CallbackEventHandler element = null;
            EventBase click = null;
            ((IEventHandler)element).HandleEvent(click);
#if UNITY_2022_3
#pragma warning disable 618
            element.HandleEvent(click);
#pragma warning restore 618
#endif
            return null;
        }
    }
}
