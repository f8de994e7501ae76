"""cupyx.scipy.special's ufuncs against mpmath (SciPy's values at poles and limits), and the
dtypes SciPy's loops give."""
import math

import numpy as np
import pytest

import ndgpu as cp
from ndgpu.cupyx.scipy import special as sp

mpmath = pytest.importorskip("mpmath")
mpmath.mp.dps = 40


def _ndtr(v):
    return mpmath.ncdf(v)


def _i_e(nu):
    return lambda v: mpmath.besseli(nu, v) * mpmath.exp(-abs(v))


# name: (reference of one mpf, points)
_UNARY = {
    "erf": (mpmath.erf, [-3, -0.5, 1e-5, 0.3, 1, 2.5, 6]),
    "erfc": (mpmath.erfc, [-3, -0.5, 0, 0.3, 1, 5, 9]),
    "erfcx": (lambda v: mpmath.exp(v * v) * mpmath.erfc(v), [-2, -0.5, 0, 0.3, 3, 30, 1e3]),
    "erfinv": (mpmath.erfinv, [-0.99, -0.5, 1e-6, 0.3, 0.9, 0.999]),
    "erfcinv": (lambda v: mpmath.erfinv(1 - v), [1e-10, 0.01, 0.5, 1, 1.5, 1.99]),
    "ndtr": (_ndtr, [-8, -1.5, 0, 0.4, 2, 6]),
    "ndtri": (lambda v: mpmath.sqrt(2) * mpmath.erfinv(2 * v - 1), [1e-8, 0.02, 0.3, 0.5, 0.9]),
    "log_ndtr": (lambda v: mpmath.log(_ndtr(v)), [-40, -5, -1.5, -0.3, 0, 2, 8]),
    "expit": (lambda v: 1 / (1 + mpmath.exp(-v)), [-30, -2, 0, 0.5, 4, 30]),
    "logit": (lambda v: mpmath.log(v / (1 - v)), [0.01, 0.2, 0.5, 0.9, 0.999]),
    "log_expit": (lambda v: -mpmath.log(1 + mpmath.exp(-v)), [-50, -3, 0, 0.5, 5, 50]),
    "gammaln": (lambda v: mpmath.log(abs(mpmath.gamma(v))), [-2.5, 0.1, 0.5, 3, 7.5, 100]),
    "gamma": (mpmath.gamma, [-2.5, -0.5, 0.1, 1, 4.5, 20]),
    "digamma": (mpmath.digamma, [-2.5, -0.3, 0.1, 1, 1.4616321449683622, 4.5, 1e3]),
    "i0": (lambda v: mpmath.besseli(0, v), [-3, 0, 0.5, 2, 10, 50]),
    "i1": (lambda v: mpmath.besseli(1, v), [-3, 0, 0.5, 2, 10, 50]),
    "i0e": (_i_e(0), [-800, -3, 0, 0.5, 2, 50, 650, 1e4]),
    "i1e": (_i_e(1), [-800, -3, 0, 0.5, 2, 50, 650, 1e4]),
    "j0": (lambda v: mpmath.besselj(0, v), [-3, 0, 0.5, 2, 10]),
    "j1": (lambda v: mpmath.besselj(1, v), [-3, 0, 0.5, 2, 10]),
    "y0": (lambda v: mpmath.bessely(0, v), [0.1, 0.5, 2, 10, 30]),
    "y1": (lambda v: mpmath.bessely(1, v), [0.1, 0.5, 2, 10, 30]),
    "entr": (lambda v: -v * mpmath.log(v), [1e-5, 0.3, 1, 2.5, 40]),
    "exp10": (lambda v: mpmath.power(10, v), [-30, -1.5, 0, 0.3, 2, 30]),
    "k0": (lambda v: mpmath.besselk(0, v), [1e-8, 0.1, 0.9, 1, 2.5, 20, 600]),
    "k1": (lambda v: mpmath.besselk(1, v), [1e-8, 0.1, 0.9, 1, 2.5, 20, 600]),
    "k0e": (lambda v: mpmath.besselk(0, v) * mpmath.exp(v), [1e-8, 0.5, 1, 7, 1e3, 1e8]),
    "k1e": (lambda v: mpmath.besselk(1, v) * mpmath.exp(v), [1e-8, 0.5, 1, 7, 1e3, 1e8]),
    "rgamma": (lambda v: 1 / mpmath.gamma(v), [-2.5, -0.5, 0.1, 1, 4.5, 20]),
    "zetac": (lambda v: mpmath.zeta(v) - 1, [-60.5, -10.5, -3, -0.5, 0.5, 1.5, 3.5, 60]),
    "exp1": (mpmath.e1, [1e-5, 0.5, 1, 1.5, 10, 100]),
    "expi": (mpmath.ei, [-50, -2, -0.1, 0.2, 1, 10, 39, 41, 80]),
    "ellipk": (mpmath.ellipk, [-10, -0.5, 0, 0.5, 0.9, 0.999999]),
    "ellipkm1": (lambda p: mpmath.ellipk(1 - p), [1e-20, 0.01, 0.5, 1, 11]),
    "loggamma": (mpmath.loggamma, [0.1, 1, 2.5, 100, 1e5]),
}
_BINARY = {
    "xlogy": (lambda x, y: x * mpmath.log(y), [(2, 3), (-1.5, 0.5), (3, 1e-10)]),
    "xlog1py": (lambda x, y: x * mpmath.log1p(y), [(2, 3), (-1.5, -0.5), (3, 1e-10)]),
    "rel_entr": (lambda x, y: x * mpmath.log(x / y), [(2, 3), (0.5, 0.25), (1e-3, 4)]),
    "kl_div": (lambda x, y: x * mpmath.log(x / y) - x + y, [(2, 3), (0.5, 0.25), (1e-3, 4)]),
    "huber": (lambda d, r: r * r / 2 if abs(r) <= d else d * (abs(r) - d / 2),
              [(1, 0.5), (1, -3), (2.5, 2.5)]),
    "pseudo_huber": (lambda d, r: d * d * (mpmath.sqrt(1 + (r / d) ** 2) - 1),
                     [(1, 0.5), (1, -3), (2.5, 1e-5)]),
    "boxcox": (lambda x, lm: (x ** lm - 1) / lm if lm else mpmath.log(x),
               [(2, 0.5), (0.3, -1.5), (5, 0), (1.5, 1e-8)]),
    "boxcox1p": (lambda x, lm: ((1 + x) ** lm - 1) / lm if lm else mpmath.log1p(x),
                 [(2, 0.5), (0.3, -1.5), (5, 0), (1e-10, 2)]),
    "inv_boxcox": (lambda y, lm: (1 + lm * y) ** (1 / lm) if lm else mpmath.exp(y),
                   [(2, 0.5), (0.3, -1.5), (5, 0)]),
    "inv_boxcox1p": (lambda y, lm: (1 + lm * y) ** (1 / lm) - 1 if lm else mpmath.expm1(y),
                     [(2, 0.5), (0.3, -1.5), (5, 0), (1e-10, 2)]),
    "betaln": (lambda a, b: mpmath.log(abs(mpmath.beta(a, b))), [(2, 3), (0.5, 7.5), (300, 2)]),
    "beta": (mpmath.beta, [(2, 3), (0.5, 7.5), (-0.5, 2.25), (200, 1.5)]),
    "binom": (mpmath.binomial, [(10, 3), (7.5, 2), (40, 20), (5, 0), (2.5, 1.25)]),
    # Both sides of the series/continued-fraction split, and a large a near x = a.
    "gammainc": (lambda a, x: mpmath.gammainc(a, 0, x, regularized=True),
                 [(0.5, 0.1), (2.5, 3), (10, 2), (30, 35), (1e3, 1010), (0.1, 5), (5, 40)]),
    "gammaincc": (lambda a, x: mpmath.gammainc(a, x, mpmath.inf, regularized=True),
                  [(0.5, 0.1), (2.5, 3), (10, 2), (30, 35), (1e3, 1010), (0.1, 5), (5, 40)]),
    "zeta": (mpmath.zeta, [(2, 1), (3.5, 2.5), (1.5, 0.3), (50, 1.5), (2, -2.5), (4, 100),
                           (1.01, 1), (200, 1)]),
    "polygamma": (lambda n, x: mpmath.polygamma(int(n), x),
                  [(0, 2.5), (1, 0.5), (2, 3.25), (3, -1.5), (1, 1e3), (5, 10)]),
    "expn": (lambda n, x: mpmath.expint(int(n), x),
             [(0, 2), (1, 0.5), (2, 0.125), (3, 5), (10, 1e-3), (5, 50), (1, 1)]),
    "poch": (mpmath.rf, [(2, 3), (0.5, 2.5), (-1.5, 2), (10, -3), (3, 20.5), (-3, 2)]),
    "yn": (lambda n, x: mpmath.bessely(int(n), x), [(2, 1.5), (5, 10), (-3, 2.5), (0, 3)]),
}


