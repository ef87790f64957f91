// Stubs of the Unity Test Framework API the adapters use (package com.unity.test-framework;
// paths are in that package, e.g. needle-mirror/com.unity.test-framework 1.1.33–1.4.6).
// Checked against: com.unity.test-framework (a package, not UnityCsReference).
using System;
using System.Collections.Generic;

namespace UnityEditor.TestTools.TestRunner.Api
{
    // com.unity.test-framework: UnityEditor.TestRunner/Api/TestMode.cs
    [Flags]
    public enum TestMode
    {
        EditMode = 1 << 0,
        PlayMode = 1 << 1,
    }

    // com.unity.test-framework: UnityEditor.TestRunner/Api/TestStatus.cs
    public enum TestStatus
    {
        Inconclusive,
        Skipped,
        Passed,
        Failed,
    }

    // com.unity.test-framework: UnityEditor.TestRunner/Api/Filter.cs (fields used here)
    [Serializable]
    public class Filter
    {
        public TestMode testMode;
        public string[] testNames;
        public string[] groupNames;
        public string[] categoryNames;
        public string[] assemblyNames;
    }

    // com.unity.test-framework: UnityEditor.TestRunner/Api/ExecutionSettings.cs
    [Serializable]
    public class ExecutionSettings
    {
        public ExecutionSettings(params Filter[] filtersToExecute) { }
    }

    // com.unity.test-framework: UnityEditor.TestRunner/Api/ITestAdaptor.cs (members used here;
    // TestMode is there from 1.1.x on, e.g. 1.1.33)
    public interface ITestAdaptor
    {
        TestMode TestMode { get; }
    }

    // com.unity.test-framework: UnityEditor.TestRunner/Api/ITestResultAdaptor.cs (members used here)
    public interface ITestResultAdaptor
    {
        string Name { get; }
        string FullName { get; }
        TestStatus TestStatus { get; }
        double Duration { get; }
        DateTime StartTime { get; }
        DateTime EndTime { get; }
        string Message { get; }
        string StackTrace { get; }
        int FailCount { get; }
        int PassCount { get; }
        int SkipCount { get; }
        int InconclusiveCount { get; }
        bool HasChildren { get; }
        IEnumerable<ITestResultAdaptor> Children { get; }
        string Output { get; }
    }

    // com.unity.test-framework: UnityEditor.TestRunner/Api/ICallbacks.cs (complete)
    public interface ICallbacks
    {
        void RunStarted(ITestAdaptor testsToRun);
        void RunFinished(ITestResultAdaptor result);
        void TestStarted(ITestAdaptor test);
        void TestFinished(ITestResultAdaptor result);
    }

    // com.unity.test-framework: UnityEditor.TestRunner/Api/IErrorCallbacks.cs (complete)
    public interface IErrorCallbacks : ICallbacks
    {
        void OnError(string message);
    }

    // com.unity.test-framework: UnityEditor.TestRunner/Api/TestRunnerApi.cs
    // (SaveResultToFile exists from 1.4.0 on and is therefore looked up by reflection)
    public class TestRunnerApi : UnityEngine.ScriptableObject
    {
        public string Execute(ExecutionSettings executionSettings) { throw new NotImplementedException(); }
        public void RegisterCallbacks<T>(T testCallbacks, int priority = 0) where T : ICallbacks { }
    }
}
