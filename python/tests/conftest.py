"""Shared helpers for the ndgpu Python suite: every test compares ndgpu with NumPy."""
import numpy as np
import pytest

import ndgpu as cp

ALL_DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
              np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128]
ALL_DTYPE_NAMES = [np.dtype(t).name for t in ALL_DTYPES]


def sample(shape, dtype, seed=0):
    """Small deterministic NumPy values valid for every dtype (non-negative for unsigned)."""
    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    n = int(np.prod(shape))
    if dt.kind == "b":
        return (rng.integers(0, 2, n) == 1).reshape(shape)
    if dt.kind == "u":
        return rng.integers(0, 50, n).astype(dt).reshape(shape)
    if dt.kind == "i":
        return rng.integers(-50, 50, n).astype(dt).reshape(shape)
    if dt.kind == "f":
        return (rng.standard_normal(n) * 10).astype(dt).reshape(shape)
    re = rng.standard_normal(n) * 10
    im = rng.standard_normal(n) * 10
    return (re + 1j * im).astype(dt).reshape(shape)


def assert_same(actual, expected, rtol=None, atol=0):
    """`actual` (an ndgpu array) has the shape, dtype and values of `expected` (NumPy)."""
    assert isinstance(actual, cp.ndarray), type(actual)
    expected = np.asarray(expected)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    host = actual.get()
    assert isinstance(host, np.ndarray)
    if rtol is None and expected.dtype.kind in "fc":
        rtol = {2: 1e-3, 4: 1e-6, 8: 1e-6, 16: 1e-13}[expected.dtype.itemsize] \
            if expected.dtype.kind == "c" else {2: 1e-3, 4: 1e-6, 8: 1e-13}[expected.dtype.itemsize]
    if rtol is None:
        np.testing.assert_array_equal(host, expected)
    else:
        np.testing.assert_allclose(host, expected, rtol=rtol, atol=atol, equal_nan=True)


@pytest.fixture
def device0():
    """Runs the test on device 0 and leaves device 0 current afterwards."""
    cp.cuda.Device(0).use()
    yield
    cp.cuda.Device(0).use()
