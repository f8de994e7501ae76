"""sort, argsort, ndarray.sort and sort_complex vs NumPy (stable, NaN last, every dtype)."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import ALL_DTYPES, sample


def same(actual, expected):
    """Exactly NumPy's values (NaNs in the same places), shape and dtype."""
    assert isinstance(actual, cp.ndarray), type(actual)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    np.testing.assert_array_equal(actual.get(), expected)


def check(a, **kw):
    same(cp.sort(cp.asarray(a), **kw), np.sort(a, **kw))
    same(cp.argsort(cp.asarray(a), **kw), np.argsort(a, kind="stable", **kw))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_every_dtype_every_axis(dtype):
    a = sample((4, 37), dtype)  # small value ranges: many ties, so stability shows
    check(a)
    check(a, axis=0)
    check(a, axis=None)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_nan_inf_and_signed_zero(dtype):
    a = np.array([3, np.nan, -0.0, 0.0, -np.inf, 1, np.nan, np.inf, -2, 0.0, -0.0, 1],
                 dtype=dtype)
    check(a)
    check(np.stack([a, a[::-1]]), axis=1)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_lexicographic_with_nans(dtype):
    nan = np.nan
    a = np.array([1 + 2j, complex(1, nan), complex(nan, 0), 1 + 1j, complex(nan, nan),
                  complex(0, nan), -1 + 5j, complex(nan, -3), 1 + 1j, complex(-0.0, 1), 1j],
                 dtype=dtype)
    check(a)


def test_large_inputs_take_the_parallel_paths():
    rng = np.random.default_rng(1)
    big = rng.standard_normal(1 << 20).astype(np.float32)
    check(big)
    ints = rng.integers(-1000, 1000, 1 << 20)  # int64 with many ties: stability at scale
    same(cp.argsort(cp.asarray(ints)), np.argsort(ints, kind="stable"))
    rows = rng.integers(0, 1 << 16, (512, 300)).astype(np.uint16)
    check(rows)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_large_float_sort_with_specials_and_negative_nans(dtype):
    rng = np.random.default_rng(2)
    a = rng.standard_normal((1 << 16) + 5).astype(dtype)
    a[::97], a[::101], a[::103], a[::107] = np.nan, -0.0, np.inf, -np.inf
    same(cp.sort(cp.asarray(a)), np.sort(a))  # on CUDA, CUB's own order of IEEE keys
    a[::89] = np.copysign(np.nan, -1)  # NaNs with the sign bit: still last, as NumPy's
    same(cp.sort(cp.asarray(a)), np.sort(a))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_float_rows_sorted_by_top_digit_first(dtype):
    # 2^20 keys and more: the CPU sorts by the top digit, then each bucket on its own.
    rng = np.random.default_rng(5)
    n = (1 << 20) + 3
    for a in (rng.random(n), 1000 + rng.random(n) * 1e-3, np.full(n, -2.5),
              rng.integers(0, 3, n).astype(np.float64)):
        a = a.astype(dtype)
        a[::97], a[::101], a[::103] = np.nan, -np.inf, np.inf
        same(cp.sort(cp.asarray(a)), np.sort(a))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_float_rows_with_a_bucket_split_again(dtype):
    # A top-digit bucket over the CPU's cache-sized limit (4 MiB of keys) is split again by
    # its own top digit: outliers spread the top digit, most keys share one bucket.
    rng = np.random.default_rng(6)
    n = (1 << (21 if dtype == np.float32 else 20)) + 3
    # Parts left with one digit (float32) or two (float64), parts of equal keys, negatives.
    width = 1.0 if dtype == np.float32 else 1e-4
    for a in (1000 + rng.random(n) * width, 1000 + rng.integers(0, 4, n) * 2.0 ** -13,
              -1000 - rng.random(n) * width):
        a = a.astype(dtype)
        a[::1000], a[1::3000], a[2::5000] = -np.inf, np.nan, np.inf
        same(cp.sort(cp.asarray(a)), np.sort(a))


@pytest.mark.parametrize("dtype", [np.int32, np.uint32, np.int64, np.uint64])
def test_integer_rows_sorted_by_top_digit_first(dtype):
    # One row of 2^20 integers or more: the CPU sorts its encoded keys most significant
    # digit first, as float rows, splitting big buckets again (int64 around zero).
    rng = np.random.default_rng(7)
    info = np.iinfo(dtype)
    n = (1 << 20) + 5
    narrow = rng.integers(max(info.min, -1000), 1000, n)
    for a in (rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True),
              narrow.astype(dtype) if info.min < 0 else np.abs(narrow).astype(dtype),
              rng.integers(0, 1 << min(40, info.bits - 1), n).astype(dtype)):
        a[::997] = info.max
        a[1::1999] = info.min
        same(cp.sort(cp.asarray(a)), np.sort(a))


def test_non_contiguous_and_3d():
    a = sample((6, 5, 8), np.float64)
    check(a, axis=1)
    check(a[:, ::2, 1::3], axis=0)
    check(a.transpose(2, 0, 1), axis=-1)


def test_empty_size_one_and_0d():
    check(np.zeros((0, 4), np.float32))
    check(np.zeros((3, 0), np.int32), axis=0)
    check(np.array([7], np.int8))
    check(np.array(2.5), axis=None)


def test_inplace_methods_and_sort_complex():
    a = sample((5, 9), np.int32)
    d = cp.asarray(a)
    d.sort(axis=0)
    a.sort(axis=0)
    same(d, a)
    same(cp.asarray(a).argsort(), np.argsort(a, kind="stable"))
    same(d[:, 2:4].argsort(axis=0, kind="stable"), np.argsort(a[:, 2:4], axis=0, kind="stable"))
    for t in [np.int16, np.uint8, np.float32, np.int64, np.complex64]:
        x = sample((3, 4), t)
        same(cp.sort_complex(cp.asarray(x)), np.sort_complex(x))


def test_errors():
    d = cp.zeros((2, 3))
    for lib, x in ((np, np.zeros((2, 3))), (cp, d)):
        with pytest.raises(IndexError):  # numpy.exceptions.AxisError is an IndexError
            lib.sort(x, axis=2)
        with pytest.raises(ValueError):
            lib.sort(x, kind="bogus")
        with pytest.raises(ValueError):
            lib.argsort(x, kind="stable", stable=True)
    with pytest.raises(IndexError):
        cp.sort(cp.asarray(np.array(1.0)))
    assert d.shape == (2, 3) and float(d.sum()) == 0.0
