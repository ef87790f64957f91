// expect: running menu commands through synthetic UI events: IEventHandler.SendEvent (the interface CallbackEventHandler.SendEvent implements), cast to and as a generic constraint
// A compiled snippet for AssemblyCheckerTests (built by build.sh into Snippet.Blocked_IEventHandlerSendEvent.dll).
using UnityEngine.UIElements;
namespace McpSnippets
{
    public static class Snippet_Blocked_IEventHandlerSendEvent
    {
        public static object Execute(System.Collections.Generic.IDictionary<string, object> parameters)
        {
            // An element of a window's rootVisualElement (the Project window's delete button, say).
            CallbackEventHandler element = null;
            EventBase click = null;
            ((IEventHandler)element).SendEvent(click);
            Send(element, click);
            return null;
        }

        static void Send<T>(T handler, EventBase e) where T : IEventHandler { handler.SendEvent(e); }
    }
}
