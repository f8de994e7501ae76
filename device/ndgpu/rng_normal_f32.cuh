// Float32 normals' Box-Muller pair from two 32-bit words, table-driven to cut the generating
// kernel's instructions by a third (docs/random.md). IEEE-exact operations only (+ - * fma,
// sqrt correctly rounded), so both backends give the same bits; tables from
// scripts/normal_tables.py.
#pragma once
#include "ndgpu/rng_math.cuh"

namespace ndgpu::rng {

#ifdef NDGPU_DEVICE_CUDA
#define NDGPU_RNG_TABLE static __device__ const float __align__(8)
#else
#define NDGPU_RNG_TABLE alignas(8) static const float
#endif
// clang-format off
NDGPU_RNG_TABLE kNormalTables[256] = {
    // log: (invc, 2 log invc) per bucket
    0x1.6c1832p+0f, 0x1.68b09p-1f, 0x1.6817e6p+0f, 0x1.5d5fd4p-1f,
    0x1.642dep+0f, 0x1.522ec4p-1f, 0x1.605964p+0f, 0x1.471ca6p-1f,
    0x1.5c99c6p+0f, 0x1.3c28dep-1f, 0x1.58ee5ep+0f, 0x1.3152c6p-1f,
    0x1.555686p+0f, 0x1.2699b4p-1f, 0x1.51d1a6p+0f, 0x1.1bfd16p-1f,
    0x1.4e5f28p+0f, 0x1.117c52p-1f, 0x1.4afe8p+0f, 0x1.0716e2p-1f,
    0x1.47af22p+0f, 0x1.f9985cp-2f, 0x1.44708cp+0f, 0x1.e53764p-2f,
    0x1.41423ep+0f, 0x1.d109cap-2f, 0x1.3e23c2p+0f, 0x1.bd0ea4p-2f,
    0x1.3b14ap+0f, 0x1.a944e4p-2f, 0x1.38146ap+0f, 0x1.95aba6p-2f,
    0x1.3522b2p+0f, 0x1.8241f2p-2f, 0x1.323f1p+0f, 0x1.6f06e4p-2f,
    0x1.2f6922p+0f, 0x1.5bf9acp-2f, 0x1.2ca084p+0f, 0x1.49195cp-2f,
    0x1.29e4dcp+0f, 0x1.366534p-2f, 0x1.2735dp+0f, 0x1.23dc66p-2f,
    0x1.249308p+0f, 0x1.117e2p-2f, 0x1.21fc32p+0f, 0x1.fe9356p-3f,
    0x1.1f70fep+0f, 0x1.da7c9ap-3f, 0x1.1cf11cp+0f, 0x1.b6b67cp-3f,
    0x1.1a7c42p+0f, 0x1.933fa2p-3f, 0x1.18122ap+0f, 0x1.7016d6p-3f,
    0x1.15b28ap+0f, 0x1.4d3a8ap-3f, 0x1.135d2p+0f, 0x1.2aa986p-3f,
    0x1.1111acp+0f, 0x1.0862ap-3f, 0x1.0ecfeep+0f, 0x1.ccc91cp-4f,
    0x1.0c97aap+0f, 0x1.895c62p-4f, 0x1.0a68a2p+0f, 0x1.467c62p-4f,
    0x1.08429ep+0f, 0x1.0426fap-4f, 0x1.062568p+0f, 0x1.84b436p-5f,
    0x1.0410c8p+0f, 0x1.02269ep-5f, 0x1.02048cp+0f, 0x1.0142ccp-6f,
    0x1p+0f, 0.0f, 0x1.f82356p-1f, -0x1.fb11b6p-6f,
    0x1.f07fc6p-1f, -0x1.f7b12cp-5f, 0x1.e9169ap-1f, -0x1.770afcp-4f,
    0x1.e1e53ap-1f, -0x1.f06a32p-4f, 0x1.dae93ap-1f, -0x1.3401e6p-3f,
    0x1.d42052p-1f, -0x1.6ef25cp-3f, 0x1.cd8858p-1f, -0x1.a90cc6p-3f,
    0x1.c71f42p-1f, -0x1.e25724p-3f, 0x1.c0e324p-1f, -0x1.0d6b94p-2f,
    0x1.bad22ap-1f, -0x1.29492ep-2f, 0x1.b4ea9ap-1f, -0x1.44c704p-2f,
    0x1.af2adp-1f, -0x1.5fe7acp-2f, 0x1.a99144p-1f, -0x1.7aad78p-2f,
    0x1.a41c78p-1f, -0x1.951aep-2f, 0x1.9ecb0cp-1f, -0x1.af320ap-2f,
    0x1.999ba8p-1f, -0x1.c8f534p-2f, 0x1.948d0ap-1f, -0x1.e26674p-2f,
    0x1.8f9e02p-1f, -0x1.fb87bcp-2f, 0x1.8acd68p-1f, -0x1.0a2d88p-1f,
    0x1.861a28p-1f, -0x1.167122p-1f, 0x1.818338p-1f, -0x1.228f92p-1f,
    0x1.7d079cp-1f, -0x1.2e89b8p-1f, 0x1.78a66p-1f, -0x1.3a607p-1f,
    0x1.745ea2p-1f, -0x1.46147ep-1f, 0x1.702f84p-1f, -0x1.51a6b2p-1f,
    // sincos: (sin, cos) of 2 pi j / 64
    0.0f, 0x1p+0f, 0x1.917a6cp-4f, 0x1.fd88dap-1f,
    0x1.8f8b84p-3f, 0x1.f6297cp-1f, 0x1.294062p-2f, 0x1.e9f416p-1f,
    0x1.87de2ap-2f, 0x1.d906bcp-1f, 0x1.e2b5d4p-2f, 0x1.c38b3p-1f,
    0x1.1c73b4p-1f, 0x1.a9b662p-1f, 0x1.44cf32p-1f, 0x1.8bc806p-1f,
    0x1.6a09e6p-1f, 0x1.6a09e6p-1f, 0x1.8bc806p-1f, 0x1.44cf32p-1f,
    0x1.a9b662p-1f, 0x1.1c73b4p-1f, 0x1.c38b3p-1f, 0x1.e2b5d4p-2f,
    0x1.d906bcp-1f, 0x1.87de2ap-2f, 0x1.e9f416p-1f, 0x1.294062p-2f,
    0x1.f6297cp-1f, 0x1.8f8b84p-3f, 0x1.fd88dap-1f, 0x1.917a6cp-4f,
    0x1p+0f, 0x1.1a6264p-54f, 0x1.fd88dap-1f, -0x1.917a6cp-4f,
    0x1.f6297cp-1f, -0x1.8f8b84p-3f, 0x1.e9f416p-1f, -0x1.294062p-2f,
    0x1.d906bcp-1f, -0x1.87de2ap-2f, 0x1.c38b3p-1f, -0x1.e2b5d4p-2f,
    0x1.a9b662p-1f, -0x1.1c73b4p-1f, 0x1.8bc806p-1f, -0x1.44cf32p-1f,
    0x1.6a09e6p-1f, -0x1.6a09e6p-1f, 0x1.44cf32p-1f, -0x1.8bc806p-1f,
    0x1.1c73b4p-1f, -0x1.a9b662p-1f, 0x1.e2b5d4p-2f, -0x1.c38b3p-1f,
    0x1.87de2ap-2f, -0x1.d906bcp-1f, 0x1.294062p-2f, -0x1.e9f416p-1f,
    0x1.8f8b84p-3f, -0x1.f6297cp-1f, 0x1.917a6cp-4f, -0x1.fd88dap-1f,
    0x1.1a6264p-53f, -0x1p+0f, -0x1.917a6cp-4f, -0x1.fd88dap-1f,
    -0x1.8f8b84p-3f, -0x1.f6297cp-1f, -0x1.294062p-2f, -0x1.e9f416p-1f,
    -0x1.87de2ap-2f, -0x1.d906bcp-1f, -0x1.e2b5d4p-2f, -0x1.c38b3p-1f,
    -0x1.1c73b4p-1f, -0x1.a9b662p-1f, -0x1.44cf32p-1f, -0x1.8bc806p-1f,
    -0x1.6a09e6p-1f, -0x1.6a09e6p-1f, -0x1.8bc806p-1f, -0x1.44cf32p-1f,
    -0x1.a9b662p-1f, -0x1.1c73b4p-1f, -0x1.c38b3p-1f, -0x1.e2b5d4p-2f,
    -0x1.d906bcp-1f, -0x1.87de2ap-2f, -0x1.e9f416p-1f, -0x1.294062p-2f,
    -0x1.f6297cp-1f, -0x1.8f8b84p-3f, -0x1.fd88dap-1f, -0x1.917a6cp-4f,
    -0x1p+0f, -0x1.a79394p-53f, -0x1.fd88dap-1f, 0x1.917a6cp-4f,
    -0x1.f6297cp-1f, 0x1.8f8b84p-3f, -0x1.e9f416p-1f, 0x1.294062p-2f,
    -0x1.d906bcp-1f, 0x1.87de2ap-2f, -0x1.c38b3p-1f, 0x1.e2b5d4p-2f,
    -0x1.a9b662p-1f, 0x1.1c73b4p-1f, -0x1.8bc806p-1f, 0x1.44cf32p-1f,
    -0x1.6a09e6p-1f, 0x1.6a09e6p-1f, -0x1.44cf32p-1f, 0x1.8bc806p-1f,
    -0x1.1c73b4p-1f, 0x1.a9b662p-1f, -0x1.e2b5d4p-2f, 0x1.c38b3p-1f,
    -0x1.87de2ap-2f, 0x1.d906bcp-1f, -0x1.294062p-2f, 0x1.e9f416p-1f,
    -0x1.8f8b84p-3f, 0x1.f6297cp-1f, -0x1.917a6cp-4f, 0x1.fd88dap-1f,
};
// clang-format on
#undef NDGPU_RNG_TABLE

// Pair j of the tables as laid out at `table`: kNormalTables itself (stride 1), or a GPU
// block's shared copies, where pair j of a lane's copy is `stride` pairs past pair j - 1
// (generate.cpp: 16 interleaved copies, so a half-warp's 8-byte loads hit each bank once).
NDGPU_HD void table_pair(const float* table, uint32_t j, uint32_t stride, float* a, float* b) {
#ifdef __CUDA_ARCH__
  const float2 e = reinterpret_cast<const float2*>(table)[j * stride];
  *a = e.x, *b = e.y;
#else
  *a = table[2 * j * stride], *b = table[2 * j * stride + 1];
#endif
}

// sqrt of x in [2^-99, 2^126], correctly rounded: on a GPU the fast path of CUDA's IEEE sqrtf
// (an approximate reciprocal root and one correction) without its range check.
NDGPU_HD float sqrt_in_range(float x) {
#ifdef __CUDA_ARCH__
  float y, s, h;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  asm("mul.ftz.f32 %0, %1, %2;" : "=f"(s) : "f"(x), "f"(y));
  asm("mul.ftz.f32 %0, %1, 0f3F000000;" : "=f"(h) : "f"(y));
  return ::fmaf(::fmaf(-s, s, x), h, s);
#else
  return ::sqrtf(x);
#endif
}

// sqrt(-2 ln u) for u = (wa | 1) 2^-32 in (0, 1] (all 32 bits: |z| reaches 6.66). ln z for
// z = u 2^-k in [0.7, 1.4) from its bucket's invc: r = z invc - 1, |r| < 0.0079, and
// -2 log1p(r) = r (-2 + r (1 + r (-2/3 + r/2))). Within 2 ulp of the exact radius.
NDGPU_HD float normal_radius_f32(uint32_t wa, const float* tables = kNormalTables,
                                 uint32_t stride = 1) {
  // u's bits: float(wa | 1) is u * 2^32 exactly, so u is it with 32 off the exponent, taken
  // off on the integer pipe (folded into the subtractions below) rather than by a multiply.
  const uint32_t b = bits_((float)(wa | 1u)) - (32u << 23), offset = b - 0x3f330000u;
  float invc, two_log_invc;
  table_pair(tables, (offset >> 17) & 63u, stride, &invc, &two_log_invc);
  // k = offset >> 23 (-33..0) as a float: added into the mantissa of 1.5 * 2^23 and taken
  // off again, exact, on the integer pipe rather than a conversion.
  const float k = from_bits_(0x4B400000u + (uint32_t)((int)offset >> 23)) - 12582912.0f;
  const float z = from_bits_(b - (offset & 0xff800000u));
  const float r = ::fmaf(z, invc, -1.0f);
  const float q = r * ::fmaf(r, ::fmaf(r, ::fmaf(r, 0.5f, -2.0f / 3), 1.0f), -2.0f);
  const float minus_2_ln_u = ::fmaf(k, -1.38629436f, two_log_invc + q);
  return sqrt_in_range(::fmaxf(minus_2_ln_u, 1e-30f));  // u = 1: radius 1e-15, not 0
}

// sin and cos of 2 pi t / 2^24, t = wb >> 8: the nearest 64th of a turn from the table, the
// rest x = t - j 2^18 (|x| <= 2^17, exact) through sin(Cx) = x (C - C^3 x^2 / 6) and
// cos(Cx) - 1 = x^2 (C^4 x^2 / 24 - C^2 / 2), C = 2 pi / 2^24. Within 2e-7 of both.
NDGPU_HD void sincos_turn_f32(uint32_t wb, float* s, float* c, const float* tables = kNormalTables,
                              uint32_t stride = 1) {
  const uint32_t t = (wb >> 8) + (1u << 17);
  float sj, cj;
  table_pair(tables, 64 + ((t >> 18) & 63u), stride, &sj, &cj);
  // (t & 0x3FFFF) - 2^17 exactly: the 18 bits as the mantissa of 2^23 + m, less 2^23 + 2^17.
  const float x = from_bits_(0x4B000000u | (t & 0x3FFFFu)) - 8519680.0f, x2 = x * x;
  const float sx = x * ::fmaf(x2, -8.75444582e-21f, 3.74507039e-07f);
  const float cx_1 = x2 * ::fmaf(x2, 8.19650362e-28f, -7.01277551e-14f);
  *s = ::fmaf(cj, sx, ::fmaf(sj, cx_1, sj));
  *c = ::fmaf(-sj, sx, ::fmaf(cj, cx_1, cj));
}

// One Box-Muller pair (z0, z1) = r (cos, sin) from a radius word and an angle word.
NDGPU_HD void normal_pair_f32(uint32_t wa, uint32_t wb, float* z0, float* z1,
                              const float* tables = kNormalTables, uint32_t stride = 1) {
  float s, c;
  sincos_turn_f32(wb, &s, &c, tables, stride);
  const float r = normal_radius_f32(wa, tables, stride);
  *z0 = r * c, *z1 = r * s;
}

}  // namespace ndgpu::rng
