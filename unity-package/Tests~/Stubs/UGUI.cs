// Stubs of the uGUI EventSystem API the adapters use (package com.unity.ugui; paths as in
// Unity-Technologies/uGUI: com.unity.ugui/Runtime/UGUI/EventSystem/…).
// Checked against: com.unity.ugui (a package, not UnityCsReference).
using System;
using System.Collections.Generic;
using UnityEngine;

namespace UnityEngine.EventSystems
{
    // com.unity.ugui: Runtime/UGUI/EventSystem/EventInterfaces.cs
    public interface IEventSystemHandler { }
    public interface IPointerDownHandler : IEventSystemHandler { void OnPointerDown(PointerEventData eventData); }
    public interface IPointerUpHandler : IEventSystemHandler { void OnPointerUp(PointerEventData eventData); }
    public interface IPointerClickHandler : IEventSystemHandler { void OnPointerClick(PointerEventData eventData); }
    public interface IInitializePotentialDragHandler : IEventSystemHandler { void OnInitializePotentialDrag(PointerEventData eventData); }
    public interface IBeginDragHandler : IEventSystemHandler { void OnBeginDrag(PointerEventData eventData); }
    public interface IDragHandler : IEventSystemHandler { void OnDrag(PointerEventData eventData); }
    public interface IEndDragHandler : IEventSystemHandler { void OnEndDrag(PointerEventData eventData); }
    public interface IDropHandler : IEventSystemHandler { void OnDrop(PointerEventData eventData); }

    // com.unity.ugui: Runtime/UGUI/EventSystem/EventData/BaseEventData.cs
    public abstract class AbstractEventData { }

    // com.unity.ugui: Runtime/UGUI/EventSystem/EventData/BaseEventData.cs
    public class BaseEventData : AbstractEventData
    {
        public BaseEventData(EventSystem eventSystem) { }
    }

    // com.unity.ugui: Runtime/UGUI/EventSystem/EventData/PointerEventData.cs
    public class PointerEventData : BaseEventData
    {
        public enum InputButton
        {
            Left = 0,
            Right = 1,
            Middle = 2,
        }

        public PointerEventData(EventSystem eventSystem) : base(eventSystem) { }
        public GameObject rawPointerPress { get; set; }
        public GameObject pointerDrag { get; set; }
        public RaycastResult pointerCurrentRaycast { get; set; }
        public RaycastResult pointerPressRaycast { get; set; }
        public bool eligibleForClick { get; set; }
        public Vector2 position { get; set; }
        public Vector2 delta { get; set; }
        public Vector2 pressPosition { get; set; }
        public float clickTime { get; set; }
        public int clickCount { get; set; }
        public bool useDragThreshold { get; set; }
        public bool dragging { get; set; }
        public InputButton button { get; set; }
        public GameObject pointerPress { get { throw new NotImplementedException(); } set { } }
    }

    // com.unity.ugui: Runtime/UGUI/EventSystem/RaycastResult.cs
    public struct RaycastResult
    {
        public GameObject gameObject { get { throw new NotImplementedException(); } set { } }
    }

    // com.unity.ugui: Runtime/UGUI/EventSystem/UIBehaviour.cs
    public abstract class UIBehaviour : MonoBehaviour { }

    // com.unity.ugui: Runtime/UGUI/EventSystem/EventSystem.cs
    public class EventSystem : UIBehaviour
    {
        protected EventSystem() { }
        public static EventSystem current { get { throw new NotImplementedException(); } set { } }
        public void RaycastAll(PointerEventData eventData, List<RaycastResult> raycastResults) { }
    }

    // com.unity.ugui: Runtime/UGUI/EventSystem/ExecuteEvents.cs
    public static class ExecuteEvents
    {
        public delegate void EventFunction<T1>(T1 handler, BaseEventData eventData);
        public static EventFunction<IPointerDownHandler> pointerDownHandler { get { throw new NotImplementedException(); } }
        public static EventFunction<IPointerUpHandler> pointerUpHandler { get { throw new NotImplementedException(); } }
        public static EventFunction<IPointerClickHandler> pointerClickHandler { get { throw new NotImplementedException(); } }
        public static EventFunction<IInitializePotentialDragHandler> initializePotentialDrag { get { throw new NotImplementedException(); } }
        public static EventFunction<IBeginDragHandler> beginDragHandler { get { throw new NotImplementedException(); } }
        public static EventFunction<IDragHandler> dragHandler { get { throw new NotImplementedException(); } }
        public static EventFunction<IEndDragHandler> endDragHandler { get { throw new NotImplementedException(); } }
        public static EventFunction<IDropHandler> dropHandler { get { throw new NotImplementedException(); } }
        public static bool Execute<T>(GameObject target, BaseEventData eventData, EventFunction<T> functor) where T : IEventSystemHandler { throw new NotImplementedException(); }
        public static GameObject ExecuteHierarchy<T>(GameObject root, BaseEventData eventData, EventFunction<T> callbackFunction) where T : IEventSystemHandler { throw new NotImplementedException(); }
        public static GameObject GetEventHandler<T>(GameObject root) where T : IEventSystemHandler { throw new NotImplementedException(); }
    }
}
