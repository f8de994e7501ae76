"""The polynomial routines and poly1d, against NumPy: values, dtypes, poly1d wrapping and
NumPy's exception classes. Roots compare as sorted sets (their order is the eigensolver's)."""
import warnings

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

P = np.array([2.0, -3.0, 0.5, 4.0])


def assert_roots(actual, expected, rtol=1e-10):
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    np.testing.assert_allclose(np.sort_complex(actual.get()), np.sort_complex(expected),
                               rtol=rtol, atol=1e-12)


def assert_poly(actual, expected, rtol=None):
    assert isinstance(actual, cp.poly1d), type(actual)
    assert actual.variable == expected.variable
    assert_same(actual.coeffs, expected.coeffs, rtol=rtol)


@pytest.mark.parametrize("p, x", [
    (P, np.array([[0.5, -1.0], [2.0, 3.5]])),
    (np.array([3, -1, 2]), np.array([1.5, -2.0], np.float32)),  # int at float32: float64
    (np.array([1.0 + 2j, -1j]), np.array([0.5, 2.0])),
    (np.array([3, -1, 2], np.int32), np.array([4, -5], np.int32)),
    (np.array([], np.float32), np.array([1, 2])),  # no coefficients: zeros of x's dtype
])
def test_polyval(p, x):
    assert_same(cp.polyval(cp.asarray(p), cp.asarray(x)), np.polyval(p, x))


def test_polyval_of_a_scalar_a_list_and_a_poly1d():
    assert_same(cp.polyval(cp.asarray(P), 1.5), np.polyval(P, 1.5))  # 0-d, as CuPy's
    assert_same(cp.polyval([1, 2, 3], [2, 3]), np.polyval([1, 2, 3], [2, 3]))
    assert_same(cp.poly1d(cp.asarray(P))(cp.asarray([1.0, 2.0])), np.poly1d(P)([1.0, 2.0]))
    inner = np.array([1.0, -1.0])
    assert_poly(cp.polyval(cp.asarray(P), cp.poly1d(cp.asarray(inner))),
                np.polyval(P, np.poly1d(inner)))
    with pytest.raises(TypeError):
        cp.polyval(cp.asarray(2.0), cp.asarray([1.0]))


@pytest.mark.parametrize("p", [
    np.array([1.0, -6.0, 11.0, -6.0]),          # real roots
    np.array([1.0, 0.0, 4.0]),                  # a complex pair
    np.array([0.0, 0.0, 2.0, -2.0, 0.0, 0.0]),  # leading zeros dropped, trailing ones are roots
    np.array([1, -3, 2]),                       # integers solve in float64
    np.array([1.0, -3.0, 2.0], np.float32),     # float32 stays
    np.array([1.0 + 1j, 2.0, -1j]),             # complex coefficients
    np.array([0, 0]),                           # all zeros: no roots
    np.array([5.0]),                            # a constant: no roots
    np.array([3.0, 0.0]),                       # one root at zero, no eigenproblem
])
def test_roots(p):
    assert_roots(cp.roots(cp.asarray(p)), np.roots(p), rtol=1e-5 if p.dtype == np.float32
                 else 1e-10)


def test_roots_errors_and_poly1d():
    with pytest.raises(ValueError, match="rank-1"):
        cp.roots(cp.zeros((2, 2)))
    p = np.array([1.0, -3.0, 2.0])
    assert_roots(cp.poly1d(cp.asarray(p)).r, np.poly1d(p).r)


@pytest.mark.parametrize("zeros", [
    np.array([1, 2, 3]),                      # integers: float64
    np.array([0.5, -2.0], np.float32),        # float32 kept
    np.array([1 + 2j, 1 - 2j, 3]),            # conjugate pairs: real coefficients
    np.array([1j, 2.0]),                      # not pairs: complex
    np.array([[1.0, 2.0], [3.0, 4.0]]),       # a matrix: its characteristic polynomial
])
def test_poly(zeros):
    assert_same(cp.poly(cp.asarray(zeros)), np.poly(zeros))


def test_poly_without_roots_and_bad_shapes():
    assert cp.poly(cp.asarray(np.array([]))) == np.poly([]) and type(cp.poly([])) is float
    with pytest.raises(ValueError, match="square 2d"):
        cp.poly(cp.zeros((2, 3)))


