using System.Runtime.CompilerServices;

[assembly: InternalsVisibleTo("UnityMcp.Core.Tests")]
[assembly: InternalsVisibleTo("UnityMcp.Editor")]
[assembly: InternalsVisibleTo("UnityMcp.Editor.Tests")]
[assembly: InternalsVisibleTo("UnityMcp.Fake.Tests")]
