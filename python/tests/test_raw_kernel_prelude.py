"""What NVRTC accepts in a RawKernel, the CPU backend's prelude accepts too: a kernel's own
integer typedefs, and CUDA's math API (compared with NumPy, math and known values)."""
import numpy as np

import ndgpu as cp

MASK64 = (1 << 64) - 1


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def test_kernel_declaring_its_own_stdint_typedefs():
    # As kernels written for NVRTC (which has no <stdint.h>) do. On Linux x86-64 the C
    # library's uint64_t is unsigned long, so the host compiler used to refuse these lines;
    # the prelude now gives int64_t NVRTC's type, long long (the overload shows it).
    k = cp.RawKernel(r'''
typedef unsigned long long uint64_t;
typedef long long int64_t;
typedef unsigned int uint32_t;
__device__ int overload_of(long long) { return 1; }
__device__ int overload_of(long) { return 2; }
extern "C" __global__ void mix(const uint64_t* seed, uint64_t* out, int64_t* which, uint32_t n) {
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t x = seed[i] + 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    out[i] = x ^ (x >> 31);
    which[i] = overload_of(int64_t(i));
}
''', 'mix')
    seeds = np.array([0, 1, 2, 12345, 2**63 + 7, MASK64], dtype=np.uint64)
    out = cp.zeros(seeds.size, dtype=cp.uint64)
    which = cp.zeros(seeds.size, dtype=cp.int64)
    k((1,), (32,), (cp.asarray(seeds), out, which, seeds.size))
    assert out.get().tolist() == [splitmix64(int(s)) for s in seeds]
    assert which.get().tolist() == [1] * seeds.size
