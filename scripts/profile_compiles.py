"""Compile time of a series of fresh kernels in one process (NDGPU_TRACE_COMPILE shows each)."""
import os
import tempfile
import time

os.environ.setdefault("NDGPU_CACHE_DIR", tempfile.mkdtemp())
os.environ["NDGPU_TRACE_COMPILE"] = "1"
import ndgpu as cp  # noqa: E402

a = cp.ones(1000, dtype=cp.float32)
time.sleep(0.3)  # let the NVRTC warm-up finish
for i in range(4):
    k = cp.ElementwiseKernel("float32 x", "float32 y", f"y = x * {i + 7}.0f", f"probe{i}")
    t0 = time.perf_counter()
    k(a)
    cp.cuda.Device().synchronize()
    print(f"probe{i}: {1e3 * (time.perf_counter() - t0):.1f} ms", flush=True)
for name, f in (("sub", lambda: a - a), ("mul", lambda: a * a), ("div", lambda: a / a)):
    t0 = time.perf_counter()
    f()
    cp.cuda.Device().synchronize()
    print(f"{name}: {1e3 * (time.perf_counter() - t0):.1f} ms", flush=True)