def _check(got, expected, dtype, atol=1e-300, rtol64=5e-14):
    # float64: a few ulp (CUDA's functions are within 2-4 ulp); float32 computes in float32.
    rtol = rtol64 if dtype == np.float64 else 4e-6
    np.testing.assert_allclose(got, expected.astype(dtype), rtol=rtol, atol=atol)


# CUDA's double j0, j1, y0, y1 are accurate to a few 1e-13 absolute past x = 8 (its math
# library's documented bounds), not relative near their zeros.
_ABSOLUTE = {"j0": 1e-12, "j1": 1e-12, "y0": 1e-12, "y1": 1e-12}
# Past a = 20 the incomplete gamma's prefactor is exp of a (log1p(t) - t): its rounding,
# a few 1e-16 of a, shows at a = 1000; zetac below -50 goes through logs of Gamma.
_RTOL64 = {"gammainc": 2e-13, "gammaincc": 2e-13, "zetac": 1e-13, "poch": 1e-14}


@pytest.mark.parametrize("name", sorted(_UNARY))
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_unary_against_mpmath(name, dtype):
    ref, points = _UNARY[name]
    x = np.array(points, dtype=dtype)
    expected = np.array([float(ref(mpmath.mpf(float(v)))) for v in x])
    got = getattr(sp, name)(cp.asarray(x))
    assert got.dtype == dtype
    _check(got.get(), expected, dtype, _ABSOLUTE.get(name, 1e-300), _RTOL64.get(name, 5e-14))


