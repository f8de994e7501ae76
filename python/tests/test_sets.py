"""searchsorted, unique and its array-API forms, isin and the set routines vs NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import sample


def same(actual, expected):
    """Exactly NumPy's values (NaNs in the same places), shape and dtype."""
    assert isinstance(actual, cp.ndarray), type(actual)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    np.testing.assert_array_equal(actual.get(), expected)


def same_all(actual, expected):
    assert len(actual) == len(expected)
    for x, y in zip(actual, expected):
        same(x, y)


@pytest.mark.parametrize("dtype", [np.int8, np.uint32, np.int64, np.float16, np.float64])
def test_searchsorted_sides_and_sorter(dtype):
    a = np.sort(sample((40,), dtype))
    v = sample((3, 7), dtype, seed=1)
    for side in ("left", "right"):
        same(cp.searchsorted(cp.asarray(a), cp.asarray(v), side=side),
             np.searchsorted(a, v, side=side))
    perm = np.random.default_rng(2).permutation(40)
    shuffled = a[perm]
    sorter = np.argsort(shuffled, kind="stable")
    same(cp.searchsorted(cp.asarray(shuffled), cp.asarray(v), sorter=cp.asarray(sorter)),
         np.searchsorted(shuffled, v, sorter=sorter))
    same(cp.asarray(a).searchsorted(cp.asarray(v), "right"), a.searchsorted(v, "right"))


@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.complex64])
def test_searchsorted_of_a_scalar_is_0d(dtype):
    a = np.arange(5).astype(dtype)
    for v in (2, np.array(2).astype(dtype)):
        got = cp.searchsorted(cp.asarray(a), cp.asarray(v) if isinstance(v, np.ndarray) else v)
        same(got, np.asarray(np.searchsorted(a, v)))


def test_searchsorted_nans_mixed_types_and_errors():
    a = np.array([-np.inf, -1.0, -0.0, 0.0, 2.0, np.inf, np.nan, np.nan])
    v = np.array([np.nan, 0.0, -0.0, np.inf, -5.0, 3])
    for side in ("left", "right"):
        same(cp.searchsorted(cp.asarray(a), cp.asarray(v), side), np.searchsorted(a, v, side))
    ints = np.array([1, 3, 5, 7], np.int32)
    same(cp.searchsorted(cp.asarray(ints), cp.asarray(np.array([2.5, 7.0]))),
         np.searchsorted(ints, np.array([2.5, 7.0])))
    same(cp.searchsorted(cp.asarray(ints[:0]), cp.asarray(v)), np.searchsorted(ints[:0], v))
    with pytest.raises(ValueError):
        cp.searchsorted(cp.asarray(ints), cp.asarray(v), side="middle")
    with pytest.raises(ValueError):
        cp.searchsorted(cp.zeros((2, 2)), cp.asarray(v))


def test_searchsorted_large():
    rng = np.random.default_rng(3)
    a = np.sort(rng.standard_normal(1 << 20).astype(np.float32))
    v = rng.standard_normal(1 << 16).astype(np.float32)
    same(cp.searchsorted(cp.asarray(a), cp.asarray(v)), np.searchsorted(a, v))


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_searchsorted_float_runs_and_strided_needles(dtype):
    # Real floats search the values themselves: runs of equal values, NaN and signed-zero
    # needles, and a strided 2-D needle view, both sides.
    rng = np.random.default_rng(4)
    a = np.sort(np.concatenate([rng.integers(-3, 4, 300).astype(dtype),
                                np.array([np.nan] * 3 + [-0.0, 0.0, np.inf], dtype)]))
    v = np.concatenate([rng.integers(-4, 5, 40).astype(dtype),
                        np.array([np.nan, -0.0, 0.0, -np.inf, np.inf, 0.5, -2.5, 9], dtype)])
    v2 = v.reshape(6, 8)[:, ::2]
    for side in ("left", "right"):
        same(cp.searchsorted(cp.asarray(a), cp.asarray(v), side), np.searchsorted(a, v, side))
        same(cp.searchsorted(cp.asarray(a), cp.asarray(v.reshape(6, 8))[:, ::2], side),
             np.searchsorted(a, v2, side))


