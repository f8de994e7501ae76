"""cov, corrcoef, correlate, histogramdd, histogram2d and histogram's bin rules vs NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64, np.complex128])
def test_cov_rowvar_bias_ddof(dtype):
    m = sample((3, 20), dtype)
    y = sample((2, 20), dtype, seed=4)
    for kw in ({}, {"rowvar": False}, {"bias": True}, {"ddof": 3}, {"y": y},
               {"y": y.T, "rowvar": False}):
        args = dict(kw)
        if "y" in args:
            args["y"] = cp.asarray(args["y"])
        mm = m.T if kw.get("rowvar") is False else m
        assert_same(cp.cov(cp.asarray(mm), **args), np.cov(mm, **kw), rtol=1e-5)
    assert_same(cp.cov(cp.asarray(m[0])), np.cov(m[0]), rtol=1e-5)  # one variable: 0-d
    if np.dtype(dtype).kind != "c":
        assert_same(cp.cov(cp.asarray(m), dtype=np.float32), np.cov(m, dtype=np.float32),
                    rtol=1e-4)


def test_cov_weights_and_errors():
    m = sample((3, 12), np.float64)
    f = np.random.default_rng(1).integers(0, 4, 12)
    a = np.random.default_rng(2).random(12)
    for kw in ({"fweights": f}, {"aweights": a}, {"fweights": f, "aweights": a},
               {"fweights": f, "aweights": a, "ddof": 0}, {"fweights": f, "ddof": 2}):
        got = cp.cov(cp.asarray(m), **{k: cp.asarray(v) if k != "ddof" else v
                                        for k, v in kw.items()})
        assert_same(got, np.cov(m, **kw), rtol=1e-12)
    assert_same(cp.cov(cp.asarray(np.zeros((0, 3)))), np.cov(np.zeros((0, 3))))
    for lib in (np, cp):
        x = lib.asarray(m)
        with pytest.raises(ValueError):
            lib.cov(lib.asarray(np.zeros((2, 2, 2))))
        with pytest.raises(ValueError):
            lib.cov(x, ddof=1.5)
        with pytest.raises(TypeError):
            lib.cov(x, fweights=lib.asarray(f + 0.5))
        with pytest.raises(RuntimeError):
            lib.cov(x, aweights=lib.asarray(a[:5]))
        with pytest.raises(ValueError):
            lib.cov(x, aweights=lib.asarray(-a))


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_corrcoef(dtype):
    x = sample((4, 30), dtype)
    assert_same(cp.corrcoef(cp.asarray(x)), np.corrcoef(x), rtol=1e-5)
    assert_same(cp.corrcoef(cp.asarray(x[:2].T), rowvar=False), np.corrcoef(x[:2].T, rowvar=False),
                rtol=1e-5)
    assert_same(cp.corrcoef(cp.asarray(x[0]), cp.asarray(x[1])), np.corrcoef(x[0], x[1]),
                rtol=1e-5)
    assert_same(cp.corrcoef(cp.asarray(x[0])), np.corrcoef(x[0]))  # scalar: c / c


def test_correlate_modes_and_lengths():
    rng = np.random.default_rng(3)
    for n, m in ((7, 3), (4, 4), (2, 5), (4, 6), (1, 1)):
        a = rng.standard_normal(n) + 1j * rng.standard_normal(n)
        v = rng.standard_normal(m) + 1j * rng.standard_normal(m)
        for mode in ("valid", "same", "full"):
            assert_same(cp.correlate(cp.asarray(a), cp.asarray(v), mode),
                        np.correlate(a, v, mode), rtol=1e-12)
    ai, vi = np.arange(10, dtype=np.int32), np.array([1, -2, 3], np.int64)
    assert_same(cp.correlate(cp.asarray(ai), cp.asarray(vi)), np.correlate(ai, vi))
    for lib in (np, cp):
        with pytest.raises(ValueError):
            lib.correlate(lib.asarray(ai), lib.asarray(vi), mode="wide")
        with pytest.raises(ValueError):
            lib.correlate(lib.asarray(ai), lib.asarray(np.array([], np.int64)))


@pytest.mark.parametrize("rule", ["auto", "fd", "doane", "scott", "stone", "rice", "sturges",
                                  "sqrt"])
def test_histogram_bin_rules(rule):
    a = sample((400,), np.float64)
    ai = sample((300,), np.int64)
    for data, kw in ((a, {}), (a, {"range": (-5, 12)}), (ai, {})):
        h, e = cp.histogram(cp.asarray(data), bins=rule, **kw)
        nh, ne = np.histogram(data, bins=rule, **kw)
        assert_same(h, nh)
        assert_same(e, ne)
        assert_same(cp.histogram_bin_edges(cp.asarray(data), bins=rule, **kw),
                    np.histogram_bin_edges(data, bins=rule, **kw))


def test_histogram_bin_rule_errors_and_constant_data():
    a = np.full(10, 3.0)
    assert_same(cp.histogram(cp.asarray(a), bins="fd")[0], np.histogram(a, bins="fd")[0])
    for lib in (np, cp):
        with pytest.raises(ValueError):
            lib.histogram(lib.asarray(a), bins="nope")
        with pytest.raises(TypeError):
            lib.histogram(lib.asarray(a), bins="auto", weights=lib.asarray(a))


def test_histogramdd_bins_range_density_weights():
    s = sample((200, 3), np.float64)
    w = np.random.default_rng(5).random(200)
    edges = np.array([-20.0, -3, 0, 4, 25])
    for kw in ({}, {"bins": 4}, {"bins": (2, 3, 4)}, {"bins": [edges, 3, edges]},
               {"bins": 3, "range": [(-10, 10), None, (0, 5)]}, {"bins": 3, "density": True}):
        h, e = cp.histogramdd(cp.asarray(s), **kw)
        nh, ne = np.histogramdd(s, **kw)
        assert_same(h, nh, rtol=1e-12)
        assert len(e) == len(ne)
        for got, want in zip(e, ne):
            assert_same(got, want)
    h, _ = cp.histogramdd(cp.asarray(s), bins=3, weights=cp.asarray(w))
    assert_same(h, np.histogramdd(s, bins=3, weights=w)[0], rtol=1e-12)
    col = np.array([0.0, 1, 1, 2, 5])  # a 1-D sample is one dimension; the last edge counts
    assert_same(cp.histogramdd(cp.asarray(col), bins=2)[0], np.histogramdd(col, bins=2)[0])
    for lib in (np, cp):
        with pytest.raises(ValueError):
            lib.histogramdd(lib.asarray(s), bins=(2, 3))
        with pytest.raises(ValueError):
            lib.histogramdd(lib.asarray(s), bins=0)
        with pytest.raises(ValueError):
            lib.histogramdd(lib.asarray(s), bins=[edges[::-1], 2, 2])


def test_histogram2d():
    x = sample((150,), np.float64)
    y = sample((150,), np.int32, seed=6).astype(np.float64)
    edges = np.array([-40.0, -10, 0, 10, 40])
    for kw in ({}, {"bins": 5}, {"bins": [3, 6]}, {"bins": edges}, {"bins": [edges, 4]},
               {"bins": 4, "range": [(-5, 5), (-30, 30)], "density": True}):
        got = cp.histogram2d(cp.asarray(x), cp.asarray(y), **kw)
        want = np.histogram2d(x, y, **kw)
        for g, w in zip(got, want):
            assert_same(g, w, rtol=1e-12)
    with pytest.raises(ValueError):
        cp.histogram2d(cp.asarray(x), cp.asarray(y[:10]))