@pytest.mark.parametrize("name", sorted(_BINARY))
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_binary_against_mpmath(name, dtype):
    ref, pairs = _BINARY[name]
    x, y = (np.array(v, dtype=dtype) for v in zip(*pairs))
    expected = np.array([float(ref(mpmath.mpf(float(a)), mpmath.mpf(float(b))))
                         for a, b in zip(x, y)])
    got = getattr(sp, name)(cp.asarray(x), cp.asarray(y))
    if name == "beta" and dtype == np.float64:
        # Past gamma's range beta is exp(betaln): lgamma(200)'s rounding shows, 2.5e-13
        np.testing.assert_allclose(got.get(), expected, rtol=1e-12)
        return
    _check(got.get(), expected, dtype, rtol64=_RTOL64.get(name, 5e-14))


def test_poles_limits_and_special_values():
    inf, nan = math.inf, math.nan
    cases = {
        "digamma": ([0.0, -0.0, -1.0, -2.0, inf, nan], [-inf, inf, nan, nan, inf, nan]),
        "gamma": ([0.0, -0.0, -1.0, inf], [inf, -inf, nan, inf]),
        "gammaln": ([0.0, -1.0, 1.0, 2.0], [inf, inf, 0.0, 0.0]),
        "erfinv": ([-1.0, 1.0, 2.0, 0.0], [-inf, inf, nan, 0.0]),
        "ndtri": ([0.0, 1.0, 0.5], [-inf, inf, 0.0]),
        "logit": ([0.0, 1.0, 0.5], [-inf, inf, 0.0]),
        "expit": ([-inf, inf, nan], [0.0, 1.0, nan]),
        "log_expit": ([-inf, inf], [-inf, 0.0]),
        "entr": ([0.0, -1.0, inf, nan], [0.0, -inf, -inf, nan]),
        "y0": ([0.0], [-inf]),
        "rgamma": ([0.0, -1.0, -2.0, inf], [0.0, 0.0, 0.0, 0.0]),
        "k0": ([0.0, -1.0, inf], [inf, nan, 0.0]),
        "k1e": ([0.0, -1.0], [inf, nan]),
    }
    for name, (x, expected) in cases.items():
        got = getattr(sp, name)(cp.array(x)).get()
        np.testing.assert_array_equal(got, np.array(expected), err_msg=name)
    assert sp.xlogy(cp.array([0.0, 0.0]), cp.array([0.0, nan])).get().tolist()[0] == 0.0
    assert math.isnan(sp.xlogy(cp.array(0.0), cp.array(nan)).get())
    np.testing.assert_array_equal(
        sp.rel_entr(cp.array([0.0, 1.0, 1.0, -1.0]), cp.array([0.0, 0.0, -1.0, 1.0])).get(),
        [0.0, inf, inf, inf])
    np.testing.assert_array_equal(  # kl_div: y where x is 0 and y >= 0, else inf
        sp.kl_div(cp.array([0.0, 0.0, -1.0]), cp.array([2.0, -1.0, 1.0])).get(), [2.0, inf, inf])
    np.testing.assert_array_equal(sp.huber(cp.array(-1.0), cp.array(2.0)).get(), inf)
    np.testing.assert_array_equal(sp.binom(cp.array([5.0, 5.0]), cp.array([7.0, -1.0])).get(),
                                  [0.0, 0.0])


