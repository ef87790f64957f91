using System;
using System.Collections.Generic;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEngine;
using UnityMcp.Core;

namespace UnityMcp.Editor.Tools
{
    /// <summary>animation_clip_create and animation_clip_write_curves (isuzu's names).
    /// Creating writes a new .anim asset (not undoable: asset_delete takes it back);
    /// overwriting empties an existing clip in place, one undo step, so its GUID and the
    /// states playing it stay. Writing curves is one undo step and all or nothing: every curve
    /// is checked (its component type resolved, its keys numbers in a strictly rising time
    /// order) before any is written, and all are set in one AnimationUtility.SetEditorCurves.
    /// Every key gets the tangent mode the Animation window gives a new key, Clamped Auto
    /// (AnimationWindowUtility sets it on both sides), and Unity computes its tangents from it:
    /// flat at the ends and where the curve turns, and eased as a key nears a neighbour's
    /// value, so a small step beside a steep one does not swing past its keys; an on/off
    /// property (m_IsActive, m_Enabled) gets Constant and steps.</summary>
    public static class AnimationClipTools
    {
        const int MaxCurves = 500, MaxKeys = 10000;

        public static void Create(ToolCall call)
        {
            var rate = Args.Num(call, "frame_rate", 60);
            if (!(rate >= 1 && rate <= 1000)) throw new ToolException("invalid_params", "frame_rate must be from 1 to 1000; got " + rate);
            bool loop = Args.Bool(call, "loop", false);
            JArray created;
            UnityEngine.Object existing;
            var path = AnimatorAddress.NewAsset(call, ".anim", "Assets/Animation/Idle.anim", typeof(AnimationClip), out existing, out created);
            var fresh = new AnimationClip { frameRate = (float)rate };
            // Looping is a clip setting, not a curve: AnimationClipSettings.loopTime.
            var settings = AnimationUtility.GetAnimationClipSettings(fresh);
            settings.loopTime = loop;
            var old = existing as AnimationClip;
            if (old == null)
            {
                AnimationUtility.SetAnimationClipSettings(fresh, settings);
                AssetDatabase.CreateAsset(fresh, path);
                var res = new JObject { { "clip", AnimatorAddress.Bundle(fresh) }, { "loop", loop }, { "frame_rate", fresh.frameRate }, { "undoable", false } };
                if (created.Count > 0) res["created_folders"] = created;
                call.Reply(res);
                return;
            }
            UnityEngine.Object.DestroyImmediate(fresh); // it only lent its settings
            Authoring.Step(call, "Replace " + old.name, () =>
            {
                // What a new clip holds: no curves, no events, a new clip's settings, not legacy.
                Undo.RegisterCompleteObjectUndo(old, "Replace " + old.name);
                old.ClearCurves();
                AnimationUtility.SetAnimationEvents(old, new AnimationEvent[0]);
                AnimationUtility.SetAnimationClipSettings(old, settings);
                old.legacy = false;
                old.frameRate = (float)rate;
                AnimatorAddress.Save(old);
                return new JObject
                {
                    { "clip", AnimatorAddress.Bundle(old) }, { "loop", loop }, { "frame_rate", old.frameRate }, { "replaced", true }, { "undoable", true },
                    { "note", "emptied in place: its GUID, and every state playing it, stay; undo brings back what it held" },
                };
            });
        }

        /// <summary>One curve to write, checked.</summary>
        sealed class Curve
        {
            public EditorCurveBinding Binding;
            public AnimationCurve Keys;
        }

        public static void WriteCurves(ToolCall call)
        {
            var path = AnimatorAddress.ExistingPath(Args.Str(call, "path", ""), ".anim", "path", "Assets/Animation/Walk.anim");
            var clip = AssetDatabase.LoadMainAssetAtPath(path) as AnimationClip;
            if (clip == null)
                throw new ToolException("invalid_params", path + " is no .anim clip" + (AssetDatabase.LoadAssetAtPath(path, typeof(AnimationClip)) != null
                    ? " (a clip inside a model is read-only: duplicate it into an .anim, or make one with animation_clip_create)" : "; animation_clip_create makes one"));
            var list = call.Args["curves"] as JArray;
            if (list == null || list.Count == 0)
                throw new ToolException("invalid_params", "curves is required: [{target, type, property, keys: [{time, value}]}], e.g. [{\"target\": \"\", \"type\": \"Transform\", \"property\": \"m_LocalPosition.y\", \"keys\": [{\"time\": 0, \"value\": 0}, {\"time\": 1, \"value\": 2}]}]");
            if (list.Count > MaxCurves) throw new ToolException("invalid_params", "curves holds " + list.Count + " curves; write at most " + MaxCurves + " a call");
            var curves = new List<Curve>();
            for (int i = 0; i < list.Count; i++) curves.Add(Check(list[i] as JObject, "curves[" + i + "]"));
            for (int i = 0; i < curves.Count; i++)
                for (int j = 0; j < i; j++)
                    if (curves[i].Binding == curves[j].Binding)
                        throw new ToolException("invalid_params", "curves[" + j + "] and curves[" + i + "] both write " + Name(curves[i].Binding) + "; give each binding once");
            bool replace = Args.Bool(call, "replace", false);
            Authoring.Step(call, "Write " + curves.Count + " curve(s) to " + clip.name, () =>
            {
                Undo.RegisterCompleteObjectUndo(clip, "Write curves to " + clip.name);
                int before = AnimationUtility.GetCurveBindings(clip).Length;
                if (replace) clip.ClearCurves();
                AnimationUtility.SetEditorCurves(clip, curves.ConvertAll(cv => cv.Binding).ToArray(), curves.ConvertAll(cv => cv.Keys).ToArray());
                AnimatorAddress.Save(clip);
                var res = new JObject
                {
                    { "clip", AnimatorAddress.Bundle(clip) },
                    { "written", curves.Count },
                    { "curves", AnimationUtility.GetCurveBindings(clip).Length },
                    { "length", Math.Round(clip.length, 4) },
                    { "frame_rate", clip.frameRate },
                };
                if (replace && before > 0) res["cleared"] = before;
                return res;
            });
        }

