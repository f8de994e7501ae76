"""A CuPy-style script that the type checker must accept against ndgpu's stubs
(scripts/typecheck.sh runs mypy on it in CI): arrays, ufuncs, reductions, kernels,
devices, ndgpu.random, ndgpu.linalg and ndgpu.fft."""
import ndgpu as cp

x: cp.ndarray = cp.arange(10, dtype=cp.float32).reshape(2, 5)
y = cp.ones(5, dtype=cp.float32)
z = cp.add(x, y) * 2 - cp.sqrt(x)
total = cp.sum(z, axis=1, keepdims=True)
host = cp.asnumpy(total)
print(host.shape, float(cp.linalg.norm(x)), z.dtype)

squared_diff = cp.ElementwiseKernel("float32 x, float32 y", "float32 z",
                                    "z = (x - y) * (x - y)", "squared_diff")
l2norm = cp.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")
print(squared_diff(x, y), l2norm(x, axis=1))

with cp.cuda.Device(0):
    r = cp.random.rand(3, 3)
    q = cp.linalg.inv(r + 3 * cp.eye(3))
    f = cp.fft.fft(cp.arange(8.0))
print(q.get(), f.real, cp.maximum.reduce(x, axis=0), x.T @ x)

fused = cp.fuse()(lambda a, b: a * b + 1)
print(fused(x, y))
