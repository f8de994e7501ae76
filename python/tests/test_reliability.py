"""Hostile inputs (issue #20): sizes that overflow, byte order, a broken cache folder, edge
values and argument conversions. Each case raises NumPy's exception type or gives its result."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def same_error(np_call, cp_call):
    """Both calls raise, and the same exception class (never SystemError or RuntimeError)."""
    with pytest.raises(Exception) as np_err:
        np_call(np)
    with pytest.raises(Exception) as cp_err:
        cp_call(cp)
    assert type(cp_err.value) is type(np_err.value), (cp_err.value, np_err.value)
    return cp_err.value


# --- sizes: never a wrapped element count, byte count, stride or offset ---------------------

@pytest.mark.parametrize("make", [
    lambda m: m.empty(2**61),
    lambda m: m.empty(2**60),
    lambda m: m.zeros((2**31, 2**31)),
    lambda m: m.ones((2**62, 4)),
    lambda m: m.full(2**61, 1),
    lambda m: m.empty((0, 2**62, 2**62)),
    lambda m: m.arange(2**62),
], ids=["empty61", "empty60", "zeros31x31", "ones", "full", "zero-length", "arange"])
def test_too_big_is_value_error(make):
    err = same_error(make, make)
    assert "too big" in str(err) or "Maximum" in str(err)


def test_too_big_to_allocate_is_memory_error():
    with pytest.raises(MemoryError):
        cp.empty(2**59)


def test_slices_with_extreme_steps():
    a = np.arange(5)
    x = cp.asarray(a)
    for sl in [slice(None, None, -2**63), slice(None, None, 2**70), slice(2**70, None),
               slice(None, -2**70), slice(-2**70, 2**70, -2**64), slice(1, None, -2**62)]:
        assert_same(x[sl], a[sl])


def test_reshape_and_joins_that_overflow():
    same_error(lambda m: m.ones(3).reshape(2**62, 2**62, 0),
               lambda m: m.ones(3).reshape(2**62, 2**62, 0))
    same_error(lambda m: m.zeros(0).reshape(-1, 2**62, 2**62),
               lambda m: m.zeros(0).reshape(-1, 2**62, 2**62))
    same_error(lambda m: m.repeat(m.zeros(2), 2**62), lambda m: m.repeat(m.zeros(2), 2**62))
    same_error(lambda m: m.tile(m.zeros(2), 2**62), lambda m: m.tile(m.zeros(2), 2**62))
    big = lambda m: m.broadcast_to(m.zeros(1), (2**62,))
    same_error(lambda m: m.concatenate([big(m), big(m)]),
               lambda m: m.concatenate([big(m), big(m)]))
    same_error(lambda m: m.broadcast_to(m.zeros(1), (2**40, 2**40)),
               lambda m: m.broadcast_to(m.zeros(1), (2**40, 2**40)))


def test_more_than_64_dimensions():
    assert cp.zeros((1,) * 64).ndim == 64
    err = same_error(lambda m: m.zeros((1,) * 65), lambda m: m.zeros((1,) * 65))
    assert "64" in str(err)


# --- byte order: non-native inputs are swapped on the way in --------------------------------

@pytest.mark.parametrize("t", [">i4", ">f8", ">c8", ">u2", "<i8"])
def test_non_native_byte_order_in(t):
    a = np.arange(6).reshape(2, 3).astype(t)
    native = a.astype(a.dtype.newbyteorder("="))
    assert_same(cp.asarray(a), native)
    assert_same(cp.array(a.T), native.T)
    x = cp.zeros((2, 3), native.dtype)
    x[...] = a
    assert_same(x, native)
    x[0] = a[1]
    native[0] = native[1]
    assert_same(x, native)
    y = cp.zeros((2, 3), native.dtype)
    y.set(a)
    assert_same(y, a.astype(native.dtype))
    out = np.zeros((2, 3), a.dtype)
    assert np.array_equal(y.get(out=out), a) and out.dtype == a.dtype


# --- argument conversions: NumPy's exception types ----------------------------------------

@pytest.mark.parametrize("call", [
    lambda m: m.zeros((2, 2.9)),
    lambda m: m.zeros((2, "3")),
    lambda m: m.zeros(2.0),
    lambda m: m.zeros(2**70),
    lambda m: m.zeros(-2**70),
    lambda m: m.ones(3).reshape(2**70),
    lambda m: m.ones(3).reshape((2.0,)),
    lambda m: m.arange(3)[2**63],
    lambda m: m.arange(3)[2**70],
    lambda m: m.arange(3)[-2**63 - 1],
    lambda m: m.arange(3).sum(axis=2**70),
    lambda m: m.arange(3).sum(axis=2.0),
    lambda m: m.arange(float("nan")),
    lambda m: m.arange(float("inf")),
    lambda m: m.arange(0, 1, float("nan")),
], ids=["float-dim", "str-dim", "float-shape", "huge-dim", "huge-negative-dim",
        "reshape-huge", "reshape-float", "index-2**63", "index-2**70", "index-below",
        "axis-huge", "axis-float", "arange-nan", "arange-inf", "arange-nan-step"])
def test_bad_arguments_raise_numpys_exception(call):
    same_error(call, call)


def test_huge_arange_bounds():
    assert_same(cp.arange(-2**63, -2**63 + 3), np.arange(-2**63, -2**63 + 3))
    assert_same(cp.arange(2**63 - 3, 2**63 - 1), np.arange(2**63 - 3, 2**63 - 1))
    same_error(lambda m: m.arange(-2**63, 2**63 - 1), lambda m: m.arange(-2**63, 2**63 - 1))


# --- edge values ----------------------------------------------------------------------------

@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("t", [np.int32, np.int64, np.int8, np.int16])
def test_most_negative_over_minus_one(t):
    lo = np.iinfo(t).min
    a = np.array([lo, lo, 7, -7, 0], t)
    b = np.array([-1, 1, -1, -1, -1], t)
    x, y = cp.asarray(a), cp.asarray(b)
    assert_same(x // y, a // b)
    assert_same(x % y, a % b)
    assert_same(cp.fmod(x, y), np.fmod(a, b))
    assert_same(x // -1, a // t(-1))


# Values where NumPy's scalar and SIMD loops agree (NaN to uint32 differs between them).
CAST_VALUES = [float("nan"), float("inf"), -float("inf"), -1.0, -1.5, -2.0**31 - 5, -2.0**32 - 5,
               -1e30, 1e30, 2.0**31, 2.0**32 + 7, 5e9, 2.0**63, 2.0**64, 1.5e19, 300.0, -129.0]


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
@pytest.mark.parametrize("src", [np.float64, np.float32])
@pytest.mark.parametrize("dst", [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
                                 np.uint32, np.uint64])
def test_out_of_range_float_to_int_casts(src, dst):
    a = np.array(CAST_VALUES, src)
    expected = np.array([np.array([v], src).astype(dst)[0] for v in a], dst)  # scalar loop
    assert_same(cp.asarray(a).astype(dst), expected)


def test_shared_memory_above_a_gpu_block_is_refused():
    k = cp.RawKernel(r'''extern "C" __global__ void f(float* x) {
        extern __shared__ float s[]; s[threadIdx.x] = 1; x[threadIdx.x] = s[threadIdx.x]; }''',
                     "f")
    x = cp.zeros(4, cp.float32)
    k((1,), (4,), (x,), shared_mem=227 * 1024)
    assert_same(x, np.ones(4, np.float32))
    # The CPU backend names the limit; CUDA's driver says CUDA_ERROR_INVALID_VALUE.
    with pytest.raises(RuntimeError, match="shared memory|INVALID_VALUE"):
        k((1,), (4,), (x,), shared_mem=227 * 1024 + 4)


def test_fuse_of_a_lambda():
    f = cp.fuse(lambda x, y: x * 2 + y)
    a, b = np.arange(5.0), np.ones(5)
    assert_same(f(cp.asarray(a), cp.asarray(b)), a * 2 + b)


# --- a cache folder that cannot be used -----------------------------------------------------

import os
import subprocess
import sys

_REPO_PYTHON = os.path.dirname(os.path.dirname(os.path.abspath(cp.__file__)))


def run_python(code, env_changes, timeout=240):
    """Runs `code` in a fresh interpreter with ndgpu on the path; returns (rc, stdout, stderr)."""
    env = dict(os.environ)
    env.update(env_changes)
    env["PYTHONPATH"] = _REPO_PYTHON + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       timeout=timeout)
    return p.returncode, p.stdout, p.stderr


# A kernel no other test compiles, so the compiler must write into the cache.
_NEW_KERNEL = """
import ndgpu as cp, numpy as np
k = cp.ElementwiseKernel('float64 x', 'float64 y', 'y = x * 3 + %d', 'reliab_cache')
print(k(cp.arange(4.0)).get().tolist())
"""


@pytest.mark.parametrize("kind", ["file", "read-only", "under-a-file"])
def test_unusable_cache_folder_warns_and_keeps_working(tmp_path, kind):
    if kind == "read-only" and os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    target = tmp_path / "cache"
    if kind == "file":
        target.write_text("not a folder")
    elif kind == "read-only":
        target.mkdir()
        target.chmod(0o555)
    else:
        (tmp_path / "plain").write_text("")
        target = tmp_path / "plain" / "cache"
    salt = abs(hash(str(tmp_path))) % 100000
    rc, out, err = run_python(_NEW_KERNEL % salt, {"NDGPU_CACHE_DIR": str(target)})
    assert rc == 0, err
    assert out.strip() == str([float(3 * i + salt) for i in range(4)])
    assert err.count("ndgpu: warning") == 1 and str(target) in err, err


# --- threads and Ctrl-C ---------------------------------------------------------------------

# Some 15 s of CPU work in 256 blocks of ~0.1 s unless interrupted.
_LONG_KERNEL = """
import ndgpu as cp
slow = cp.ElementwiseKernel('float64 x', 'float64 y',
    'double s = x; for (int k = 0; k < 1000; ++k) s = s * 0.999999 + 1e-9; y = s;',
    'reliab_slow')
