"""ndgpu.random's array parameters: shapes, dtypes and errors as NumPy's broadcasting rules,
each element sampled with its own parameters, and an array filled with one value giving the
numbers of that value."""
import math

import numpy as np
import pytest

import ndgpu as cp

# Each distribution with parameters from its domain (every one broadcast in the tests).
DISTRIBUTIONS = [
    ("uniform", (0.5, 2.0)),
    ("normal", (1.0, 2.0)),
    ("lognormal", (0.1, 0.5)),
    ("exponential", (2.0,)),
    ("laplace", (1.0, 2.0)),
    ("logistic", (1.0, 2.0)),
    ("gumbel", (1.0, 2.0)),
    ("rayleigh", (2.0,)),
    ("weibull", (1.5,)),
    ("pareto", (3.0,)),
    ("power", (2.0,)),
    ("standard_gamma", (0.7,)),
    ("gamma", (2.0, 3.0)),
    ("beta", (2.0, 3.0)),
    ("chisquare", (3.0,)),
    ("poisson", (4.0,)),
    ("binomial", (20, 0.3)),
    ("geometric", (0.3,)),
    ("negative_binomial", (3.0, 0.4)),
    ("standard_t", (5.0,)),
    ("f", (4.0, 6.0)),
    ("wald", (1.0, 2.0)),
    ("triangular", (0.0, 1.0, 3.0)),
    ("vonmises", (0.5, 2.0)),
    ("noncentral_chisquare", (3.0, 1.0)),
    ("noncentral_f", (4.0, 6.0, 1.0)),
    ("zipf", (2.5,)),
    ("logseries", (0.6,)),
    ("hypergeometric", (10, 5, 7)),
    ("integers", (2, 9)),
]


@pytest.mark.parametrize("name,args", DISTRIBUTIONS, ids=[d[0] for d in DISTRIBUTIONS])
def test_filled_array_gives_the_numbers_of_its_value(name, args):
    # The first parameter an ndgpu array, the others NumPy arrays and lists of shape (3,).
    kinds = [cp.asarray, np.asarray, list]
    arrays = [kinds[k % 3]([v] * 3) for k, v in enumerate(args)]
    got = getattr(cp.random.default_rng(21), name)(*arrays, size=(4, 3))
    want = getattr(cp.random.default_rng(21), name)(*args, size=(4, 3))
    ref = getattr(np.random.default_rng(0), name)(*[[v] * 3 for v in args], size=(4, 3))
    assert got.shape == ref.shape and got.dtype == ref.dtype
    np.testing.assert_array_equal(cp.asnumpy(got), cp.asnumpy(want))


@pytest.mark.parametrize(
    "params,size",
    [(([0.0, 1.0, 2.0], 1.0), None), (([[0.0], [1.0]], [1.0, 2.0, 3.0]), None),
     (([0.0, 1.0, 2.0], 1.0), (2, 3)), (([[0.0], [1.0]], 1.0), (2, 3)), ((0.0, 1.0), (2,)),
     ((np.float64(1.0), np.ones((2, 1))), (4, 2, 3))])
def test_output_shape_is_numpys(params, size):
    got = cp.random.default_rng(0).normal(*params, size=size)
    ref = np.random.default_rng(0).normal(*params, size=size)
    assert got.shape == np.shape(ref)


@pytest.mark.parametrize(
    "call",
    [lambda r: r.normal([0.0, 1.0, 2.0], [1.0, 2.0]),  # parameters do not broadcast
     lambda r: r.normal([0.0, 1.0, 2.0], 1.0, size=(2,)),  # nor to size
     lambda r: r.normal([0.0, 1.0, 2.0], 1.0, size=(3, 2)),
     lambda r: r.normal(0.0, [1.0, -1.0]),  # a bad value in one element
     lambda r: r.exponential([[1.0], [-2.0]]),
     lambda r: r.binomial([5, -1], 0.5),
     lambda r: r.binomial(5, [0.5, 1.5]),
     lambda r: r.poisson([1.0, -1.0]),
     lambda r: r.integers([0, 5], [3, 4]),
     lambda r: r.integers(0, [3, 300], dtype=np.int8),
     lambda r: r.triangular([0.0, 0.0], [1.0, 2.0], [2.0, 1.0]),
     lambda r: r.hypergeometric([3, 1], 1, [2, 3]),
     lambda r: r.beta([1.0, 0.0], 1.0)])
def test_bad_arrays_raise_value_error_as_numpy(call):
    with pytest.raises(ValueError):
        call(np.random.default_rng(0))
    with pytest.raises(ValueError):
        call(cp.random.default_rng(0))


def columns(x):
    x = cp.asnumpy(x).astype(np.float64)
    return x.mean(axis=0), x.var(axis=0)


def close(got, want, se, sigmas=6):
    assert np.all(np.abs(np.asarray(got) - want) < sigmas * np.asarray(se)), (got, want)


N = 200_000


def test_each_column_has_its_own_normal():
    loc, scale = np.array([0.0, 10.0, -5.0]), np.array([1.0, 2.0, 0.5])
    for r in (cp.random.default_rng(1), cp.random.RandomState(1)):
        m, v = columns(r.normal(cp.asarray(loc), scale, size=(N, 3)))
        close(m, loc, scale / math.sqrt(N))
        close(v, scale**2, scale**2 * math.sqrt(2 / N))
    m, v = columns(cp.random.normal(loc=loc[:, None], scale=1.0, size=(3, N)).T)
    close(m, loc, 1 / math.sqrt(N))


