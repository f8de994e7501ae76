"""Copies, views and casts: flags, view(dtype), may_share_memory/shares_memory, against NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


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