@pytest.mark.parametrize("a1, a2", [
    (np.array([1, 2], np.int32), np.array([1.5], np.float32)),  # float64, as NumPy's
    (np.array([1.0, 2.0, 3.0]), np.array([4, 5, 6])),
    (np.array([0.0, 1.0]), np.array([1 + 1j, 2.0, 3.0])),
])
def test_polyadd_polysub_polymul(a1, a2):
    c1, c2 = cp.asarray(a1), cp.asarray(a2)
    assert_same(cp.polyadd(c1, c2), np.polyadd(a1, a2))
    assert_same(cp.polysub(c1, c2), np.polysub(a1, a2))
    assert_same(cp.polysub(c2, c1), np.polysub(a2, a1))
    assert_same(cp.polymul(c1, c2), np.polymul(a1, a2))


def test_arithmetic_with_scalars_and_poly1d():
    a = np.array([0.0, 0.0, 1.0, 2.0])
    assert_same(cp.polyadd(2, cp.asarray(a)), np.polyadd(2, a))
    assert_same(cp.polymul(cp.asarray(a), 3), np.polymul(a, 3))  # leading zeros trimmed
    assert_poly(cp.polyadd(cp.poly1d(cp.asarray(a)), cp.asarray(P)),
                np.polyadd(np.poly1d(a), P))
    assert_poly(cp.polymul(cp.asarray(P), cp.poly1d(cp.asarray(a))),
                np.polymul(P, np.poly1d(a)))


@pytest.mark.parametrize("u, v", [
    (np.array([1.0, 2.0, 3.0]), np.array([1.0, 1.0])),
    (np.array([2, 4, 6]), np.array([2])),                       # integers: float64, zero remainder
    (np.array([1.0, 2.0], np.float32), np.array([1.0, 1.0, 3.0], np.float32)),  # v longer
    (np.array([1.0, -3.0, 2.0, 0.0]), np.array([1.0, -1.0])),  # remainder zeros trimmed
    (np.array([1j, 2.0, 3.0]), np.array([1.0, 1.0])),
])
def test_polydiv(u, v):
    q, r = cp.polydiv(cp.asarray(u), cp.asarray(v))
    eq, er = np.polydiv(u, v)
    assert_same(q, eq)
    assert_same(r, er)


def test_polydiv_of_poly1d():
    q, r = cp.polydiv(cp.poly1d(cp.asarray(P)), cp.asarray([1.0, 2.0]))
    eq, er = np.polydiv(np.poly1d(P), [1.0, 2.0])
    assert_poly(q, eq)
    assert_poly(r, er)


@pytest.mark.parametrize("m", [0, 1, 2, 5])
def test_polyder(m):
    assert_same(cp.polyder(cp.asarray(P), m), np.polyder(P, m))


def test_polyder_dtypes_and_errors():
    f = np.array([1.0, 2.0, 3.0], np.float32)
    assert_same(cp.polyder(cp.asarray(f)), np.polyder(f))  # float32 times int64: float64
    b = np.array([True, False, True])
    assert_same(cp.polyder(cp.asarray(b)), np.polyder(b))
    assert_poly(cp.polyder(cp.poly1d(cp.asarray(P))), np.polyder(np.poly1d(P)))
    with pytest.raises(ValueError, match="positive"):
        cp.polyder(cp.asarray(P), -1)


@pytest.mark.parametrize("m, k", [(1, None), (0, None), (2, None), (2, [1.0, 2.0]), (3, 4.0),
                                  (1, 1j)])
def test_polyint(m, k):
    ck = None if k is None else cp.asarray(np.asarray(k))
    assert_same(cp.polyint(cp.asarray(P), m, ck), np.polyint(P, m, k))


def test_polyint_dtypes_and_errors():
    i = np.array([3, 2, 1])
    assert_same(cp.polyint(cp.asarray(i)), np.polyint(i))
    assert_poly(cp.polyint(cp.poly1d(cp.asarray(P)), 2), np.polyint(np.poly1d(P), 2))
    with pytest.raises(ValueError, match="positive"):
        cp.polyint(cp.asarray(P), -1)
    with pytest.raises(ValueError, match="rank-1 array of length 1"):
        cp.polyint(cp.asarray(P), 3, cp.asarray([1.0, 2.0]))


def fit_data(k=None, seed=0):
    rng = np.random.default_rng(seed)
    x = np.linspace(-1.0, 2.0, 12)
    y = 0.5 * x ** 3 - x + 2.0
    if k is not None:
        y = y[:, None] * np.arange(1, k + 1)
    return x, y + 0.01 * rng.standard_normal(y.shape)


