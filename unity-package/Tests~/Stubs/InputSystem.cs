// Stubs of the Input System API the adapters use (package com.unity.inputsystem 1.4+;
// paths as in Unity-Technologies/InputSystem: Packages/com.unity.inputsystem/InputSystem/…).
// Checked against: com.unity.inputsystem (a package, not UnityCsReference).
using System;

namespace UnityEngine.InputSystem.Utilities
{
    // com.unity.inputsystem: InputSystem/Utilities/FourCC.cs
    public struct FourCC { }
}

namespace UnityEngine.InputSystem.LowLevel
{
    using UnityEngine.InputSystem.Utilities;

    // com.unity.inputsystem: InputSystem/State/IInputStateTypeInfo.cs
    public interface IInputStateTypeInfo
    {
        FourCC format { get; }
    }

    // com.unity.inputsystem: InputSystem/Devices/Mouse.cs (enum MouseButton)
    public enum MouseButton
    {
        Left,
        Right,
        Middle,
        Forward,
        Back,
    }

    // com.unity.inputsystem: InputSystem/Devices/Mouse.cs (struct MouseState; members used here)
    public struct MouseState : IInputStateTypeInfo
    {
        public Vector2 position;
        public Vector2 delta;
        public Vector2 scroll;
        public MouseState WithButton(MouseButton button, bool state = true) { throw new NotImplementedException(); }
        public FourCC format { get { throw new NotImplementedException(); } }
    }

    // com.unity.inputsystem: InputSystem/Devices/Keyboard.cs (struct KeyboardState; members used here)
    public struct KeyboardState : IInputStateTypeInfo
    {
        public KeyboardState(params Key[] pressedKeys) { }
        public FourCC format { get { throw new NotImplementedException(); } }
    }
}

namespace UnityEngine.InputSystem.Controls
{
    // com.unity.inputsystem: InputSystem/Controls/Vector2Control.cs
    public class Vector2Control : InputControl<Vector2> { }
}

namespace UnityEngine.InputSystem
{
    using UnityEngine.InputSystem.Controls;

    // com.unity.inputsystem: InputSystem/Devices/Keyboard.cs (enum Key; the members this
    // package names — others are parsed by name at run time)
    public enum Key
    {
        None,
        Space,
        Enter,
    }

    // com.unity.inputsystem: InputSystem/Controls/InputControl.cs
    public abstract class InputControl { }

    // com.unity.inputsystem: InputSystem/Controls/InputControl.cs (InputControl<TValue>.ReadValue)
    public abstract class InputControl<TValue> : InputControl where TValue : struct
    {
        public TValue ReadValue() { throw new NotImplementedException(); }
    }

    // com.unity.inputsystem: InputSystem/Devices/InputDevice.cs
    public class InputDevice : InputControl
    {
        // com.unity.inputsystem: InputSystem/Devices/InputDevice.cs (enabled)
        public bool enabled { get { throw new NotImplementedException(); } }
    }

    // com.unity.inputsystem: InputSystem/Devices/Pointer.cs
    public class Pointer : InputDevice
    {
        public static Pointer current { get { throw new NotImplementedException(); } }
        public Vector2Control position { get { throw new NotImplementedException(); } protected set { } }
    }

    // com.unity.inputsystem: InputSystem/Devices/Mouse.cs
    public class Mouse : Pointer
    {
        public new static Mouse current { get { throw new NotImplementedException(); } }
    }

    // com.unity.inputsystem: InputSystem/Devices/Keyboard.cs
    public class Keyboard : InputDevice
    {
        public static Keyboard current { get { throw new NotImplementedException(); } }
    }

    // com.unity.inputsystem: InputSystem/InputSystem.cs
    public static partial class InputSystem
    {
        // com.unity.inputsystem: InputSystem/InputSystem.cs (EnableDevice)
        public static void EnableDevice(InputDevice device) { }
        public static void QueueStateEvent<TState>(InputDevice device, TState state, double time = -1)
            where TState : struct, LowLevel.IInputStateTypeInfo { }
        public static InputSettings settings { get { throw new NotImplementedException(); } set { } }
    }

    // com.unity.inputsystem: InputSystem/InputSettings.cs (members used here; all present in 1.4.0)
    public partial class InputSettings : UnityEngine.ScriptableObject
    {
        public BackgroundBehavior backgroundBehavior { get; set; }
        public EditorInputBehaviorInPlayMode editorInputBehaviorInPlayMode { get; set; }

        public enum BackgroundBehavior
        {
            ResetAndDisableNonBackgroundDevices = 0,
            ResetAndDisableAllDevices = 1,
            IgnoreFocus = 2,
        }

        public enum EditorInputBehaviorInPlayMode
        {
            PointersAndKeyboardsRespectGameViewFocus,
            AllDevicesRespectGameViewFocus,
            AllDeviceInputAlwaysGoesToGameView,
        }
    }
}
