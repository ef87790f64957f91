using Newtonsoft.Json.Linq;
using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class OutputSummariesTests
    {
        [Test]
        public void ScreenshotsSayWhichWindowAndHowLarge()
        {
            var shots = new JArray
            {
                new JObject { { "ImagePath", "/p/.uloop/outputs/Screenshots/Game_1.png" }, { "FileSizeBytes", 2048L }, { "Width", 1920 }, { "Height", 1080 }, { "WindowTitle", "Game" } },
                new JObject { { "ImagePath", "/p/.uloop/outputs/Screenshots/Scene_1.png" }, { "FileSizeBytes", 1L }, { "Width", 640 }, { "Height", 360 }, { "WindowTitle", "Scene" } },
            };
            Assert.AreEqual("2 PNG screenshot(s): the Game window, 1920x1080 px (2 KB); the Scene window, 640x360 px (1 KB). Each image is the file at its ImagePath: read it to see the window.",
                OutputSummaries.Screenshots(shots));
        }
    }
}
