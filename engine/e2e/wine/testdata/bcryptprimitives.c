/* Test fixture for running Go 1.22+ Windows programs under Wine 8, which
   lacks bcryptprimitives.dll: the Go runtime calls ProcessPrng from it at
   start-up for its random numbers. This stand-in fills the buffer from
   RtlGenRandom (advapi32's SystemFunction036), which Wine has. It is copied
   into the test prefix's system32 only; the product never ships it. */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!RtlGenRandom(data, n))
            return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