        static string Name(EditorCurveBinding b) { return "\"" + b.path + "\" " + b.type.Name + "." + b.propertyName; }

        static Curve Check(JObject o, string where)
        {
            if (o == null) throw new ToolException("invalid_params", where + " must be an object {target, type, property, keys}");
            foreach (var kv in o)
                if (kv.Key != "target" && kv.Key != "type" && kv.Key != "property" && kv.Key != "keys")
                    throw new ToolException("invalid_params", where + "." + kv.Key + " is not a curve field; a curve takes target, type, property and keys");
            var target = Text(o["target"], where + ".target", true).Replace('\\', '/').Trim('/');
            var typeName = Text(o["type"], where + ".type", false);
            var property = Text(o["property"], where + ".property", false);
            Type type;
            if (typeName == "GameObject" || typeName == "UnityEngine.GameObject") type = typeof(GameObject);
            else
            {
                try { type = ComponentTypes.Resolve(typeName, false); }
                catch (ToolException e) { throw new ToolException(e.Code, where + ".type: " + e.Message, e.Details); }
            }
            var keys = o["keys"] as JArray;
            if (keys == null || keys.Count == 0) throw new ToolException("invalid_params", where + ".keys must be a non-empty array of {time, value}");
            if (keys.Count > MaxKeys) throw new ToolException("invalid_params", where + ".keys holds " + keys.Count + " keys; a curve takes at most " + MaxKeys);
            var frames = new Keyframe[keys.Count];
            for (int k = 0; k < keys.Count; k++)
            {
                var key = keys[k] as JObject;
                var at = where + ".keys[" + k + "]";
                if (key == null) throw new ToolException("invalid_params", at + " must be {time, value}");
                float time = Number(key["time"], at + ".time"), value = Number(key["value"], at + ".value");
                if (time < 0) throw new ToolException("invalid_params", at + ".time is " + time + "; a clip's keys start at 0");
                if (k > 0 && time <= frames[k - 1].time)
                    throw new ToolException("invalid_params", at + ".time " + time + " does not come after the key before it (" + frames[k - 1].time + "); give keys in rising time order, one per time");
                frames[k] = new Keyframe(time, value);
            }
            // The tangents come from each key's mode, computed by Unity on both sides.
            var curve = new AnimationCurve(frames);
            var mode = property == "m_IsActive" || property == "m_Enabled" ? AnimationUtility.TangentMode.Constant : AnimationUtility.TangentMode.ClampedAuto;
            for (int k = 0; k < frames.Length; k++)
            {
                AnimationUtility.SetKeyLeftTangentMode(curve, k, mode);
                AnimationUtility.SetKeyRightTangentMode(curve, k, mode);
            }
            return new Curve { Binding = EditorCurveBinding.FloatCurve(target, type, property), Keys = curve };
        }

        static string Text(JToken t, string where, bool optional)
        {
            if ((t == null || t.Type == JTokenType.Null) && optional) return "";
            if (t == null || t.Type != JTokenType.String || (!optional && ((string)t).Trim().Length == 0))
                throw new ToolException("invalid_params", where + " must be a " + (optional ? "" : "non-empty ") + "string" +
                    (where.EndsWith(".property", StringComparison.Ordinal) ? ", the serialized property, e.g. \"m_LocalPosition.y\"" : where.EndsWith(".type", StringComparison.Ordinal) ? ", e.g. \"Transform\"" : ""));
            return ((string)t).Trim();
        }

        static float Number(JToken t, string where)
        {
            if (t == null || (t.Type != JTokenType.Integer && t.Type != JTokenType.Float)) throw new ToolException("invalid_params", where + " must be a number");
            var d = (double)t;
            if (double.IsNaN(d) || double.IsInfinity(d) || Math.Abs(d) > 1e9) throw new ToolException("invalid_params", where + " must be a finite number within ±1e9");
            return (float)d;
        }
    }
}
