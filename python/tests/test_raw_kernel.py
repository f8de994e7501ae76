"""RawKernel: the seed's examples, barriers, shared memory, atomics, shuffles and the argument
checks, on whichever backend is current (CPU here, CUDA with NDGPU_DEVICE=cuda)."""
import os
import shutil

import numpy as np
import pytest

import ndgpu as cp

ON_CPU = cp._core.backend_name() == "cpu"
HAVE_NVCC = bool(os.environ.get("NDGPU_NVCC") or shutil.which("nvcc")
                 or os.path.exists("/usr/local/cuda/bin/nvcc"))

MY_ADD = r'''
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}
'''


def test_seed_my_add():
    add_kernel = cp.RawKernel(MY_ADD, 'my_add')
    x1 = cp.arange(25, dtype=cp.float32).reshape(5, 5)
    x2 = cp.arange(25, dtype=cp.float32).reshape(5, 5)
    y = cp.zeros((5, 5), dtype=cp.float32)
    add_kernel((5,), (5,), (x1, x2, y))
    np.testing.assert_array_equal(y.get(), 2 * np.arange(25, dtype=np.float32).reshape(5, 5))
    assert add_kernel.name == "my_add"
    assert add_kernel.signature == "const float* x1, const float* x2, float* y"


@pytest.mark.skipif(not ON_CPU and not HAVE_NVCC, reason="backend='nvcc' needs nvcc on CUDA")
def test_seed_complex_kernel_with_nvcc_backend():
    complex_kernel = cp.RawKernel(r'''
#include <cupy/complex.cuh>
extern "C" __global__
void my_func(const complex<float>* x1, const complex<float>* x2,
             complex<float>* y, float a) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + a * x2[tid];
}
''', 'my_func', backend='nvcc')
    base = np.arange(25, dtype=np.complex64).reshape(5, 5)
    x1 = cp.asarray(base)
    x2 = 1j * cp.asarray(base)
    y = cp.zeros((5, 5), dtype=cp.complex64)
    complex_kernel((5,), (5,), (x1, x2, y, cp.float32(2.0)))
    np.testing.assert_array_equal(y.get(), base + 2 * 1j * base)


def test_shared_memory_tree_reduction_with_syncthreads():
    k = cp.RawKernel(r'''
extern "C" __global__ void block_sum(const double* x, double* out, int n) {
    __shared__ double s[256];
    unsigned t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? x[i] : 0.0;
    __syncthreads();
    for (unsigned step = blockDim.x / 2; step > 0; step >>= 1) {
        if (t < step) s[t] += s[t + step];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}
''', 'block_sum')
    n = 1000
    host = np.random.default_rng(0).standard_normal(n)
    out = cp.zeros(4, dtype=cp.float64)
    k((4,), (256,), (cp.asarray(host), out, n))
    expect = [host[b * 256:(b + 1) * 256].sum() for b in range(4)]
    np.testing.assert_allclose(out.get(), expect, rtol=1e-12)


def test_atomic_histogram_in_dynamic_shared_memory():
    k = cp.RawKernel(r'''
extern "C" __global__ void histogram(const int* x, int n, unsigned int* bins, int nbins) {
    extern __shared__ unsigned int local[];
    for (int b = threadIdx.x; b < nbins; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[x[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < nbins; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}
''', 'histogram')
    nbins = 37
    host = np.random.default_rng(1).integers(0, nbins, 20000).astype(np.int32)
    bins = cp.zeros(nbins, dtype=cp.uint32)
    k((16,), (128,), (cp.asarray(host), host.size, bins, nbins), shared_mem=nbins * 4)
    np.testing.assert_array_equal(bins.get(), np.bincount(host, minlength=nbins))


