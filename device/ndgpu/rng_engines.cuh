// CuPy's other bit generators as engines with PhiloxEngine's members: Marsaglia's XORWOW
// ("Xorshift RNGs", 2003) and L'Ecuyer's MRG32k3a (Operations Research 47(1), 1999). Both are
// sequential, so element `index` of call `call` runs its own sequence, started from a
// SplitMix64 hash of (seed, call, index): no element waits on another, whatever the launch.
#pragma once
#include "ndgpu/philox.cuh"

namespace ndgpu::rng {

// SplitMix64's output function (Steele, Lea and Flood, 2014).
NDGPU_HD uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The start of an element's sequence: a SplitMix64 state keyed by seed, call and index.
NDGPU_HD uint64_t element_key(uint64_t seed, uint64_t call, uint64_t index) {
  uint64_t h = seed;
  h = splitmix64(h) ^ call;
  h = splitmix64(h) ^ index;
  return splitmix64(h);
}

struct XorwowEngine {
  uint32_t x[5], d;

  NDGPU_HD XorwowEngine(uint64_t s, uint64_t c, uint64_t i) {
    uint64_t h = element_key(s, c, i);
    uint32_t any = 0;
    for (int k = 0; k < 5; k += 2) {
      const uint64_t r = splitmix64(h);
      x[k] = (uint32_t)r;
      if (k + 1 < 5) x[k + 1] = (uint32_t)(r >> 32);
      d = (uint32_t)(r >> 32);
    }
    for (int k = 0; k < 5; ++k) any |= x[k];
    if (!any) x[0] = 1;  // the xorshift part must not be all zero
  }
  NDGPU_HD uint32_t next() {
    const uint32_t t = x[0] ^ (x[0] >> 2);
    x[0] = x[1];
    x[1] = x[2];
    x[2] = x[3];
    x[3] = x[4];
    x[4] = (x[4] ^ (x[4] << 4)) ^ (t ^ (t << 1));
    d += 362437u;
    return x[4] + d;
  }
  NDGPU_HD Words next4() {
    Words w;
    for (int k = 0; k < 4; ++k) w.v[k] = next();
    return w;
  }
};

// MRG32k3a's two order-3 recurrences modulo m1 = 2^32 - 209 and m2 = 2^32 - 22853; a word is
// their difference modulo m1, in [1, m1] (the top 209 values of 2^32 never occur).
struct Mrg32k3aEngine {
  long long s1[3], s2[3];

  NDGPU_HD Mrg32k3aEngine(uint64_t s, uint64_t c, uint64_t i) {
    uint64_t h = element_key(s, c, i);
    for (int k = 0; k < 3; ++k) {
      s1[k] = (long long)(splitmix64(h) % 4294967087ull);
      s2[k] = (long long)(splitmix64(h) % 4294944443ull);
    }
    if (!(s1[0] | s1[1] | s1[2])) s1[0] = 1;  // neither component may be all zero
    if (!(s2[0] | s2[1] | s2[2])) s2[0] = 1;
  }
  NDGPU_HD uint32_t next() {
    const long long m1 = 4294967087ll, m2 = 4294944443ll;
    long long p1 = (1403580ll * s1[1] - 810728ll * s1[0]) % m1;
    if (p1 < 0) p1 += m1;
    s1[0] = s1[1];
    s1[1] = s1[2];
    s1[2] = p1;
    long long p2 = (527612ll * s2[2] - 1370589ll * s2[0]) % m2;
    if (p2 < 0) p2 += m2;
    s2[0] = s2[1];
    s2[1] = s2[2];
    s2[2] = p2;
    return (uint32_t)(p1 > p2 ? p1 - p2 : p1 - p2 + m1);
  }
  NDGPU_HD Words next4() {
    Words w;
    for (int k = 0; k < 4; ++k) w.v[k] = next();
    return w;
  }
};

}  // namespace ndgpu::rng