def test_each_column_has_its_own_discrete_law():
    g = cp.random.default_rng(2)
    low, high = np.array([0, 10, -3]), np.array([5, 100, 2**40])
    x = cp.asnumpy(g.integers(low, high, size=(N, 3)))
    assert np.all(x >= low) and np.all(x < high)
    close(x.mean(axis=0), (low + high - 1) / 2, (high - low) / math.sqrt(12 * N))
    x = cp.asnumpy(g.integers(low, high, size=(N, 3), endpoint=True))
    assert np.all(x <= high) and (x == high).any(axis=0)[:2].all()
    n, p = np.array([10, 1000]), np.array([0.5, 0.1])
    m, v = columns(g.binomial(n, p, size=(N, 2)))
    close(m, n * p, np.sqrt(n * p * (1 - p) / N))
    lam = np.array([[1.0], [50.0]])
    m, v = columns(g.poisson(lam, size=(2, N)).T)
    close(m, lam[:, 0], np.sqrt(lam[:, 0] / N))
    close(v, lam[:, 0], lam[:, 0] * np.sqrt((2 + 1 / lam[:, 0]) / N))


def test_each_column_has_its_own_gamma_and_uniform():
    g = cp.random.default_rng(3)
    k, theta = np.array([0.5, 5.0]), np.array([2.0, 0.5])
    m, v = columns(g.gamma(k, theta, size=(N, 2)))
    close(m, k * theta, np.sqrt(k * theta**2 / N))
    x = g.standard_gamma(cp.asarray(k), size=(N, 2), dtype=np.float32)
    assert x.dtype == np.float32
    close(columns(x)[0], k, np.sqrt(k / N))
    low, high = np.array([0.0, -1.0]), np.array([1.0, 5.0])
    m, v = columns(g.uniform(low, high, size=(N, 2)))
    close(m, (low + high) / 2, (high - low) / math.sqrt(12 * N))


@pytest.mark.parametrize("name", ["standard_normal", "random", "standard_exponential"])
def test_dtype_is_float32_or_float64(name):
    g = cp.random.default_rng(0)
    assert getattr(g, name)(3, dtype=np.float32).dtype == np.float32
    with pytest.raises(TypeError):
        getattr(np.random.default_rng(0), name)(3, dtype=np.int32)
    with pytest.raises(TypeError):
        getattr(g, name)(3, dtype=np.int32)


@pytest.mark.parametrize("name,args", [("random", ()), ("standard_normal", ()),
                                       ("standard_exponential", ()), ("standard_gamma", (2.0,))])
def test_out_is_filled_and_returned(name, args):
    for dtype in (np.float32, np.float64):
        out = cp.empty((2, 3), dtype=dtype)
        got = getattr(cp.random.default_rng(4), name)(*args, out=out, dtype=dtype)
        assert got is out
        want = getattr(cp.random.default_rng(4), name)(*args, size=(2, 3), dtype=dtype)
        np.testing.assert_array_equal(cp.asnumpy(out), cp.asnumpy(want))
    for xp in (np, cp):  # the errors are NumPy's
        g = xp.random.default_rng(0)
        with pytest.raises(ValueError):
            getattr(g, name)(*args, size=(3, 2), out=xp.empty((2, 3)))
        with pytest.raises(TypeError):
            getattr(g, name)(*args, out=xp.empty(3, dtype=np.float32))
        with pytest.raises(ValueError):
            getattr(g, name)(*args, out=xp.empty((4, 2))[:, 0])


def test_standard_gamma_out_broadcasts_its_shape():
    out = cp.empty((2, 3))
    cp.random.default_rng(5).standard_gamma(cp.asarray([0.5, 1.0, 8.0]), out=out)
    want = cp.random.default_rng(5).standard_gamma([0.5, 1.0, 8.0], size=(2, 3))
    np.testing.assert_array_equal(cp.asnumpy(out), cp.asnumpy(want))


def test_multinomial_broadcasts_n_and_rows_of_pvals():
    p = [0.2, 0.3, 0.5]
    for n, pvals, size in [([5, 10], p, None), (5, [p, [0.5, 0.5, 0.0]], None),
                           ([[5], [10]], p, (2, 4)), (7, p, (3,))]:
        got = cp.random.default_rng(0).multinomial(n, pvals, size=size)
        ref = np.random.default_rng(0).multinomial(n, pvals, size=size)
        assert got.shape == ref.shape and got.dtype == ref.dtype
        np.testing.assert_array_equal(cp.asnumpy(got).sum(axis=-1),
                                      np.broadcast_to(np.asarray(n), ref.shape[:-1]))
    np.testing.assert_array_equal(
        cp.asnumpy(cp.random.default_rng(6).multinomial(cp.asarray([9, 9, 9]), p)),
        cp.asnumpy(cp.random.default_rng(6).multinomial(9, p, size=3)))
    n = np.array([10, 1000])
    x = cp.asnumpy(cp.random.default_rng(7).multinomial(n, p, size=(N, 2))).astype(np.float64)
    want = n[:, None] * np.asarray(p)
    close(x.mean(axis=0), want, np.sqrt(want * (1 - np.asarray(p)) / N))
    for xp in (np, cp):
        with pytest.raises(ValueError):
            xp.random.default_rng(0).multinomial([5, -1], p)
        with pytest.raises(ValueError):
            xp.random.default_rng(0).multinomial([5, 6, 7], [p, p])