x = cp.arange(2.0**24)
"""


def test_ctrl_c_interrupts_a_cpu_launch_and_the_library_goes_on():
    if "CPU" not in repr(cp.cuda.Device(0)):
        pytest.skip("interrupting between blocks is the CPU backend's")
    code = _LONG_KERNEL + """
import os, signal, threading, time
# A shell's background job starts with SIGINT ignored, and Python then keeps it so (a CI run
# started with `&` lost every Ctrl-C here): Python's own handler, as in a terminal.
signal.signal(signal.SIGINT, signal.default_int_handler)
slow(x[:2])  # compiled before the clock starts
# Soon after the launch starts: a kernel the compiler vectorises may end within half a second.
threading.Timer(0.05, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
t0 = time.time()
try:
    slow(x)
    print("not interrupted, the launch took %.2f s" % (time.time() - t0))
except KeyboardInterrupt:
    print("interrupted after %.1f s" % (time.time() - t0))
print((cp.arange(3) + 1).get().tolist())
"""
    rc, out, err = run_python(code, {})
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("interrupted after"), out
    assert float(lines[0].split()[2]) < 2.0, out
    assert lines[1] == "[1, 2, 3]"


def test_other_python_threads_run_during_a_long_launch():
    # A GPU launch returns at once: there the long wait is the synchronisation.
    on_cpu = "CPU" in repr(cp.cuda.Device(0))
    code = _LONG_KERNEL.replace("1000", "10" if on_cpu else "1000000") + """
import threading, time
slow(x[:2])
ticks = []
done = threading.Event()
def count():
    while not done.is_set():
        ticks.append(1)
        time.sleep(0.001)
t = threading.Thread(target=count)
t.start()
time.sleep(0.05)
before = len(ticks)
slow(x)
cp.cuda.Stream.null.synchronize()
during = len(ticks) - before
done.set()
t.join()
print(during)
"""
    rc, out, err = run_python(code, {})
    assert rc == 0, err
    assert int(out.strip()) > 10, out
