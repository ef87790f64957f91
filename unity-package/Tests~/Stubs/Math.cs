// The Unity math types the adapters and the behavioural fake use, with Unity's own
// arithmetic: Unity-Technologies/UnityCsReference Runtime/Export/Math/Vector3.cs and
// Runtime/Export/Math/Quaternion.cs (branch 2022.3; unchanged in 6000.x). Euler angles are
// degrees applied Z, then X, then Y (Quaternion.Euler: "rotates z degrees around the z axis,
// x degrees around the x axis, and y degrees around the y axis; in that order"), and
// eulerAngles answers each angle in [0, 360).
using System;

namespace UnityEngine
{
    // UnityCsReference: Runtime/Export/Math/Vector3.cs
    public partial struct Vector3
    {
        public float x;
        public float y;
        public float z;
        // Runtime/Export/Math/Vector3.cs (used by Tests/Editor)
        public Vector3(float x, float y, float z) { this.x = x; this.y = y; this.z = z; }
        public static Vector3 zero { get { return new Vector3(0, 0, 0); } }
        public static Vector3 one { get { return new Vector3(1, 1, 1); } }
        public static Vector3 operator +(Vector3 a, Vector3 b) { return new Vector3(a.x + b.x, a.y + b.y, a.z + b.z); }
        public static Vector3 operator -(Vector3 a, Vector3 b) { return new Vector3(a.x - b.x, a.y - b.y, a.z - b.z); }
        public static Vector3 operator *(Vector3 a, float d) { return new Vector3(a.x * d, a.y * d, a.z * d); }
        public static Vector3 Scale(Vector3 a, Vector3 b) { return new Vector3(a.x * b.x, a.y * b.y, a.z * b.z); }
        // Vector3.cs: equality is approximate (squared distance below 1e-5²).
        public static bool operator ==(Vector3 lhs, Vector3 rhs)
        {
            float dx = lhs.x - rhs.x, dy = lhs.y - rhs.y, dz = lhs.z - rhs.z;
            return dx * dx + dy * dy + dz * dz < 9.99999944E-11f;
        }
        public static bool operator !=(Vector3 lhs, Vector3 rhs) { return !(lhs == rhs); }
        public override bool Equals(object other) { return other is Vector3 && x.Equals(((Vector3)other).x) && y.Equals(((Vector3)other).y) && z.Equals(((Vector3)other).z); }
        public override int GetHashCode() { return x.GetHashCode() ^ (y.GetHashCode() << 2) ^ (z.GetHashCode() >> 2); }
        public override string ToString() { return "(" + x.ToString("F2") + ", " + y.ToString("F2") + ", " + z.ToString("F2") + ")"; }
    }

    // UnityCsReference: Runtime/Export/Math/Quaternion.cs
    public partial struct Quaternion
    {
        public float x;
        public float y;
        public float z;
        public float w;
        public Quaternion(float x, float y, float z, float w) { this.x = x; this.y = y; this.z = z; this.w = w; }
        public static Quaternion identity { get { return new Quaternion(0, 0, 0, 1); } }

        public static Quaternion operator *(Quaternion lhs, Quaternion rhs)
        {
            return new Quaternion(
                lhs.w * rhs.x + lhs.x * rhs.w + lhs.y * rhs.z - lhs.z * rhs.y,
                lhs.w * rhs.y + lhs.y * rhs.w + lhs.z * rhs.x - lhs.x * rhs.z,
                lhs.w * rhs.z + lhs.z * rhs.w + lhs.x * rhs.y - lhs.y * rhs.x,
                lhs.w * rhs.w - lhs.x * rhs.x - lhs.y * rhs.y - lhs.z * rhs.z);
        }

        public static Vector3 operator *(Quaternion rotation, Vector3 point)
        {
            float x = rotation.x * 2F, y = rotation.y * 2F, z = rotation.z * 2F;
            float xx = rotation.x * x, yy = rotation.y * y, zz = rotation.z * z;
            float xy = rotation.x * y, xz = rotation.x * z, yz = rotation.y * z;
            float wx = rotation.w * x, wy = rotation.w * y, wz = rotation.w * z;
            return new Vector3(
                (1F - (yy + zz)) * point.x + (xy - wz) * point.y + (xz + wy) * point.z,
                (xy + wz) * point.x + (1F - (xx + zz)) * point.y + (yz - wx) * point.z,
                (xz - wy) * point.x + (yz + wx) * point.y + (1F - (xx + yy)) * point.z);
        }

        public static Quaternion Inverse(Quaternion rotation) { return new Quaternion(-rotation.x, -rotation.y, -rotation.z, rotation.w); }

        static Quaternion Axis(double degrees, int axis)
        {
            double h = degrees * Math.PI / 360.0;
            float s = (float)Math.Sin(h), c = (float)Math.Cos(h);
            return axis == 0 ? new Quaternion(s, 0, 0, c) : axis == 1 ? new Quaternion(0, s, 0, c) : new Quaternion(0, 0, s, c);
        }

        /// <summary>Z, then X, then Y: q = qY * qX * qZ.</summary>
        public static Quaternion Euler(float x, float y, float z) { return Axis(y, 1) * Axis(x, 0) * Axis(z, 2); }
        public static Quaternion Euler(Vector3 euler) { return Euler(euler.x, euler.y, euler.z); }

        public Vector3 eulerAngles
        {
            get
            {
                // The inverse of R = Ry·Rx·Rz: x = asin(-m12), y = atan2(m02, m22), z = atan2(m10, m11);
                // at ±90° pitch z is 0 and y = atan2(-m20, m00).
                double sinX = 2.0 * (w * x - y * z);
                double ex, ey, ez;
                if (Math.Abs(sinX) >= 0.9999999)
                {
                    ex = Math.Sign(sinX) * Math.PI / 2;
                    ey = Math.Atan2(-2.0 * (x * z - w * y), 1.0 - 2.0 * (y * y + z * z));
                    ez = 0;
                }
                else
                {
                    ex = Math.Asin(sinX);
                    ey = Math.Atan2(2.0 * (w * y + x * z), 1.0 - 2.0 * (x * x + y * y));
                    ez = Math.Atan2(2.0 * (w * z + x * y), 1.0 - 2.0 * (x * x + z * z));
                }
                return new Vector3(Wrap(ex), Wrap(ey), Wrap(ez));
            }
            set { this = Euler(value); }
        }

        static float Wrap(double radians)
        {
            double d = radians * 180.0 / Math.PI;
            d %= 360.0;
            if (d < 0) d += 360.0;
            if (d >= 359.99995) d = 0;
            return (float)d;
        }
    }
}
