// glibc's vector math library (libmvec) for the CPU backend's float functions: declared
// `simd`, a loop that calls them is vectorised by the host compiler (8 or 16 lanes). Their
// errors stay within 4 ULP, as NumPy's own SIMD loops; doubles keep glibc's scalar functions.
// The host compiler defines NDGPU_LIBMVEC when libmvec is there and the kernel has no
// interpreted twin (docs/quick_tier.md: both tiers give the same bits).
#pragma once
#if defined(NDGPU_LIBMVEC) && defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#include <math.h>

#define NDGPU_SIMD_F1(fn) float fn(float) noexcept __attribute__((simd("notinbranch")));
#define NDGPU_SIMD_F2(fn) float fn(float, float) noexcept __attribute__((simd("notinbranch")));
extern "C" {
NDGPU_SIMD_F1(expf)
NDGPU_SIMD_F1(exp2f)
NDGPU_SIMD_F1(expm1f)
NDGPU_SIMD_F1(logf)
NDGPU_SIMD_F1(log2f)
NDGPU_SIMD_F1(log10f)
NDGPU_SIMD_F1(log1pf)
NDGPU_SIMD_F1(sinf)
NDGPU_SIMD_F1(cosf)
NDGPU_SIMD_F1(tanf)
NDGPU_SIMD_F1(asinf)
NDGPU_SIMD_F1(acosf)
NDGPU_SIMD_F1(atanf)
NDGPU_SIMD_F1(sinhf)
NDGPU_SIMD_F1(coshf)
NDGPU_SIMD_F1(tanhf)
NDGPU_SIMD_F1(asinhf)
NDGPU_SIMD_F1(acoshf)
NDGPU_SIMD_F1(atanhf)
NDGPU_SIMD_F1(cbrtf)
NDGPU_SIMD_F2(atan2f)
NDGPU_SIMD_F2(powf)
NDGPU_SIMD_F2(hypotf)
}
#undef NDGPU_SIMD_F1
#undef NDGPU_SIMD_F2
#endif
