"""CuPy's runtime surface: cuda.runtime, Stream.null and the current stream, x.data as a
MemoryPointer, and the explicit host transfers x.set, x.get(out=) and asnumpy(out=)."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

PYTHON_DIR = os.path.dirname(os.path.dirname(cp.__file__))
ON_CUDA = cp._core.backend_name() == "cuda"


def test_runtime_device_queries():
    rt = cp.cuda.runtime
    n = rt.getDeviceCount()
    assert n >= 1 and cp.is_available() and cp.cuda.is_available()
    assert rt.getDevice() == cp.cuda.Device().id
    free, total = rt.memGetInfo()
    assert 0 <= free <= total and total > 0
    rt.deviceSynchronize()
    assert rt.is_hip is False
    assert (rt.runtimeGetVersion() >= 11000) == ON_CUDA
    assert (rt.driverGetVersion() >= 11000) == ON_CUDA
    assert cp.cuda.get_device_id() == cp.cuda.Device().id
    assert cp.cuda.get_local_runtime_version() == rt.runtimeGetVersion()


def test_device_properties_have_cupys_keys():
    props = cp.cuda.runtime.getDeviceProperties(0)
    assert isinstance(props["name"], bytes) and props["name"]
    assert props["totalGlobalMem"] == cp.cuda.runtime.memGetInfo()[1]
    assert props["multiProcessorCount"] >= 1
    assert props["maxThreadsPerBlock"] == 1024 and props["warpSize"] == 32
    if ON_CUDA:
        assert (props["major"], props["minor"]) >= (3, 0)


def test_bad_device_raises_cuda_runtime_error():
    rt = cp.cuda.runtime
    n = rt.getDeviceCount()
    for bad in (n, -1):
        with pytest.raises(rt.CUDARuntimeError, match="invalid device ordinal"):
            rt.setDevice(bad)
    with pytest.raises(RuntimeError):
        rt.getDeviceProperties(n)
    assert rt.getDevice() == 0  # nothing changed after the errors


def test_virtual_cpu_devices_are_counted_and_selected():
    code = """
        import ndgpu as cp
        rt = cp.cuda.runtime
        print(rt.getDeviceCount())
        rt.setDevice(1)
        print(rt.getDevice(), cp.zeros(3).device.id, cp.zeros(3).data.device_id)
    """
    env = dict(os.environ, NDGPU_CPU_DEVICES="2", NDGPU_DEVICE="cpu")
    env["PYTHONPATH"] = PYTHON_DIR + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["2", "1", "1", "1"]


def test_null_and_current_stream():
    null = cp.cuda.Stream.null
    assert null == cp.cuda.Stream.null and null.ptr == 0
    x = cp.arange(10) * 2
    null.synchronize()
    assert cp.cuda.get_current_stream() == null
    assert cp.cuda.stream.get_current_stream() == null
    s = cp.cuda.stream.Stream(non_blocking=True)
    with s:
        assert cp.cuda.get_current_stream() == s
        y = x + 1
    assert cp.cuda.get_current_stream() == null
    assert s.use() is s
    try:
        assert cp.cuda.get_current_stream() == s
    finally:
        null.use()
    s.synchronize()
    np.testing.assert_array_equal(y.get(), np.arange(10) * 2 + 1)


def test_data_is_a_memory_pointer():
    x = cp.arange(12, dtype=cp.float32)
    p = x.data
    assert isinstance(p, cp.cuda.MemoryPointer)
    assert p.ptr == x._pointer and p.device_id == 0 and p.mem.size >= x.nbytes
    view = x[3:]
    assert view.data.ptr == p.ptr + 3 * 4  # the view's element 0
    assert view.data.mem.ptr == p.mem.ptr  # in the same allocation
    mem = x.data.mem
    del x, view, p
    assert mem.size >= 48  # the pointer keeps the allocation alive


def test_arrays_over_memory_pointers_and_unowned_memory():
    x = cp.arange(12.0)
    y = cp.ndarray((3, 4), dtype=x.dtype, memptr=x.data)  # a view of x's memory
    assert_same(y, np.arange(12.0).reshape(3, 4))
    y[0, 0] = 100
    assert float(x[0]) == 100
    assert_same(cp.ndarray((3,), cp.float64, memptr=x.data + 16, strides=(24,)),
                np.array([2.0, 5.0, 8.0]))
    assert cp.ndarray((2, 3), "f", order="F").strides == (4, 8)
    with pytest.raises(ValueError, match="outside"):
        cp.ndarray((13,), cp.float64, memptr=x.data)
    # Memory allocated elsewhere (here: x's), kept alive through its owner.
    mem = cp.cuda.UnownedMemory(x.data.ptr, x.nbytes, x)
    w = cp.ndarray((11,), cp.float64, cp.cuda.MemoryPointer(mem, 8))
    del x, mem
    assert_same(w, np.arange(1.0, 12.0))


def test_set_and_get_out():
    host = np.arange(6, dtype=np.float64).reshape(2, 3)
    x = cp.empty((2, 3), dtype=cp.float64)
    x.set(host)
    out = np.empty((2, 3), dtype=np.float64)
    assert x.get(out=out) is out
    np.testing.assert_array_equal(out, host)
    fout = np.empty((2, 3), dtype=np.float64, order="F")
    assert cp.asnumpy(x * 2, out=fout) is fout
    np.testing.assert_array_equal(fout, host * 2)
    for blocking in (True, False):  # CuPy 14's keyword: complete on return either way
        np.testing.assert_array_equal(x.get(blocking=blocking), host)
        np.testing.assert_array_equal(cp.asnumpy(x, blocking=blocking), host)
    with pytest.raises(TypeError):
        x.set(host.astype(np.float32))
    with pytest.raises(ValueError):
        x.set(np.zeros(5))
    with pytest.raises(ValueError):
        x.get(out=np.empty((3, 2)))
    with pytest.raises(TypeError):
        x.get(out=np.empty((2, 3), dtype=np.int64))
    np.testing.assert_array_equal(x.get(), host)  # unchanged after the errors


def test_set_into_a_view_writes_through():
    x = cp.zeros((4, 4), dtype=cp.int32)
    x[:, 1].set(np.array([1, 2, 3, 4], dtype=np.int32))
    expected = np.zeros((4, 4), dtype=np.int32)
    expected[:, 1] = [1, 2, 3, 4]
    np.testing.assert_array_equal(x.get(), expected)
