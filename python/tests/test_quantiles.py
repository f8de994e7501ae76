"""median, quantile, percentile and their nan forms vs NumPy: every method, axes, NaNs."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample

METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
           "normal_unbiased", "lower", "higher", "midpoint", "nearest"]


def check(name, a, *args, rtol=None, **kw):
    assert_same(getattr(cp, name)(cp.asarray(a), *args, **kw),
                getattr(np, name)(a, *args, **kw), rtol=rtol)


@pytest.mark.parametrize("method", METHODS)
def test_every_method(method):
    a = sample((4, 11), np.float64)
    q = np.array([0.0, 0.1, 0.25, 0.5, 0.77, 1.0])
    check("quantile", a, q, axis=1, method=method)
    check("quantile", a[:, :4], 0.3, axis=1, method=method)  # a Python float q: weak
    check("percentile", a, q * 100, axis=0, method=method)
    ints = sample((3, 10), np.int32)
    check("quantile", ints, q, axis=1, method=method)


@pytest.mark.parametrize("dtype", [np.int16, np.uint8, np.float16, np.float32, np.float64])
def test_median_dtypes_and_axes(dtype):
    a = sample((5, 6, 4), dtype)
    check("median", a)
    check("median", a, axis=1)
    check("median", a, axis=(0, 2), keepdims=True)
    check("median", a[:, 1:, :], axis=-1)
    check("quantile", a, 0.4, axis=2)
    check("percentile", a, [10, 90], axis=(1, 2), keepdims=True)


def test_nans_and_nan_forms():
    a = sample((6, 9), np.float64)
    a[1, 3] = a[4, 0] = a[4, 5] = np.nan
    a[5, :] = np.nan
    with np.errstate(all="ignore"):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            check("median", a, axis=1)
            check("quantile", a, [0.2, 0.8], axis=1)
            check("nanmedian", a, axis=1)
            check("nanmedian", a)
            check("nanquantile", a, [0.2, 0.8], axis=1, method="weibull")
            check("nanpercentile", a, 35.0, axis=0)


def test_large_median_along_rows():
    a = np.random.default_rng(5).standard_normal((64, 1 << 14)).astype(np.float32)
    check("median", a, axis=1)
    b = np.random.default_rng(6).standard_normal(1 << 20)
    check("median", b)
    check("quantile", b, [0.01, 0.5, 0.99])


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.uint32])
def test_median_of_rows_by_selection(dtype):
    # float32, int32 and uint32 rows up to 32768 long take the select kernel (median_rows.cpp):
    # odd and even lengths, ties, the full value range, NaN rows for both forms, and a row
    # one past the limit (sorted instead).
    rng = np.random.default_rng(7)
    info = np.finfo(dtype) if dtype == np.float32 else np.iinfo(dtype)
    for shape in ((9, 33), (4, 64), (2, 32768), (1, 32769)):
        a = rng.integers(-5, 6, shape).astype(dtype) if shape[1] == 64 else (
            rng.uniform(float(info.min) / 2, float(info.max) / 2, shape).astype(dtype))
        check("median", a, axis=1)
        check("median", a.T, axis=0, keepdims=True)
    if dtype == np.float32:
        a = rng.standard_normal((6, 50)).astype(dtype)
        a[0, 7] = a[1, ::3] = np.nan
        a[2, :] = np.nan
        a[3, :25] = np.inf
        a[4, :] = info.max  # numpy's float32 mean of the middle pair overflows
        a[5, :24] = -np.inf
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            check("median", a, axis=1)
            check("nanmedian", a, axis=1)
            # Not row 4: numpy's nanmedian of short rows sums an odd count's middle twice.
            check("nanmedian", a[[0, 1, 2, 3, 5], :49], axis=-1)


def test_errors_and_out():
    d = cp.asarray(np.arange(10.0))
    for lib, x in ((np, np.arange(10.0)), (cp, d)):
        with pytest.raises(ValueError):
            lib.quantile(x, 1.5)
        with pytest.raises(ValueError):
            lib.percentile(x, -1)
        with pytest.raises(ValueError):
            lib.quantile(x, 0.5, method="bogus")
        with pytest.raises(IndexError):  # AxisError
            lib.median(x, axis=1)
    with pytest.raises(TypeError):
        cp.quantile(cp.asarray(np.ones(3, np.complex64)), 0.5)
    out = cp.zeros((2,))
    r = cp.quantile(cp.asarray(np.arange(12.0).reshape(2, 6)), 0.5, axis=1, out=out)
    assert r is out
    np.testing.assert_array_equal(out.get(), [2.5, 8.5])