def test_warp_shuffle_sum_and_ballot():
    k = cp.RawKernel(r'''
extern "C" __global__ void warp_sum(const float* x, float* sums, unsigned int* ballots) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = x[i];
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffff, v, offset);
    unsigned int b = __ballot_sync(0xffffffff, x[i] > 0.0f);
    v = __shfl_sync(0xffffffff, v, 0);
    if ((threadIdx.x & 31) == 31) {
        sums[i / 32] = v;
        ballots[i / 32] = b;
    }
}
''', 'warp_sum')
    host = np.random.default_rng(2).integers(-8, 8, 256).astype(np.float32)
    sums = cp.zeros(8, dtype=cp.float32)
    ballots = cp.zeros(8, dtype=cp.uint32)
    k((2,), (128,), (cp.asarray(host), sums, ballots))
    np.testing.assert_array_equal(sums.get(), host.reshape(8, 32).sum(axis=1))
    bits = (host.reshape(8, 32) > 0) * (1 << np.arange(32, dtype=np.uint64))
    np.testing.assert_array_equal(ballots.get(), bits.sum(axis=1).astype(np.uint32))


SCALE = r'''
extern "C" __global__ void scale(float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
'''


def test_python_scalars_are_converted_to_parameter_types():
    # CuPy passes a Python float as a double: a `float a` would read garbage.
    k = cp.RawKernel(SCALE, 'scale')
    x = cp.arange(10, dtype=cp.float32)
    k((1,), (32,), (x, 2.5, 10))
    np.testing.assert_array_equal(x.get(), np.arange(10, dtype=np.float32) * 2.5)
    k((1,), (32,), (x, np.float32(2), np.int32(10)))
    np.testing.assert_array_equal(x.get(), np.arange(10, dtype=np.float32) * 5)


def test_argument_check_errors_name_the_parameter():
    k = cp.RawKernel(SCALE, 'scale')
    x = cp.zeros(10, dtype=cp.float32)
    with pytest.raises(TypeError, match=r"takes 3 arguments \(float\* x, float a, int n\) but 2"):
        k((1,), (32,), (x, 1.0))
    with pytest.raises(TypeError, match=r"argument 2 \('a', float\).*float32 array"):
        k((1,), (32,), (x, x, 10))
    with pytest.raises(TypeError, match=r"argument 1 \('x', float\*\).*float64 array"):
        k((1,), (32,), (cp.zeros(10, dtype=cp.float64), 1.0, 10))
    with pytest.raises(TypeError, match=r"argument 3 \('n', int\).*Python float"):
        k((1,), (32,), (x, 1.0, 10.0))
    with pytest.raises(TypeError, match=r"argument 2 \('a', float\).*numpy.float64"):
        k((1,), (32,), (x, np.float64(1.0), 10))
    with pytest.raises(TypeError, match="numpy.ndarray"):
        k((1,), (32,), (np.zeros(10, np.float32), 1.0, 10))
    with pytest.raises(OverflowError, match="'n'"):
        k((1,), (32,), (x, 1.0, 2**40))


def test_array_at_an_offset_passes_its_element_pointer():
    k = cp.RawKernel(SCALE, 'scale')
    x = cp.arange(10, dtype=cp.float32)
    k((1,), (32,), (x[4:], 10.0, 2))
    np.testing.assert_array_equal(x.get(), [0, 1, 2, 3, 40, 50, 6, 7, 8, 9])


def test_bad_grid_or_block_raises_before_launch():
    k = cp.RawKernel(SCALE, 'scale')
    x = cp.zeros(4, dtype=cp.float32)
    with pytest.raises(ValueError):
        k((0,), (32,), (x, 1.0, 4))
    with pytest.raises(ValueError, match="1024"):
        k((1,), (2048,), (x, 1.0, 4))
    with pytest.raises(ValueError, match="1024"):
        k((1,), (64, 32), (x, 1.0, 4))
    with pytest.raises(ValueError, match="65535"):
        k((1, 70000), (32,), (x, 1.0, 4))


