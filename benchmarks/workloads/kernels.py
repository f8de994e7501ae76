"""User kernels from the seed, steady state: ElementwiseKernel, ReductionKernel, RawKernel."""
from benchmarks.libs import rand
from benchmarks.timing import gbps, median_ms
from benchmarks.workloads.base import NotApplicable, Workload

F32 = 4

RAW_ADD_SRC = r'''
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}
'''
RAW_BLOCK = 256


def _cupy_api(lib):
    if lib.name == "torch":
        raise NotApplicable("CuPy kernel API")
    return lib.xp


def squared_diff(lib, cfg):
    xp = _cupy_api(lib)
    k = xp.ElementwiseKernel('float32 x, float32 y', 'float32 z',
                             'z = (x - y) * (x - y)', 'squared_diff')
    x, y = rand(lib, cfg.n, seed=1), rand(lib, cfg.n, seed=2)
    z = xp.empty_like(x)
    return gbps(3 * cfg.n * F32, median_ms(lib, lambda: k(x, y, z), cfg))


def l2norm(lib, cfg):
    xp = _cupy_api(lib)
    k = xp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
    s = cfg.side
    x = rand(lib, (s, s))
    return gbps(s * s * F32 + s * F32, median_ms(lib, lambda: k(x, axis=1), cfg))


def raw_add(lib, cfg):
    xp = _cupy_api(lib)
    k = xp.RawKernel(RAW_ADD_SRC, 'my_add')
    assert cfg.n % RAW_BLOCK == 0  # the seed kernel has no bounds check
    x1, x2 = rand(lib, cfg.n, seed=1), rand(lib, cfg.n, seed=2)
    y = xp.empty_like(x1)
    grid = (cfg.n // RAW_BLOCK,)
    return gbps(3 * cfg.n * F32,
                median_ms(lib, lambda: k(grid, (RAW_BLOCK,), (x1, x2, y)), cfg))


WORKLOADS = [
    Workload("squared_diff", "seed squared_diff EWK, steady", "GB/s", squared_diff,
             (">=", 4300), peers=("cupy",)),
    Workload("l2norm", "seed l2norm RK axis=1, steady", "GB/s", l2norm, (">=", 4000),
             peers=("cupy",)),
    Workload("raw_add", "RawKernel vector add, steady", "GB/s", raw_add, (">=", "cupy"),
             peers=("cupy",)),
]
