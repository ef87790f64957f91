using UnityEngine;

namespace HeadlessProject
{
    /// <summary>A project script, as a user's Assets/ would hold: something for an agent to
    /// add and wire up (a reference to another object) through the authoring tools.</summary>
    public class Follower : MonoBehaviour
    {
        public Transform target;
        public float speed = 2;
    }
}