def test_compile_error_carries_log_and_numbered_source():
    k = cp.RawKernel(r'''
extern "C" __global__ void broken(float* x) {
    x[0] = undefined_name;
}
''', 'broken')
    with pytest.raises(cp.CompileError) as e:
        k((1,), (1,), (cp.zeros(1, dtype=cp.float32),))
    msg = str(e.value)
    assert "undefined_name" in msg
    assert "   3 |     x[0] = undefined_name;" in msg


def test_attributes_and_settable_dynamic_shared_size():
    k = cp.RawKernel(SCALE, 'scale')
    assert k.max_threads_per_block >= 256
    attrs = k.attributes
    assert set(attrs) >= {"num_regs", "shared_size_bytes", "const_size_bytes", "local_size_bytes",
                          "ptx_version", "binary_version", "max_dynamic_shared_size_bytes"}
    k.max_dynamic_shared_size_bytes = 64 * 1024
    assert k.max_dynamic_shared_size_bytes == 64 * 1024


def test_user_header_through_include_option(tmp_path):
    (tmp_path / "my_ops.cuh").write_text("__device__ inline float twice(float v) { return 2 * v; }\n")
    k = cp.RawKernel(r'''
#include "my_ops.cuh"
extern "C" __global__ void apply(float* x) { x[threadIdx.x] = twice(x[threadIdx.x]); }
''', 'apply', options=("-I" + str(tmp_path),))
    x = cp.arange(8, dtype=cp.float32)
    k((1,), (8,), (x,))
    np.testing.assert_array_equal(x.get(), 2 * np.arange(8, dtype=np.float32))


def test_translate_cucomplex():
    k = cp.RawKernel(r'''
#include <cuComplex.h>
extern "C" __global__ void cmul(const cuDoubleComplex* a, const cuDoubleComplex* b, cuDoubleComplex* c) {
    int i = threadIdx.x;
    c[i] = cuCmul(a[i], b[i]);
}
''', 'cmul', translate_cucomplex=True)
    a = np.array([1 + 2j, 3 - 1j], dtype=np.complex128)
    b = np.array([2 - 1j, 1j], dtype=np.complex128)
    c = cp.zeros(2, dtype=cp.complex128)
    k((1,), (2,), (cp.asarray(a), cp.asarray(b), c))
    np.testing.assert_allclose(c.get(), a * b)


def test_scalars_convert_to_integer_bool_and_complex_parameters():
    # Parameters of any integer width take a Python int; a bool param takes a Python bool.
    k = cp.RawKernel(r'''
#include <cupy/complex.cuh>
extern "C" __global__ void mix(long long* out, unsigned char flag, short s,
                               complex<double> z, double* zout) {
    out[0] = flag ? s : -s;
    zout[0] = z.real(); zout[1] = z.imag();
}
''', 'mix')
    out = cp.zeros(1, dtype=cp.int64)
    zout = cp.zeros(2, dtype=cp.float64)
    k((1,), (1,), (out, True, 7, 1 + 2j, zout))
    assert out.get()[0] == 7
    np.testing.assert_array_equal(zout.get(), [1.0, 2.0])


@pytest.mark.skipif(not ON_CPU, reason="a fault on a GPU is the driver's to report")
def test_fault_in_kernel_raises_instead_of_killing_the_process():
    k = cp.RawKernel(r'''
extern "C" __global__ void wild(float* x, long long bad) { ((float*)bad)[threadIdx.x] = 1.0f; }
''', 'wild')
    x = cp.zeros(4, dtype=cp.float32)
    with pytest.raises(RuntimeError, match="wild.*SIGSEGV"):
        k((2,), (4,), (x, 8))


@pytest.mark.skipif(not ON_CPU, reason="GPU printf output is flushed by the driver")
def test_printf_from_a_kernel(capfd):
    k = cp.RawKernel(r'''
extern "C" __global__ void hello(int v) { if (threadIdx.x == 1) printf("hello %d\n", v); }
''', 'hello')
    k((1,), (4,), (42,))
    assert "hello 42" in capfd.readouterr().out