def test_incomplete_gamma_zeta_and_integrals_at_their_edges():
    inf, nan = math.inf, math.nan

    def values(f, *args):
        return f(*(cp.array(np.array(a, dtype=float)) for a in args)).get()

    np.testing.assert_array_equal(values(sp.gammainc, [2, 2, -1, 2], [0, inf, 1, -1]),
                                  [0, 1, nan, nan])
    np.testing.assert_array_equal(values(sp.gammaincc, [2, 2, -1], [0, inf, 1]), [1, 0, nan])
    np.testing.assert_array_equal(values(sp.zeta, [1, 0.5, 2], [3, 3, -2]), [inf, nan, inf])
    np.testing.assert_array_equal(values(sp.zetac, [0, 1, -2, inf]), [-1.5, inf, -1, 0])
    np.testing.assert_array_equal(values(sp.exp1, [0, -1, inf]), [inf, nan, 0])
    np.testing.assert_array_equal(values(sp.expi, [0]), [-inf])
    np.testing.assert_array_equal(values(sp.expn, [2, 1, -1], [0, 0, 1]), [1, inf, nan])
    np.testing.assert_array_equal(values(sp.ellipk, [1, 2]), [inf, nan])
    np.testing.assert_array_equal(values(sp.ellipkm1, [0, -1]), [inf, nan])
    np.testing.assert_array_equal(values(sp.loggamma, [-1, 0]), [nan, inf])
    np.testing.assert_array_equal(values(sp.poch, [2.5, -3], [0, 0]), [1, 1])
    np.testing.assert_array_equal(values(sp.polygamma, [0, -1, 1.5], [2.5, 1, 1]),
                                  [float(mpmath.digamma(2.5)), nan, nan])
    np.testing.assert_array_equal(values(sp.gammaincinv, [2, 2, 2], [0, 1, 2]), [0, inf, nan])
    np.testing.assert_array_equal(values(sp.gammainccinv, [2, 2], [0, 1]), [inf, 0])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_incomplete_gamma_inverses_invert(dtype):
    a = np.array([0.5, 2.5, 30, 0.1, 100, 3], dtype=dtype)
    y = np.array([0.3, 0.9, 0.01, 0.5, 0.999, 1e-10], dtype=dtype)
    x = sp.gammaincinv(cp.asarray(a), cp.asarray(y))
    xc = sp.gammainccinv(cp.asarray(a), cp.asarray(y))
    assert x.dtype == dtype and xc.dtype == dtype
    back = [float(mpmath.gammainc(mpmath.mpf(float(s)), 0, mpmath.mpf(float(v)),
                                  regularized=True)) for s, v in zip(a, x.get())]
    back_c = [float(mpmath.gammainc(mpmath.mpf(float(s)), mpmath.mpf(float(v)), mpmath.inf,
                                    regularized=True)) for s, v in zip(a, xc.get())]
    # float32: x itself is rounded, so P(a, x) moves by x P'(a, x) 6e-8.
    rtol = 1e-13 if dtype == np.float64 else 2e-5
    np.testing.assert_allclose(back, y.astype(float), rtol=rtol)
    np.testing.assert_allclose(back_c, y.astype(float), rtol=rtol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_incomplete_beta_and_its_inverse(dtype):
    a = np.array([0.5, 2, 5, 30, 0.25, 100], dtype=dtype)
    b = np.array([0.5, 3, 1.5, 40, 3, 80], dtype=dtype)
    x = np.array([0.3, 0.5, 0.9, 0.45, 1e-3, 0.6], dtype=dtype)
    mp = [mpmath.mpf(float(v)) for v in (*a, *b, *x)]
    expected = np.array([float(mpmath.betainc(mp[k], mp[6 + k], 0, mp[12 + k],
                                              regularized=True)) for k in range(6)])
    got = sp.betainc(cp.asarray(a), cp.asarray(b), cp.asarray(x))
    assert got.dtype == dtype and sp.betainc.nin == 3
    _check(got.get(), expected, dtype, rtol64=1e-13)
    back = sp.betaincinv(cp.asarray(a), cp.asarray(b), cp.asarray(expected.astype(dtype)))
    assert back.dtype == dtype
    # float32: y is rounded, which moves x by up to 5 y-ulps over x's elasticity (a = 0.25).
    np.testing.assert_allclose(back.get(), x, rtol=1e-12 if dtype == np.float64 else 2e-5)
    nan = math.nan
    edges = sp.betainc(cp.array([2.0, 2.0, -1.0, 2.0]), cp.array([3.0, 3.0, 3.0, 3.0]),
                       cp.array([0.0, 1.0, 0.5, 1.5])).get()
    np.testing.assert_array_equal(edges, [0, 1, nan, nan])
    np.testing.assert_array_equal(
        sp.betaincinv(cp.array([2.0, 2.0]), cp.array([3.0, 3.0]), cp.array([0.0, 1.0])).get(),
        [0, 1])


def test_multigammaln_against_mpmath_and_its_domain():
    a = np.array([3.0, 5.5, 1.25])
    d = 3
    expected = [float(mpmath.log(mpmath.pi) * d * (d - 1) / 4 +
                      sum(mpmath.loggamma(v - j / 2) for j in range(d))) for v in a]
    np.testing.assert_allclose(sp.multigammaln(cp.asarray(a), d).get(), expected, rtol=1e-14)
    with pytest.raises(ValueError):
        sp.multigammaln(cp.asarray([0.9, 3.0]), 3)  # a must exceed (d - 1)/2 = 1
    with pytest.raises(ValueError):
        sp.multigammaln(cp.asarray([2.0]), 0)


def test_dtypes_follow_scipys_loops_and_ufunc_machinery_works():
    assert sp.erf(cp.arange(3, dtype=cp.int8)).dtype == np.float32  # int8 -> the f loop
    assert sp.erf(cp.arange(3)).dtype == np.float64
    assert sp.erf(cp.ones(2, dtype=cp.float16)).dtype == np.float32
    assert sp.psi is sp.digamma and sp.erf.nin == 1 and sp.xlogy.nin == 2
    x = cp.linspace(-2, 2, 8)
    out = cp.empty(8)
    assert sp.erf(x, out=out) is out
    np.testing.assert_allclose(out.get(), [math.erf(v) for v in np.linspace(-2, 2, 8)],
                               rtol=1e-15)
    assert not hasattr(cp, "erf") and cp.i0 is not sp.i0  # NumPy's namespace is NumPy's
    assert "scipy.special.i0" in sp.i0.__doc__ and "numpy" not in sp.i0.__doc__
    with pytest.raises(TypeError):
        sp.erf(cp.ones(2, dtype=cp.complex64))


def _np_logsumexp(a, axis=None, b=None, keepdims=False):
    m = np.max(a, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    t = np.exp(a - m) * (1 if b is None else b)
    s = np.sum(t, axis=axis, keepdims=keepdims)
    return np.log(np.abs(s)) + (m if keepdims else np.squeeze(m, axis=axis)), np.sign(s)


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)], ids=repr)
def test_logsumexp_softmax_log_softmax_against_numpy(axis):
    rng = np.random.default_rng(3)
    a = rng.normal(size=(4, 5)) * 3 + 1000  # exp(a) alone overflows
    x = cp.asarray(a)
    for keepdims in (False, True):
        expected, _ = _np_logsumexp(a, axis, keepdims=keepdims)
        got = sp.logsumexp(x, axis=axis, keepdims=keepdims)
        assert got.shape == np.shape(expected)
        np.testing.assert_allclose(got.get(), expected, rtol=1e-15)
    e = np.exp(a - a.max(axis=axis, keepdims=True))
    np.testing.assert_allclose(sp.softmax(x, axis=axis).get(),
                               e / e.sum(axis=axis, keepdims=True), rtol=1e-14)
    np.testing.assert_allclose(sp.log_softmax(x, axis=axis).get(),
                               np.log(e / e.sum(axis=axis, keepdims=True)), rtol=1e-12,
                               atol=1e-15)  # values near 0 carry the sum's rounding
    w = rng.normal(size=(4, 5))
    value, sign = sp.logsumexp(x, axis=axis, b=cp.asarray(w), return_sign=True)
    ev, es = _np_logsumexp(a, axis, b=w)
    np.testing.assert_allclose(value.get(), ev, rtol=1e-13)
    np.testing.assert_array_equal(sign.get(), es)


def test_logsumexp_edges_and_dtypes():
    inf = math.inf
    np.testing.assert_array_equal(sp.logsumexp(cp.array([-inf, -inf])).get(), -inf)
    assert math.isnan(sp.logsumexp(cp.array([0.0, 0.0]), b=cp.array([-1.0, 0.0])).get())
    assert sp.logsumexp(cp.ones(3, dtype=cp.float32)).dtype == np.float32
    assert sp.softmax(cp.arange(3)).dtype == np.float64
    np.testing.assert_allclose(sp.softmax(cp.array([1.0, 1.0])).get(), [0.5, 0.5])
