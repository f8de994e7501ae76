"""Devices: current device, switching, x.device, the device-mismatch error, moving data and
get_array_module. Several devices need NDGPU_CPU_DEVICES=2 before ndgpu is imported, so those
checks run in a subprocess (and, when this process already has two devices, in-process too)."""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

PYTHON_DIR = os.path.dirname(os.path.dirname(cp.__file__))
MISMATCH = "Array device must be same as the current device: array device = 0 while current = 1"


def run_with_devices(code, n=2):
    """Runs `code` in a fresh interpreter with n devices (GPUs when there are that many, else
    n virtual CPU devices); returns its stdout."""
    env = dict(os.environ)
    env["NDGPU_CPU_DEVICES"] = str(n)
    env["PYTHONPATH"] = PYTHON_DIR + os.pathsep + env.get("PYTHONPATH", "")
    gpus = cp.cuda.runtime.getDeviceCount() if cp._core.backend_name() == "cuda" else 0
    env["NDGPU_DEVICE"] = "cuda" if gpus >= n else "cpu"
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_default_device(device0):
    d = cp.cuda.Device()
    assert d.id == 0
    assert int(d) == 0
    assert d == cp.cuda.Device(0)
    x = cp.array([1, 2, 3])
    assert x.device == cp.cuda.Device(0)
    assert x.device.id == 0
    kind = "CUDA" if cp._core.backend_name() == "cuda" else "CPU"
    assert str(x.device) == f"<{kind} Device 0>"
    assert repr(d) == f"<{kind} Device 0>"
    assert cp._core.get_device_count() >= 1


def test_device_use_and_with_on_one_device(device0):
    cp.cuda.Device(0).use()
    with cp.cuda.Device(0) as d:
        assert d.id == 0
        assert cp.cuda.Device().id == 0
    assert cp.cuda.Device().id == 0
    cp.cuda.Device(0).synchronize()


def test_bad_device_id():
    n = cp._core.get_device_count()
    with pytest.raises(Exception) as e:
        cp.cuda.Device(n + 5).use()
    assert isinstance(e.value, (ValueError, RuntimeError))


def test_get_array_module():
    assert cp.get_array_module(np.arange(3)) is np
    assert cp.get_array_module(cp.arange(3)) is cp
    assert cp.get_array_module(np.arange(3), cp.arange(3)) is cp
    assert cp.get_array_module(1, 2.0) is np
    assert cp.get_array_module() is np


def test_asnumpy_and_asarray_same_device(device0):
    x = cp.asarray(np.array([1, 2, 3]))
    assert x.device.id == 0
    assert_same(x, np.array([1, 2, 3]))