def test_polyfit():
    x, y = fit_data()
    cx, cy = cp.asarray(x), cp.asarray(y)
    assert_same(cp.polyfit(cx, cy, 3), np.polyfit(x, y, 3), rtol=1e-10)
    w = np.linspace(0.5, 2.0, x.size)
    assert_same(cp.polyfit(cx, cy, 2, w=cp.asarray(w)), np.polyfit(x, y, 2, w=w), rtol=1e-10)
    xi = np.arange(12)  # integer samples fit in float64
    assert_same(cp.polyfit(cp.asarray(xi), cy, 1), np.polyfit(xi, y, 1), rtol=1e-10)


def test_polyfit_full_and_cov():
    x, y = fit_data()
    c, res, rank, sv, rcond = cp.polyfit(cp.asarray(x), cp.asarray(y), 3, full=True)
    ec, eres, erank, esv, ercond = np.polyfit(x, y, 3, full=True)
    assert_same(c, ec, rtol=1e-10)
    assert_same(res, eres, rtol=1e-8)
    assert_same(sv, esv, rtol=1e-10)
    assert rank == erank and type(rank) is int
    assert rcond == ercond
    for cov in (True, "unscaled"):
        c, v = cp.polyfit(cp.asarray(x), cp.asarray(y), 2, cov=cov)
        ec, ev = np.polyfit(x, y, 2, cov=cov)
        assert_same(c, ec, rtol=1e-10)
        assert_same(v, ev, rtol=1e-8)


def test_polyfit_of_several_columns():
    x, y = fit_data(k=3)
    cx, cy = cp.asarray(x), cp.asarray(y)
    assert_same(cp.polyfit(cx, cy, 3), np.polyfit(x, y, 3), rtol=1e-10)
    w = np.linspace(1.0, 2.0, x.size)
    c, v = cp.polyfit(cx, cy, 2, w=cp.asarray(w), cov=True)
    ec, ev = np.polyfit(x, y, 2, w=w, cov=True)
    assert_same(c, ec, rtol=1e-10)
    assert_same(v, ev, rtol=1e-8)


