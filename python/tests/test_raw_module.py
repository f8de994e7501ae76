"""RawModule: the seed's example, templates through name_expressions, sources and binaries by
path, on whichever backend is current (CPU here, CUDA with NDGPU_DEVICE=cuda)."""
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import ndgpu as cp

ON_CPU = cp._core.backend_name() == "cpu"


def _nvcc():
    for c in (os.environ.get("NDGPU_NVCC"), shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if c and os.path.exists(c):
            return c
    return None


SEED_SOURCE = r'''
extern "C"{
__global__ void test_sum(const float* x1, const float* x2, float* y, \
                         unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] + x2[tid];
    }
}

__global__ void test_multiply(const float* x1, const float* x2, float* y, unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] * x2[tid];
    }
}
}'''


def test_seed_test_sum_and_test_multiply():
    module = cp.RawModule(code=SEED_SOURCE)
    ker_sum = module.get_function('test_sum')
    ker_times = module.get_function('test_multiply')
    N = 10
    x1 = cp.arange(N**2, dtype=cp.float32).reshape(N, N)
    x2 = cp.ones((N, N), dtype=cp.float32)
    y = cp.zeros((N, N), dtype=cp.float32)
    ker_sum((N,), (N,), (x1, x2, y, N**2))
    np.testing.assert_array_equal(y.get(), np.arange(1, 101, dtype=np.float32).reshape(N, N))
    ker_times((N,), (N,), (x1, x2, y, N**2))
    np.testing.assert_array_equal(y.get(), np.arange(100, dtype=np.float32).reshape(N, N))
    assert ker_sum.signature == ("const float* x1, const float* x2, float* y, "
                                 "unsigned int N")


TEMPLATE_SOURCE = r'''
template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * a;
}

template <typename T, int K>
__global__ void fill_k(T* x) { x[threadIdx.x] = T(K); }

__global__ void plain_cxx(int* x) { x[threadIdx.x] = 7; }
'''


def test_templates_through_name_expressions():
    mod = cp.RawModule(code=TEMPLATE_SOURCE,
                       name_expressions=['scale<float>', 'scale<double>', 'fill_k<int, 5>'])
    xf = cp.arange(6, dtype=cp.float32)
    mod.get_function('scale<float>')((1,), (32,), (xf, 1.5, 6))
    np.testing.assert_array_equal(xf.get(), np.arange(6, dtype=np.float32) * 1.5)
    xd = cp.arange(6, dtype=cp.float64)
    mod.get_function('scale<double>')((1,), (32,), (xd, 0.25, 6))
    np.testing.assert_array_equal(xd.get(), np.arange(6) * 0.25)
    xi = cp.zeros(4, dtype=cp.int32)
    mod.get_function('fill_k<int, 5>')((1,), (4,), (xi,))
    np.testing.assert_array_equal(xi.get(), [5, 5, 5, 5])
    # The instantiated parameter types are checked.
    with pytest.raises(TypeError, match=r"float\*.*float64 array"):
        mod.get_function('scale<float>')((1,), (32,), (xd, 1.0, 6))
    with pytest.raises(ValueError, match="name_expressions"):
        mod.get_function('scale<int>')


def test_kernel_with_cxx_linkage_by_plain_name():
    mod = cp.RawModule(code=TEMPLATE_SOURCE, name_expressions=['scale<float>'])
    x = cp.zeros(3, dtype=cp.int32)
    mod.get_function('plain_cxx')((1,), (3,), (x,))
    np.testing.assert_array_equal(x.get(), [7, 7, 7])


def test_name_expressions_come_from_the_disk_cache_in_a_new_process():
    # The kernel cache keeps each expression's lowered name with the binary: a second process
    # finds the template and the C++-linkage kernel without compiling.
    script = f"""
import numpy as np, ndgpu as cp
code = {TEMPLATE_SOURCE!r} + "// disk-cache test {os.getpid()}"
x = cp.arange(4, dtype=cp.float32)
y = cp.zeros(2, dtype=cp.int32)
s0 = cp._core._kernel_cache_stats()
mod = cp.RawModule(code=code, name_expressions=['scale<float>'])
mod.get_function('scale<float>')((1,), (32,), (x, 2.0, 4))
mod.get_function('plain_cxx')((1,), (2,), (y,))
s = cp._core._kernel_cache_stats()
print(s["compiles"] - s0["compiles"], s["disk_hits"] - s0["disk_hits"], x.get().tolist(),
      y.get().tolist())
"""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [
        os.path.dirname(os.path.dirname(cp.__file__)), os.environ.get("PYTHONPATH")])))
    first, second = (subprocess.run([sys.executable, "-c", script], env=env, check=True,
                                    capture_output=True, text=True).stdout.split(maxsplit=2)
                     for _ in range(2))
    assert first[0] == "1" and first[1] == "0"
    assert second[0] == "0" and second[1] == "1"
    assert second[2].strip() == "[0.0, 2.0, 4.0, 6.0] [7, 7]"


def test_nvcc_backend_refuses_name_expressions():
    with pytest.raises(ValueError, match="nvrtc"):
        cp.RawModule(code=TEMPLATE_SOURCE, backend='nvcc', name_expressions=['scale<float>'])


def test_missing_kernel_raises():
    mod = cp.RawModule(code=SEED_SOURCE)
    with pytest.raises(ValueError, match="no_such_kernel"):
        mod.get_function('no_such_kernel')((1,), (1,), ())


def test_source_file_by_path(tmp_path):
    path = tmp_path / "kernels.cu"
    path.write_text(SEED_SOURCE)
    mod = cp.RawModule(path=str(path))
    x = cp.arange(4, dtype=cp.float32)
    y = cp.zeros(4, dtype=cp.float32)
    mod.get_function('test_multiply')((1,), (4,), (x, x, y, 4))
    np.testing.assert_array_equal(y.get(), np.arange(4, dtype=np.float32) ** 2)


def test_code_and_path_are_exclusive():
    with pytest.raises(TypeError):
        cp.RawModule()
    with pytest.raises(TypeError):
        cp.RawModule(code=SEED_SOURCE, path="x.cubin")


@pytest.mark.skipif(ON_CPU, reason="the CPU backend runs CUDA source, not CUDA binaries")
@pytest.mark.parametrize("kind", ["cubin", "ptx"])
def test_binary_by_path(tmp_path, kind):
    nvcc = _nvcc()
    if nvcc is None:
        pytest.skip("nvcc is needed to build the binary")
    src = tmp_path / "k.cu"
    src.write_text(SEED_SOURCE)
    out = tmp_path / ("k." + kind)
    arch = "sm_90" if kind == "cubin" else "compute_90"
    subprocess.run([nvcc, "-" + kind, "-arch=" + arch, "-o", str(out), str(src)], check=True)
    mod = cp.RawModule(path=str(out))
    x = cp.arange(8, dtype=cp.float32)
    y = cp.zeros(8, dtype=cp.float32)
    mod.get_function('test_sum')((1,), (8,), (x, x, y, 8))
    np.testing.assert_array_equal(y.get(), 2 * np.arange(8, dtype=np.float32))


@pytest.mark.skipif(not ON_CPU, reason="checks the CPU backend's refusal of binaries")
def test_cpu_backend_refuses_binaries(tmp_path):
    path = tmp_path / "k.cubin"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(64))
    mod = cp.RawModule(path=str(path))
    with pytest.raises(ValueError, match="cannot run CUDA binaries"):
        mod.get_function('test_sum')((1,), (1,), ())
