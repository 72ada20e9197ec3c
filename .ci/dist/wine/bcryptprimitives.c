/* A stand-in for Windows' bcryptprimitives.dll in the Wine prefix of
 * .ci/dist/check.sh. Rust's standard library takes its randomness from
 * ProcessPrng there (Windows 10 and later have it); Debian 12's Wine 8.0 has
 * no such DLL, so the Windows binary would not load. This one answers
 * ProcessPrng from BCryptGenRandom, which Wine has: the binary under test is
 * left as it is, and the Wine it runs on gains the DLL every Windows it
 * supports has. Built with MinGW-w64 by check.sh. */
#include <windows.h>
#include <bcrypt.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
    while (size > 0) {
        ULONG chunk = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0) return FALSE;
        data += chunk;
        size -= chunk;
    }
    return TRUE;
}