def test_polyfit_rank_warning():
    x, y = np.ones(4), np.arange(4.0)
    with pytest.warns(np.exceptions.RankWarning, match="poorly conditioned"):
        c = cp.polyfit(cp.asarray(x), cp.asarray(y), 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = np.polyfit(x, y, 2)
    assert_same(c, expected, rtol=1e-8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # full output reports the rank instead of warning
        assert cp.polyfit(cp.asarray(x), cp.asarray(y), 2, full=True)[2] == 1


@pytest.mark.parametrize("args, kwargs, error", [
    (([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], -1), {}, ValueError),
    (([1.0, 2.0, 3.0], [1.0, 2.0], 1), {}, TypeError),
    (([[1.0, 2.0]], [1.0, 2.0], 1), {}, TypeError),
    (([], [], 1), {}, TypeError),
    (([1.0, 2.0], [[[1.0, 2.0]]], 1), {}, TypeError),
    (([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 1), {"w": [1.0, 2.0]}, TypeError),
    (([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 1), {"w": [[1.0, 2.0, 3.0]]}, TypeError),
    (([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 2), {"cov": True}, ValueError),
])
def test_polyfit_errors(args, kwargs, error):
    with pytest.raises(error) as theirs:
        np.polyfit(*args, **kwargs)
    converted = {k: cp.asarray(np.asarray(v)) for k, v in kwargs.items() if k == "w"}
    with pytest.raises(error) as ours:
        cp.polyfit(*[cp.asarray(np.asarray(a)) if isinstance(a, list) else a for a in args],
                   **{**kwargs, **converted})
    assert str(ours.value) == str(theirs.value)


def test_poly1d_construction():
    a = np.array([0.0, 0.0, 1.0, -2.0])
    assert_poly(cp.poly1d(cp.asarray(a)), np.poly1d(a))  # leading zeros trimmed
    assert_poly(cp.poly1d(cp.zeros(3, np.int32)), np.poly1d(np.zeros(3, np.int32)))
    assert_poly(cp.poly1d(cp.asarray([1.0, 2.0]), r=True), np.poly1d([1.0, 2.0], r=True))
    assert_poly(cp.poly1d(cp.asarray(a), variable="z"), np.poly1d(a, variable="z"))
    assert_poly(cp.poly1d(3), np.poly1d(3))
    p = cp.poly1d(cp.asarray(a), variable="t")
    q = cp.poly1d(p)
    assert q.variable == "t" and cp.poly1d(p, variable="s").variable == "s"
    assert_poly(cp.poly1d(np.poly1d([1, 2], variable="u")), np.poly1d([1, 2], variable="u"))
    with pytest.raises(ValueError, match="1d only"):
        cp.poly1d(cp.ones((2, 2)))


def test_poly1d_attributes_and_protocols():
    n = np.poly1d(P)
    p = cp.poly1d(cp.asarray(P))
    for name in ("coeffs", "c", "coef", "coefficients"):
        assert_same(getattr(p, name), getattr(n, name))
    assert p.order == p.o == len(p) == n.order
    assert_roots(p.roots, n.roots)
    assert [float(c) for c in p] == list(n)
    assert_same(p[0], n.coeffs[-1])
    assert_same(p[3], n.coeffs[0])
    assert_same(p[7], np.float64(0))  # past the order: zero (a 0-d array, as CuPy's)
    assert repr(p) == repr(n) and str(p) == str(n)
    assert isinstance(p.get(), np.poly1d) and p.get() == n
    assert p.__hash__ is None
    with pytest.raises(TypeError, match="Implicit conversion"):
        np.asarray(p)


def test_poly1d_setitem_and_coeffs():
    n = np.poly1d(P.copy())
    p = cp.poly1d(cp.asarray(P))
    p[1], n[1] = 10.0, 10.0
    p[6], n[6] = -1.0, -1.0  # past the order: zeros put in front
    assert_poly(p, n)
    with pytest.raises(ValueError, match="negative powers"):
        p[-1] = 2.0
    p.coeffs *= 2  # setting coeffs to itself is allowed, as NumPy's
    n.coeffs *= 2
    assert_poly(p, n)
    with pytest.raises(AttributeError):
        p.coeffs = cp.zeros(3)


def test_poly1d_arithmetic():
    a = np.array([1.0, -3.0, 2.0], np.float32)
    b = np.array([2.0, 1.0])
    p, q = cp.poly1d(cp.asarray(a)), cp.poly1d(cp.asarray(b))
    n, m = np.poly1d(a), np.poly1d(b)
    assert_poly(p + q, n + m)
    assert_poly(p - q, n - m)
    assert_poly(p * q, n * m)
    assert_poly(p * 2, n * 2)  # a Python scalar keeps float32
    assert_poly(3 * p, 3 * n)
    # A NumPy scalar on the left defers to poly1d (NumPy's own makes an ndarray of it).
    assert_poly(np.float64(2.0) * p, n * np.float64(2.0))
    assert_poly(p + 1, n + 1)
    assert_poly(1 - p, 1 - n)
    assert_poly(p - cp.asarray(b), n - b)
    assert_poly(p / 4, n / 4)
    assert_poly(2 / q, 2 / m)
    assert_poly(-p, -n)
    assert +p is p
    assert_poly(p ** 3, n ** 3)  # from the int list [1]: float64, as NumPy's
    assert_poly(p ** 0, n ** 0)
    for ours, theirs in zip(p / q, n / m):
        assert_poly(ours, theirs)
    # An ndgpu array on the left defers to poly1d: a polynomial division.
    for ours, theirs in zip(cp.asarray(b) / p, np.polydiv(m, n)):
        assert_poly(ours, theirs)
    with pytest.raises(ValueError, match="non-negative"):
        p ** -1
    with pytest.raises(ValueError, match="non-negative"):
        p ** 1.5
    assert p == cp.poly1d(cp.asarray(a)) and not (p != cp.poly1d(cp.asarray(a)))
    assert p != q and not (p == cp.poly1d(cp.asarray(a[:2])))
    assert (p == 1) is False


def test_poly1d_calculus_and_call():
    p, n = cp.poly1d(cp.asarray(P)), np.poly1d(P)
    assert_poly(p.deriv(), n.deriv())
    assert_poly(p.deriv(2), n.deriv(2))
    assert_poly(p.integ(), n.integ())
    assert_poly(p.integ(2, 3.0), n.integ(2, 3.0))
    assert_same(p(2.0), np.float64(n(2.0)))
    assert_poly(p(cp.poly1d(cp.asarray([1.0, 1.0]))), n(np.poly1d([1.0, 1.0])))
