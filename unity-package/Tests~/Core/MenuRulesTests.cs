using NUnit.Framework;
using UnityMcp.Core;

namespace UnityMcp.Core.Tests
{
    [TestFixture]
    public class MenuRulesTests
    {
        [TestCase("File/Exit", "File/Exit")]
        [TestCase("file/exit", "File/Exit")]
        [TestCase("File/Build And Run", "File/Build*")]
        [TestCase("File/Build Settings...", "File/Build*")]
        [TestCase("Assets/Delete", "Assets/Delete")]
        [TestCase("Edit/Delete", "Edit/Delete")]
        [TestCase("GameObject/Create Empty", null)]
        [TestCase("Edit/Delete All", null)]
        [TestCase("Assets/Refresh", null)]
        // Saving the project writes whatever changed in memory, project settings included.
        [TestCase("File/Save Project", "File/Save Project")]
        [TestCase("file/save project", "File/Save Project")]
        [TestCase("File/Save", null)]
        [TestCase("File/Save As...", null)]
        [TestCase("Edit/Project Settings...", null)]
        public void DefaultDeny(string path, string want)
        {
            Assert.AreEqual(want, MenuRules.DeniedBy(path, null, null));
        }

        // get-menu-items' FilterType (uLoop's contains, exact and startswith), ignoring case.
        [TestCase("GameObject/Create Empty", "create", "contains", true)]
        [TestCase("GameObject/Create Empty", "create", "startswith", false)]
        [TestCase("GameObject/Create Empty", "gameobject/", "startswith", true)]
        [TestCase("GameObject/Create Empty", "gameobject/create empty", "exact", true)]
        [TestCase("GameObject/Create Empty", "GameObject/Create", "exact", false)]
        [TestCase("GameObject/Create Empty", "", "exact", true)]
        [TestCase("File/Save", "Empty", "contains", false)]
        public void FilterMatches(string path, string text, string type, bool want)
        {
            Assert.AreEqual(want, MenuRules.FilterMatches(path, text, type));
        }

        [Test]
        public void AllowOverridesAndDenyExtends()
        {
            var allow = new[] { "File/Build And Run" };
            var deny = new[] { "Help/*" };
            Assert.IsNull(MenuRules.DeniedBy("File/Build And Run", deny, allow));
            Assert.AreEqual("File/Build*", MenuRules.DeniedBy("File/Build Settings...", deny, allow));
            Assert.AreEqual("Help/*", MenuRules.DeniedBy("Help/About Unity", deny, allow));
        }

        [Test]
        public void RefusalNamesItemAndSetting()
        {
            var msg = MenuRules.Refusal("File/Exit", "File/Exit");
            StringAssert.Contains("'File/Exit'", msg);
            StringAssert.Contains("menuItems.allow", msg);
            StringAssert.Contains(MenuRules.SettingsFile, msg);
        }
    }
}