def test_launch_on_a_stream():
    k = cp.RawKernel(SCALE, 'scale')
    x = cp.ones(64, dtype=cp.float32)
    s = cp.cuda.Stream()
    k((2,), (32,), (x, 3.0, 64), stream=s)
    s.synchronize()
    np.testing.assert_array_equal(x.get(), np.full(64, 3, np.float32))


def test_toolkit_headers_as_with_cupy():
    # CuPy passes the toolkit's include folders to NVRTC; kernels include cuda_fp16.h (the
    # CPU backend has its own, device/cpu_only/cuda_fp16.h).
    k = cp.RawKernel(r'''
#include <cuda_fp16.h>
extern "C" __global__ void half_axpy(const __half* x, __half* y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __hadd(__hmul(__float2half(a), x[i]), y[i]);
}
''', 'half_axpy')
    xn = np.linspace(-2, 2, 100).astype(np.float16)
    yn = np.arange(100).astype(np.float16)
    x, y = cp.asarray(xn), cp.asarray(yn)
    k((1,), (128,), (x, y, np.float32(3.0), np.int32(100)))
    # NVRTC may fuse the multiply and add (one rounding): 3x + y cancels near index 5, so
    # the tolerance is a few half-precision ulps of the terms, not of the result.
    np.testing.assert_allclose(y.get(), (np.float16(3.0) * xn + yn).astype(np.float16),
                               rtol=2e-3, atol=4e-3)


def test_half2_and_half_math_in_a_kernel():
    k = cp.RawKernel(r'''
#include <cuda_fp16.h>
extern "C" __global__ void pairs(const __half2* x, __half* y, float* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half2 p = __hmul2(x[i], x[i]);
  y[i] = __hadd(__low2half(p), __high2half(p));
  z[i] = __half2float(hsqrt(__hmax(y[i], __float2half(0.0f)))) + (__hlt(x[i].x, x[i].y) ? 1.0f : 0.0f);
}
''', 'pairs')
    xn = np.linspace(-3, 3, 64).astype(np.float16)
    x, y, z = cp.asarray(xn), cp.empty(32, np.float16), cp.empty(32, np.float32)
    k((1,), (32,), (x, y, z, np.int32(32)))
    lo, hi = xn[0::2].astype(np.float32), xn[1::2].astype(np.float32)
    sq = (np.float16(lo * lo).astype(np.float32) + np.float16(hi * hi).astype(np.float32)).astype(np.float16)
    np.testing.assert_allclose(y.get(), sq, rtol=1e-3)  # a fused multiply-add rounds once
    expected = np.sqrt(sq.astype(np.float32)).astype(np.float16).astype(np.float32) + (lo < hi)
    np.testing.assert_allclose(z.get(), expected, rtol=1e-3)


@pytest.mark.parametrize("name", ["cabs", "cabsf"])
def test_kernels_named_after_c_library_functions(name):
    # On the CPU backend GCC's builtins call cabs/cabsf for complex abs: a kernel of that name
    # took their place and returned garbage.
    zn = np.array([3 + 4j, 1j, -2], dtype=np.complex64)
    k = cp.ElementwiseKernel("complex64 z", "float32 r", "r = abs(z)", name)
    np.testing.assert_allclose(k(cp.asarray(zn)).get(), np.abs(zn), rtol=1e-6)
    raw = cp.RawKernel('extern "C" __global__ void __launch_bounds__(64) ' + name +
                       '(const float* x, float* y) { y[threadIdx.x] = abs(x[threadIdx.x]); }', name)
    y = cp.zeros(3, dtype=cp.float32)
    raw((1,), (3,), (cp.asarray(np.float32([-1, 2, -3])), y))
    np.testing.assert_array_equal(y.get(), [1, 2, 3])
