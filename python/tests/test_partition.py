"""partition, argpartition and lexsort vs NumPy (a partition is checked by its property)."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import sample


def check_partition(a, kth, axis=-1):
    got = cp.partition(cp.asarray(a), kth, axis=axis).get()
    idx = cp.argpartition(cp.asarray(a), kth, axis=axis).get()
    want = np.sort(a, axis=axis)
    ks = np.atleast_1d(kth)
    np.testing.assert_array_equal(np.take(got, ks, axis=axis), np.take(want, ks, axis=axis))
    np.testing.assert_array_equal(np.sort(got, axis=axis), want)
    np.testing.assert_array_equal(np.take_along_axis(a, idx, axis=axis), got)
    assert got.dtype == a.dtype and idx.dtype == np.int64


def test_partition_and_argpartition():
    a = sample((6, 25), np.float32)
    a[2, 3] = np.nan
    check_partition(a, 7)
    check_partition(a, [0, 4, -1])
    check_partition(a, 2, axis=0)
    x = sample((40,), np.int16)
    d = cp.asarray(x)
    d.partition(10)
    assert d.get()[10] == np.sort(x)[10]
    for lib in (np, cp):
        with pytest.raises(ValueError):
            lib.partition(lib.asarray(x), 40)


def test_lexsort():
    rng = np.random.default_rng(11)
    k1 = rng.integers(0, 3, 50)
    k2 = rng.integers(0, 4, 50)
    k3 = rng.standard_normal(50).round(1)
    keys = (k3, k2, k1)
    np.testing.assert_array_equal(cp.lexsort([cp.asarray(k) for k in keys]).get(),
                                  np.lexsort(keys))
    two = rng.integers(0, 3, (2, 4, 30))
    np.testing.assert_array_equal(cp.lexsort(cp.asarray(two)).get(), np.lexsort(two))
    np.testing.assert_array_equal(cp.lexsort(cp.asarray(two), axis=0).get(),
                                  np.lexsort(two, axis=0))
