"""quantile and percentile with weights= (method 'inverted_cdf') vs NumPy."""
import warnings

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64])
def test_weighted_quantile_axes_and_shapes(dtype):
    a = sample((6, 9), dtype)
    w = np.random.default_rng(4).integers(0, 4, (6, 9)).astype(np.float64)
    w[0, :3] = w[:2, 0] = 0  # zero weights (leading ones too) must never be picked
    q = np.array([0.0, 0.1, 0.5, 0.77, 1.0])
    m = "inverted_cdf"
    for kw in ({}, {"axis": 0}, {"axis": 1, "keepdims": True}, {"axis": (0, 1)}):
        assert_same(cp.quantile(cp.asarray(a), cp.asarray(q), weights=cp.asarray(w), method=m,
                                **kw),
                    np.quantile(a, q, weights=w, method=m, **kw))
    assert_same(cp.quantile(cp.asarray(a), 0.3, axis=1, weights=cp.asarray(w[0]), method=m),
                np.quantile(a, 0.3, axis=1, weights=w[0], method=m))
    assert_same(cp.percentile(cp.asarray(a), 40, axis=0, weights=cp.asarray(w), method=m),
                np.percentile(a, 40, axis=0, weights=w, method=m))


def test_weighted_quantile_nan_and_errors():
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]])
    w = np.ones_like(a)
    m = "inverted_cdf"
    assert_same(cp.quantile(cp.asarray(a), 0.5, axis=1, weights=cp.asarray(w), method=m),
                np.quantile(a, 0.5, axis=1, weights=w, method=m))
    for lib in (np, cp):
        x, wx = lib.asarray(a), lib.asarray(w)
        with pytest.raises(ValueError):
            lib.quantile(x, 0.5, weights=wx)  # linear does not take weights
        with pytest.raises(ValueError):
            lib.quantile(x, 0.5, weights=-wx, method=m)
        with pytest.raises(TypeError):
            lib.quantile(x, 0.5, weights=lib.asarray(w[0]), method=m)
        with pytest.raises(ValueError):
            lib.quantile(x, 0.5, axis=1, weights=lib.asarray(np.ones(2)), method=m)
        with pytest.raises(ValueError):
            lib.quantile(x, 0.5, axis=1, weights=lib.asarray(0 * w), method=m)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int64])
def test_weighted_nanquantile_and_nanpercentile(dtype):
    rng = np.random.default_rng(11)
    a = (rng.standard_normal((7, 10)) * 10).astype(np.float64)
    w = rng.integers(1, 4, a.shape).astype(np.float64)
    w[0, :3] = 0  # leading zero weights
    if np.dtype(dtype).kind == "f":
        a[rng.random(a.shape) < 0.3] = np.nan
        a[2] = np.nan  # a row of NaN alone gives NaN
        w[np.isnan(a) & (rng.random(a.shape) < 0.5)] = np.nan  # dropped with their values
    a = a.astype(dtype)
    q = np.array([0.0, 0.2, 0.5, 0.9, 1.0])
    m = "inverted_cdf"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's all-NaN slice
        for kw in ({"axis": 1}, {"axis": 1, "keepdims": True}, {}):
            assert_same(cp.nanquantile(cp.asarray(a), cp.asarray(q), weights=cp.asarray(w),
                                       method=m, **kw),
                        np.nanquantile(a, q, weights=w, method=m, **kw))
        assert_same(cp.nanpercentile(cp.asarray(a), 35, axis=0, weights=cp.asarray(w), method=m),
                    np.nanpercentile(a, 35, axis=0, weights=w, method=m))
    for lib in (np, cp):
        with pytest.raises(ValueError):
            lib.nanquantile(lib.asarray(a), 0.5, weights=lib.asarray(w), method="linear")
        with pytest.raises(ValueError):  # a row with values but no weight left
            lib.nanquantile(lib.asarray(a[:1]), 0.5, axis=1, weights=lib.asarray(np.zeros(10)),
                            method=m)
