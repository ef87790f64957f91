using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>control-play-mode and the internal _undo tool.</summary>
    public static class EditorStateTools
    {
        /// <summary>Play / Stop / Pause. Entering or leaving Play Mode happens on a later
        /// frame (and may reload the domain), so the answer reports the requested state.</summary>
        public static void ControlPlayMode(ToolCall call)
        {
            var action = Args.OneOf(call, "Action", "Play", "Play", "Stop", "Pause");
            bool playing = EditorApplication.isPlaying;
            bool paused = EditorApplication.isPaused;
            string msg;
            switch (action)
            {
                case "Play":
                    if (playing && paused) { EditorApplication.isPaused = false; msg = "Play mode resumed"; }
                    else if (playing) msg = "Already in play mode";
                    else { EditorApplication.isPlaying = true; msg = "Play mode started"; }
                    playing = true;
                    paused = false;
                    break;
                case "Stop":
                    if (playing) { EditorApplication.isPlaying = false; msg = "Play mode stopped"; }
                    else msg = "Already in edit mode";
                    playing = false;
                    paused = false;
                    break;
                default:
                    EditorApplication.isPaused = true;
                    paused = true;
                    msg = playing ? "Play mode paused" : "Paused; play mode will start paused";
                    break;
            }
            call.Reply(new JObject { { "IsPlaying", playing }, { "IsPaused", paused }, { "Message", msg } });
        }

        /// <summary>_undo {action: begin, name} → {group}; {action: end, group} → {collapsed}.</summary>
        public static void Undo(ToolCall call)
        {
            var action = Args.Str(call, "action", "");
            switch (action)
            {
                case "begin":
                    UnityEditor.Undo.IncrementCurrentGroup();
                    UnityEditor.Undo.SetCurrentGroupName(Args.Str(call, "name", "unitymcp"));
                    call.Reply(new JObject { { "group", UnityEditor.Undo.GetCurrentGroup() } });
                    return;
                case "end":
                    if (!Args.Has(call, "group")) throw new ToolException("invalid_params", "_undo end needs the group that begin returned");
                    UnityEditor.Undo.CollapseUndoOperations(Args.Int(call, "group"));
                    call.Reply(new JObject { { "collapsed", true } });
                    return;
                default:
                    throw new ToolException("invalid_params", "_undo action must be begin or end");
            }
        }
    }
}