@pytest.mark.parametrize("dtype", [np.bool_, np.int16, np.uint64, np.float32, np.complex128])
def test_unique_with_everything(dtype):
    a = sample((6, 9), dtype)
    got = cp.unique(cp.asarray(a), return_index=True, return_inverse=True, return_counts=True)
    same_all(got, np.unique(a, return_index=True, return_inverse=True, return_counts=True))
    same(cp.unique(cp.asarray(a)), np.unique(a))
    same_all(cp.unique(cp.asarray(a), return_counts=True), np.unique(a, return_counts=True))


def test_unique_nans_large_and_empty():
    a = np.array([2.0, np.nan, -0.0, 0.0, np.nan, 2.0, -1.0])
    for equal_nan in (True, False):
        same_all(cp.unique(cp.asarray(a), return_counts=True, equal_nan=equal_nan),
                 np.unique(a, return_counts=True, equal_nan=equal_nan))
    big = np.random.default_rng(4).integers(0, 1 << 12, 1 << 20).astype(np.int32)
    same_all(cp.unique(cp.asarray(big), return_inverse=True, return_counts=True),
             np.unique(big, return_inverse=True, return_counts=True))
    e = np.zeros((0, 3), np.float32)
    same_all(cp.unique(cp.asarray(e), return_index=True, return_inverse=True,
                       return_counts=True),
             np.unique(e, return_index=True, return_inverse=True, return_counts=True))
    same(cp.unique(cp.asarray(a[::2])), np.unique(a[::2]))


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int32, np.int64])
def test_unique_of_integers_over_a_small_range(dtype):
    # Ranges no wider than the count take unique's dense path (flags or counts per value,
    # no sort): every output form, negative values, a 2-D strided view, and the range's edge.
    rng = np.random.default_rng(5)
    lo = -100 if np.issubdtype(dtype, np.signedinteger) else 7
    a = rng.integers(lo, lo + 120, (40, 60)).astype(dtype)[:, ::2]
    for kw in ({}, {"return_counts": True}, {"return_inverse": True},
               {"return_inverse": True, "return_counts": True}):
        got, want = cp.unique(cp.asarray(a), **kw), np.unique(a, **kw)
        same_all(got, want) if kw else same(got, want)
    b = rng.permutation(1200).astype(np.int64) + lo  # range 1200 = the count: dense
    c = b.copy()
    c[0] = lo + 1200  # range 1201: sorted
    for x in (b, c):
        same_all(cp.unique(cp.asarray(x), return_inverse=True, return_counts=True),
                 np.unique(x, return_inverse=True, return_counts=True))


def test_array_api_unique_forms():
    a = np.array([[3, 1, 3], [2, 1, 1]], np.int64)
    d = cp.asarray(a)
    same(cp.unique_values(d), np.sort(np.unique_values(a)))
    for name in ("unique_counts", "unique_inverse", "unique_all"):
        got, want = getattr(cp, name)(d), getattr(np, name)(a)
        assert got._fields == want._fields
        same_all(got, want)


@pytest.mark.parametrize("dtype", [np.int32, np.float64])
def test_isin_and_set_routines(dtype):
    a = sample((5, 8), dtype)
    b = sample((13,), dtype, seed=5)
    da, db = cp.asarray(a), cp.asarray(b)
    same(cp.isin(da, db), np.isin(a, b))
    same(cp.isin(da, db, invert=True), np.isin(a, b, invert=True))
    same(cp.isin(da, db[:0]), np.isin(a, b[:0]))
    same(cp.intersect1d(da, db), np.intersect1d(a, b))
    same_all(cp.intersect1d(da, db, return_indices=True), np.intersect1d(a, b, return_indices=True))
    same(cp.union1d(da, db), np.union1d(a, b))
    same(cp.setdiff1d(da, db), np.setdiff1d(a, b))
    same(cp.setxor1d(da, db), np.setxor1d(a, b))
    ua, ub = np.unique(a), np.unique(b)
    same(cp.setxor1d(cp.asarray(ua), cp.asarray(ub), assume_unique=True),
         np.setxor1d(ua, ub, assume_unique=True))
    same(cp.setdiff1d(cp.asarray(ua), cp.asarray(ub), assume_unique=True),
         np.setdiff1d(ua, ub, assume_unique=True))


def test_isin_nan_is_in_nothing():
    a = np.array([np.nan, 1.0, -0.0])
    b = np.array([np.nan, 0.0])
    same(cp.isin(cp.asarray(a), cp.asarray(b)), np.isin(a, b))