MULTI_DEVICE_CODE = """
    import json
    import numpy as np
    import ndgpu as cp
    out = {"count": cp._core.get_device_count()}
    x0 = cp.array([1, 2, 3])
    out["x0"] = x0.device.id
    cp.cuda.Device(1).use()
    out["current_after_use"] = cp.cuda.Device().id
    x1 = cp.array([4, 5, 6])
    out["x1"] = x1.device.id
    out["x1_str"] = str(x1.device)
    with cp.cuda.Device(0):
        out["in_with"] = cp.cuda.Device().id
        y0 = cp.array([1, 2, 3])
    out["after_with"] = cp.cuda.Device().id
    out["y0"] = y0.device.id
    out["x1_times_2"] = (x1 * 2).get().tolist()
    out["x1_times_2_device"] = (x1 * 2).device.id
    try:
        y0 * 2
        out["error"] = None
    except ValueError as e:
        out["error"] = str(e)
    try:
        cp.add(x1, y0)
        out["error_mixed"] = None
    except ValueError as e:
        out["error_mixed"] = str(e)
    try:
        cp.exp(y0)
        out["error_ufunc"] = None
    except ValueError as e:
        out["error_ufunc"] = str(e)
    # Moving data between devices copies values.
    z1 = cp.asarray(y0)
    out["z1_device"] = z1.device.id
    out["z1"] = z1.get().tolist()
    z1[0] = 100
    out["y0_after"] = y0.get().tolist()
    w1 = cp.array(y0)
    out["w1_device"] = w1.device.id
    out["w1"] = w1.get().tolist()
    # get()/asnumpy work from any device.
    out["get_other"] = y0.get().tolist()
    out["asnumpy_other"] = cp.asnumpy(y0).tolist()
    out["repr_other"] = repr(y0)
    cp.cuda.Device(0).use()
    out["back"] = cp.cuda.Device().id
    out["y0_times_2"] = (y0 * 2).get().tolist()
    try:
        x1 + 1
        out["error_back"] = None
    except ValueError as e:
        out["error_back"] = str(e)
    # Nested with-blocks restore in order.
    with cp.cuda.Device(1):
        with cp.cuda.Device(0):
            out["nested_inner"] = cp.cuda.Device().id
        out["nested_outer"] = cp.cuda.Device().id
    out["nested_after"] = cp.cuda.Device().id
    # Devices are per thread: a new thread starts on the default device.
    import threading
    cp.cuda.Device(1).use()
    seen = []
    t = threading.Thread(target=lambda: seen.append(cp.cuda.Device().id))
    t.start(); t.join()
    out["thread_default"] = seen[0]
    out["main_thread"] = cp.cuda.Device().id
    print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def multi():
    return json.loads(run_with_devices(MULTI_DEVICE_CODE).strip().splitlines()[-1])


def test_two_devices_switching(multi):
    assert multi["count"] == 2
    assert multi["x0"] == 0
    assert multi["current_after_use"] == 1
    assert multi["x1"] == 1
    assert multi["x1_str"].endswith("Device 1>")
    assert multi["in_with"] == 0
    assert multi["after_with"] == 1
    assert multi["y0"] == 0
    assert multi["x1_times_2"] == [8, 10, 12]
    assert multi["x1_times_2_device"] == 1
    assert multi["back"] == 0
    assert multi["y0_times_2"] == [2, 4, 6]


def test_device_mismatch_error_text(multi):
    assert multi["error"] == MISMATCH
    assert multi["error_mixed"] == MISMATCH
    assert multi["error_ufunc"] == MISMATCH
    assert multi["error_back"] == ("Array device must be same as the current device: "
                                   "array device = 1 while current = 0")


def test_copies_between_devices(multi):
    assert multi["z1_device"] == 1
    assert multi["z1"] == [1, 2, 3]
    assert multi["y0_after"] == [1, 2, 3]  # the copy does not alias the original
    assert multi["w1_device"] == 1
    assert multi["w1"] == [1, 2, 3]
    assert multi["get_other"] == [1, 2, 3]
    assert multi["asnumpy_other"] == [1, 2, 3]
    assert multi["repr_other"] == "array([1, 2, 3])"


def test_nested_with_and_threads(multi):
    assert multi["nested_inner"] == 0
    assert multi["nested_outer"] == 1
    assert multi["nested_after"] == 0
    assert multi["thread_default"] == 0
    assert multi["main_thread"] == 1


def test_seed_example_prints(tmp_path):
    out = run_with_devices("""
        import ndgpu as cp
        cp.cuda.Device(1).use()
        x_on_gpu0 = None
        with cp.cuda.Device(0):
            x_on_gpu0 = cp.array([1, 2, 3])
        x_on_gpu1 = cp.array([1, 2, 3])
        print(repr(x_on_gpu1 * 2))
        try:
            x_on_gpu0 * 2
        except ValueError as e:
            print(f"ValueError: {e}")
    """)
    # The last two lines: a first-time kernel compile may log above them under load.
    assert out.splitlines()[-2:] == ["array([2, 4, 6])", "ValueError: " + MISMATCH], out


@pytest.mark.skipif(cp._core.get_device_count() < 2, reason="needs NDGPU_CPU_DEVICES=2 at import")
def test_two_devices_in_process(device0):
    with cp.cuda.Device(0):
        a = cp.arange(3)
    cp.cuda.Device(1).use()
    try:
        with pytest.raises(ValueError, match="array device = 0 while current = 1"):
            a + 1
        b = cp.asarray(a)
        assert b.device.id == 1
        assert_same(b, np.arange(3))
    finally:
        cp.cuda.Device(0).use()


def test_creation_device_keyword():
    # NumPy 2's (the array API's) device=: the array is made there, the current device stays.
    out = run_with_devices("""
        import ndgpu as cp
        x = cp.arange(3.0)
        d1 = cp.cuda.Device(1)
        made = [cp.zeros(3, device=d1), cp.ones(2, device=1), cp.full(2, 7.0, device=d1),
                cp.arange(4, device=d1), cp.eye(2, device=d1), cp.linspace(0, 1, 3, device=d1),
                cp.zeros_like(x, device=d1), cp.asarray([1, 2], device=d1),
                cp.asarray(x, device=d1), cp.empty(2, device=x.device)]
        with d1:
            total = float(made[8].sum())
        print([a.device.id for a in made], cp.cuda.Device().id, total)
        try:
            cp.zeros(2, device=5)
        except ValueError:
            print("ValueError")
    """)
    assert out.splitlines()[-2:] == ["[1, 1, 1, 1, 1, 1, 1, 1, 1, 0] 0 3.0", "ValueError"], out
