"""`import ndgpu` and the first `a + b`, timed in this fresh process as a new user meets them
(issue #19: ≤ 0.15 s and ≤ 5 ms on the H200, installed from the wheel), with an empty kernel
cache unless NDGPU_CACHE_DIR is set. Run it outside the checkout so that the installed ndgpu
is timed: cd /tmp && python3 /path/to/scripts/first_use_times.py"""
import os
import tempfile
import time

os.environ.setdefault("NDGPU_CACHE_DIR", tempfile.mkdtemp())
t0 = time.perf_counter()
import ndgpu as cp  # noqa: E402

t1 = time.perf_counter()
f32 = cp.float32  # NumPy's scalar type: NumPy is imported here, on first use, not by ndgpu
t_numpy = time.perf_counter()
a = cp.arange(1000, dtype=f32)
b = cp.ones(1000, dtype=f32)
cp.cuda.Device().synchronize()
t2 = time.perf_counter()
c = a + b
cp.cuda.Device().synchronize()
t3 = time.perf_counter()
d = a + b
cp.cuda.Device().synchronize()
t4 = time.perf_counter()
assert float(c[999]) == 1000.0 and float(d[0]) == 1.0
print(f"ndgpu {cp.__version__} from {os.path.dirname(cp.__file__)}")
print(f"backend {cp._core.backend_name()}, device {cp.cuda.Device()}")
print(f"import ndgpu      {t1 - t0:8.3f} s")
print(f"NumPy's import    {(t_numpy - t1) * 1e3:8.2f} ms  (the first cp.float32)")
print(f"first arrays      {(t2 - t_numpy) * 1e3:8.2f} ms  (context and pool)")
print(f"first a + b       {(t3 - t2) * 1e3:8.2f} ms")
print(f"second a + b      {(t4 - t3) * 1e3:8.2f} ms")
