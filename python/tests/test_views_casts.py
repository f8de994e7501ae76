"""Copies, views and casts: flags, view(dtype), may_share_memory/shares_memory, and astype's
edge values (NaN, inf and out-of-range floats to integers, complex to real), against NumPy."""
import warnings

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint64]
EDGES = [np.nan, np.inf, -np.inf, -1.0, 1e20, 300.5, -300.5, 3e9, -3e9, 2.0 ** 63, 1.9e19, -0.7]


# float64 to every integer type; float32 and float16 through the same conversions.
EDGE_CASTS = [(np.float64, t) for t in INTS + [np.bool_]] + [
    (np.float32, np.int32), (np.float32, np.uint8), (np.float32, np.uint64),
    (np.float16, np.int16), (np.float16, np.int64)]


@pytest.mark.parametrize("src,to", EDGE_CASTS)
def test_float_to_int_edges_as_numpy(src, to):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        n = np.array(EDGES).astype(src)
        assert_same(cp.array(n).astype(to), n.astype(to))


def test_uint32_in_range():
    n = np.array([0.0, 3e9, 4294967295.0, 12.9])
    assert_same(cp.array(n).astype(np.uint32), n.astype(np.uint32))


def test_complex_to_real_warns():
    n = np.array([1 + 2j, -3.5 - 1j, np.nan + 1j], np.complex128)
    for t in (np.float32, np.int16, np.bool_):
        with pytest.warns(np.exceptions.ComplexWarning):
            got = cp.array(n).astype(t)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert_same(got, n.astype(t))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cp.array(n).astype(np.complex64)  # no warning: nothing is dropped


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
def test_astype_casting_rule(casting):
    a = cp.zeros(3, np.float64)
    for t in (np.float64, np.float32, np.int64, np.complex128):
        if np.can_cast(np.float64, t, casting):
            assert_same(a.astype(t, casting=casting), np.zeros(3, np.float64).astype(t))
        else:
            with pytest.raises(TypeError):
                a.astype(t, casting=casting)


def test_flags():
    a = cp.zeros((3, 4), np.float32)
    n = np.zeros((3, 4), np.float32)
    for x, y in ((a, n), (a.T, n.T), (a[:, ::2], n[:, ::2]), (a[1], n[1])):
        for name in ("c_contiguous", "f_contiguous", "owndata", "writeable"):
            assert getattr(x.flags, name) == getattr(y.flags, name), name
        for key in ("C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "C", "F", "W"):
            assert x.flags[key] == y.flags[key], key
    with pytest.raises(KeyError):
        a.flags["BOGUS"]


@pytest.mark.parametrize("to", [np.uint8, np.int16, np.float32, np.complex64, np.int64,
                                np.complex128])
def test_view_dtype(to):
    n = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    a = cp.array(n)
    v = a.view(to)
    assert_same(v, n.view(to))
    assert v.base is not None
    assert_same(a[:, 1:].view(to), n[:, 1:].view(to))  # last axis contiguous, others not
    v[...] = 0  # writes reach the original bytes
    assert_same(a, np.zeros_like(n))


def test_view_dtype_errors():
    n = np.arange(12, dtype=np.int16).reshape(3, 4)
    a = cp.array(n)
    assert_same(a.T.view(np.uint16), n.T.view(np.uint16))  # same size: any layout
    with pytest.raises(ValueError):
        a.T.view(np.int32)
    with pytest.raises(ValueError):
        a[:, :3].view(np.int64)
    with pytest.raises(ValueError):
        cp.array(np.int32(5)).view(np.int16)
    assert a.view() is not a and a.view(cp.ndarray).shape == (3, 4)


def test_shares_memory():
    a = cp.zeros(20, np.float32)
    n = np.zeros(20, np.float32)
    pairs = [(a[::2], a[1::2], n[::2], n[1::2]), (a[:10], a[5:], n[:10], n[5:]),
             (a[:5], a[5:], n[:5], n[5:]), (a, cp.zeros(3), n, np.zeros(3)),
             (a.reshape(4, 5)[:, :2], a.reshape(4, 5)[:, 3:], n.reshape(4, 5)[:, :2],
              n.reshape(4, 5)[:, 3:]), (a[::-1], a[3:4], n[::-1], n[3:4])]
    for x, y, nx, ny in pairs:
        assert cp.shares_memory(x, y) == np.shares_memory(nx, ny)
        assert cp.may_share_memory(x, y) == np.may_share_memory(nx, ny)
