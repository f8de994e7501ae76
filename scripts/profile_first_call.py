"""Where a cold first call's time goes (run in a fresh process, empty NDGPU_CACHE_DIR):
import, first allocation (context), NVRTC, module load, launch. Prints one line per stage."""
import os
import sys
import tempfile
import time

os.environ.setdefault("NDGPU_CACHE_DIR", tempfile.mkdtemp())
t0 = time.perf_counter()
import numpy  # noqa: E402,F401
t1 = time.perf_counter()
import ndgpu as cp  # noqa: E402
t2 = time.perf_counter()
a = cp.ones(1000, dtype=cp.float32)
cp.cuda.Device().synchronize()
t3 = time.perf_counter()
k = cp.ElementwiseKernel("float32 x", "float32 y", f"y = x * {os.getpid()}.0f", "probe")
y = k(a)
cp.cuda.Device().synchronize()
t4 = time.perf_counter()
y = k(a)
cp.cuda.Device().synchronize()
t5 = time.perf_counter()
z = a - a
cp.cuda.Device().synchronize()
t6 = time.perf_counter()
ms = lambda d: f"{d * 1e3:7.1f} ms"  # noqa: E731
print("import numpy      ", ms(t1 - t0))
print("import ndgpu      ", ms(t2 - t1))
print("first array       ", ms(t3 - t2))
print("first EWK call    ", ms(t4 - t3))
print("second EWK call   ", ms(t5 - t4))
print("first a - a       ", ms(t6 - t5))
sys.stdout.flush()
