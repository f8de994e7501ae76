"""The seed's examples (../shared/seed/README.md), run with `import ndgpu as cp`.

On a machine without a GPU they run on the CPU backend; the multi-device section needs two
devices (NDGPU_CPU_DEVICES=2 there), and is skipped with a note when only one exists.
"""
import numpy as np

import ndgpu as cp


def section(title):
    print(f"\n== {title} ==")


def ndarray_basics():
    section("1. ndarray on the device")
    x_gpu = cp.array([1, 2, 3])
    x_cpu = np.array([1, 2, 3])
    print(repr(np.linalg.norm(x_cpu)))
    print(repr(cp.linalg.norm(x_gpu)))


def devices():
    section("2. Devices")
    x_gpu = cp.array([1, 2, 3])
    print(x_gpu.device)
    if cp.cuda.Device().id != 0 or _device_count() < 2:
        print(f"only {_device_count()} device(s): set NDGPU_CPU_DEVICES=2 to run this section")
        return
    cp.cuda.Device(1).use()
    x_gpu1 = cp.array([4, 5, 6])
    print(x_gpu1.device)
    x_gpu1_again = cp.array([7, 8, 9])
    print(x_gpu1_again.device)
    with cp.cuda.Device(0):
        x_on_gpu0 = cp.array([1, 2, 3])
    print(x_on_gpu0.device)
    x_on_gpu1 = cp.array([1, 2, 3])
    print(x_on_gpu1.device)
    print(repr(x_on_gpu1 * 2))
    try:
        x_on_gpu0 * 2
    except ValueError as e:
        print(f"ValueError: {e}")
    cp.cuda.Device(0).use()


def _device_count():
    return cp._core.get_device_count()


def moving_data():
    section("3. Moving data")
    x_cpu = np.array([1, 2, 3])
    x_gpu = cp.asarray(x_cpu)
    print(x_gpu.device)
    if _device_count() >= 2:
        with cp.cuda.Device(0):
            x_gpu_0 = cp.array([1, 2, 3])
        with cp.cuda.Device(1):
            x_gpu_1 = cp.asarray(x_gpu_0)
        print(x_gpu_1.device, repr(x_gpu_1))
    x_gpu = cp.array([1, 2, 3])
    x_cpu = cp.asnumpy(x_gpu)
    print(type(x_cpu).__name__, repr(x_cpu))
    x_cpu = x_gpu.get()
    print(type(x_cpu).__name__, repr(x_cpu))


def softplus(x):
    xp = cp.get_array_module(x)
    return xp.maximum(0, x) + xp.log1p(xp.exp(-abs(x)))


def device_agnostic():
    section("4. Device-agnostic code")
    x_np = np.linspace(-3, 3, 7)
    x_cp = cp.linspace(-3, 3, 7)
    print(cp.get_array_module(x_np).__name__, cp.get_array_module(x_cp).__name__)
    print(repr(softplus(x_np)))
    print(repr(softplus(x_cp)))
    print("equal:", np.allclose(softplus(x_np), softplus(x_cp).get(), rtol=1e-15, atol=0))


def elementwise_kernels():
    section("5. ElementwiseKernel")
    squared_diff = cp.ElementwiseKernel(
        'float32 x, float32 y',
        'float32 z',
        'z = (x - y) * (x - y)',
        'squared_diff')
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    y = cp.arange(5, dtype=np.float32)
    z = squared_diff(x, y)
    print(z)

    squared_diff_super_generic = cp.ElementwiseKernel(
        'X x, Y y',
        'Z z',
        'z = (x - y) * (x - y)',
        'squared_diff_super_generic')
    z = cp.empty((2, 5), dtype=np.float64)
    squared_diff_super_generic(x, y, z)
    print(z)

    add_reverse = cp.ElementwiseKernel(
        'T x, raw T y', 'T z',
        'z = x + y[_ind.size() - i - 1]',
        'add_reverse')
    x = cp.arange(100000, dtype=np.float32)
    y = cp.arange(100000, dtype=np.float32)
    z = cp.zeros(100000, dtype=np.float32)
    add_reverse(x, y, z)
    print(z)


def reduction_kernels():
    section("6. ReductionKernel")
    l2norm_kernel = cp.ReductionKernel(
        'T x',  # input params
        'T y',  # output params
        'x * x',  # map
        'a + b',  # reduce
        'y = sqrt(a)',  # post-reduction map
        '0',  # identity value
        'l2norm'  # kernel name
    )
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    print(l2norm_kernel(x, axis=1))


def raw_kernels():
    section("7. RawKernel")
    add_kernel = cp.RawKernel(r'''
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}
''', 'my_add')
    x1 = cp.arange(25, dtype=cp.float32).reshape(5, 5)
    x2 = cp.arange(25, dtype=cp.float32).reshape(5, 5)
    y = cp.zeros((5, 5), dtype=cp.float32)
    add_kernel((5,), (5,), (x1, x2, y))  # grid, block and arguments
    print(y)

    complex_kernel = cp.RawKernel(r'''
#include <cupy/complex.cuh>
extern "C" __global__
void my_func(const complex<float>* x1, const complex<float>* x2,
             complex<float>* y, float a) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + a * x2[tid];
}
''', 'my_func', backend='nvcc')
    x1 = cp.arange(25, dtype=cp.complex64).reshape(5, 5)
    x2 = 1j*cp.arange(25, dtype=cp.complex64).reshape(5, 5)
    y = cp.zeros((5, 5), dtype=cp.complex64)
    complex_kernel((5,), (5,), (x1, x2, y, cp.float32(2.0)))  # grid, block and arguments
    print(y)


def raw_modules():
    section("8. RawModule")
    loaded_from_source = r'''
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

__global__ void test_multiply(const float* x1, const float* x2, float* y, \
                              unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] * x2[tid];
    }
}

}'''
    module = cp.RawModule(code=loaded_from_source)
    ker_sum = module.get_function('test_sum')
    ker_times = module.get_function('test_multiply')
    N = 10
    x1 = cp.arange(N**2, dtype=cp.float32).reshape(N, N)
    x2 = cp.ones((N, N), dtype=cp.float32)
    y = cp.zeros((N, N), dtype=cp.float32)
    ker_sum((N,), (N,), (x1, x2, y, N**2))  # y = x1 + x2
    print(y)
    ker_times((N,), (N,), (x1, x2, y, N**2))  # y = x1 * x2
    print(y)


def kernel_fusion():
    section("9. Kernel fusion")

    @cp.fuse()
    def squared_diff(x, y):
        return (x - y) * (x - y)

    x_cp = cp.arange(10)
    y_cp = cp.arange(10)[::-1]
    print(repr(squared_diff(x_cp, y_cp)))
    x_np = np.arange(10)
    y_np = np.arange(10)[::-1]
    print(repr(squared_diff(x_np, y_np)))

    @cp.fuse()
    def sum_of_products(x, y):
        return cp.sum(x * y, axis=-1)

    x = cp.arange(10, dtype=cp.float32).reshape(2, 5)
    print(sum_of_products(x, x))


def main():
    print(f"ndgpu backend: {cp._core.backend_name()}, devices: {_device_count()}")
    ndarray_basics()
    devices()
    moving_data()
    device_agnostic()
    elementwise_kernels()
    reduction_kernels()
    raw_kernels()
    raw_modules()
    kernel_fusion()


if __name__ == "__main__":
    main()
