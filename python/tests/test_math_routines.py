"""Math and logic routines and the dtype names, against NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

X = np.array([0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 123.456, -987.654, 1e300, np.inf, -np.inf,
              np.nan])


@pytest.mark.parametrize("decimals", [0, 1, 2, -1, -2])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.int64, np.complex128])
def test_around(decimals, dtype):
    x = np.array([15, 25, -15, 149, -151, 1234, 0, 7], dtype) if np.dtype(dtype).kind in "iu" \
        else X.astype(dtype) if np.dtype(dtype).kind == "f" else (X[:10] + 1j * X[::-1][:10])
    with np.errstate(all="ignore"):
        expected = np.round(x, decimals)
    assert_same(cp.around(cp.asarray(x), decimals), expected)
    assert_same(cp.round(cp.asarray(x), decimals), expected)
    assert_same(cp.asarray(x).round(decimals), expected)


def test_around_out_and_fix():
    x = np.array([1.25, -2.5, 3.75, -0.4])
    out = cp.empty(4, np.float32)
    assert cp.around(cp.asarray(x), 1, out=out) is out
    assert_same(out, np.round(x, 1).astype(np.float32))
    assert_same(cp.fix(cp.asarray(X)), np.fix(X))
    assert_same(cp.fix(cp.asarray(np.array([-3, 4], np.int16))), np.fix(np.array([-3, 4], np.int16)))


def test_real_imag_views_and_assignment():
    z = (np.arange(6) + 1j * np.arange(6, 12)).reshape(2, 3)
    cz = cp.asarray(z)
    assert_same(cp.real(cz), z.real)
    assert_same(cz.imag[:, ::2], z.imag[:, ::2])
    cz.real = 5
    cz.imag[0] = cp.asarray(np.array([-1.0, -2.0, -3.0]))
    z.real = 5
    z.imag[0] = [-1.0, -2.0, -3.0]
    assert_same(cz, z)
    f = np.arange(4.0)
    cf = cp.asarray(f)
    assert_same(cp.imag(cf), np.imag(f))
    assert_same(cf.real, f.real)
    cf.real = cp.asarray(np.ones(4))
    assert_same(cf, np.ones(4))
    with pytest.raises(TypeError):
        cf.imag = 1.0
    assert_same(cz.conj(), np.conj(z))


def test_angle_real_if_close_nan_to_num():
    z = np.array([1 + 1j, -1 + 0j, -1 - 0j, 0j, np.nan + 1j, -2j], np.complex64)
    assert_same(cp.angle(cp.asarray(z)), np.angle(z))
    assert_same(cp.angle(cp.asarray(z), deg=True), np.angle(z, deg=True))
    assert_same(cp.angle(cp.asarray(np.array([-1, 2, 0]))), np.angle(np.array([-1, 2, 0])))
    w = np.array([1 + 1e-15j, 2 - 1e-16j])
    assert_same(cp.real_if_close(cp.asarray(w)), np.real_if_close(w))
    assert_same(cp.real_if_close(cp.asarray(w + 1e-3j)), np.real_if_close(w + 1e-3j))
    for x in (X, X.astype(np.float32), X.astype(np.float16), X + 1j * X[::-1]):
        with np.errstate(all="ignore"):
            assert_same(cp.nan_to_num(cp.asarray(x)), np.nan_to_num(x))
            assert_same(cp.nan_to_num(cp.asarray(x), nan=-1.0, posinf=9.0, neginf=-9.0),
                        np.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0))
    cx = cp.asarray(X)
    assert cp.nan_to_num(cx, copy=False) is not None
    assert_same(cx, np.nan_to_num(X))
    assert_same(cp.nan_to_num(cp.asarray(np.arange(3))), np.arange(3))


def test_sinc_i0():
    x = np.array([0.0, 0.5, -1.0, 1.5, 3.25, -7.0, 40.0, np.nan])
    assert_same(cp.sinc(cp.asarray(x)), np.sinc(x))
    assert_same(cp.sinc(cp.asarray(x.astype(np.float32))), np.sinc(x.astype(np.float32)))
    assert_same(cp.sinc(cp.asarray(np.array([0, 2]))), np.sinc(np.array([0, 2])))
    y = np.array([0.0, 0.1, -1.0, 5.0, 8.0, 8.5, -30.0, 300.0, 700.0])
    assert_same(cp.i0(cp.asarray(y)), np.i0(y), rtol=1e-13)
    assert_same(cp.i0(cp.asarray(np.array([0, 3]))), np.i0(np.array([0, 3])))
    assert_same(cp.i0(cp.asarray(y[:6].astype(np.float32))), np.i0(y[:6].astype(np.float32)))
    with pytest.raises(TypeError):
        cp.i0(cp.asarray(np.array([1j])))


def test_isclose_allclose():
    a = np.array([1.0, 1.0 + 1e-9, np.inf, -np.inf, np.nan, 0.0, 1e10, 3.0])
    b = np.array([1.0, 1.0, np.inf, np.inf, np.nan, 1e-9, 1.0001e10, 3.1])
    ca, cb = cp.asarray(a), cp.asarray(b)
    assert_same(cp.isclose(ca, cb), np.isclose(a, b))
    assert_same(cp.isclose(ca, cb, equal_nan=True), np.isclose(a, b, equal_nan=True))
    assert_same(cp.isclose(ca, cb, rtol=0.1, atol=0), np.isclose(a, b, rtol=0.1, atol=0))
    assert_same(cp.isclose(ca, 3), np.isclose(a, 3))
    i = np.array([1, 2, 3], np.int32)
    assert_same(cp.isclose(cp.asarray(i), cp.asarray(i)), np.isclose(i, i))
    f = a.astype(np.float32)
    assert_same(cp.isclose(cp.asarray(f), cp.asarray(b.astype(np.float32))),
                np.isclose(f, b.astype(np.float32)))
    assert cp.allclose(ca[:2], cb[:2]) is True
    assert cp.allclose(ca, cb) is False
    assert cp.allclose(ca[4:5], cb[4:5], equal_nan=True) is True


def test_array_equal_equiv():
    a = np.array([1.0, np.nan, 3.0])
    ca = cp.asarray(a)
    assert cp.array_equal(ca, ca) is False
    assert cp.array_equal(ca, ca, equal_nan=True) is True
    assert cp.array_equal(ca, ca[:2]) is False
    assert cp.array_equiv(cp.asarray(np.array([1, 2])), cp.asarray(np.array([[1, 2], [1, 2]])))
    assert not cp.array_equiv(cp.asarray(np.array([1, 2])), cp.asarray(np.array([[1, 2, 3]])))
    assert not cp.array_equiv(cp.asarray(np.array([1, 2])), cp.asarray(np.array([[1, 3]])))


def test_classification():
    assert_same(cp.isposinf(cp.asarray(X)), np.isposinf(X))
    assert_same(cp.isneginf(cp.asarray(X)), np.isneginf(X))
    out = cp.empty(X.shape, np.bool_)
    assert cp.isneginf(cp.asarray(X), out=out) is out
    assert_same(out, np.isneginf(X))
    with pytest.raises(TypeError):
        cp.isposinf(cp.asarray(np.array([1j])))
    z = np.array([1 + 0j, 1j, 0j, 2 - 0j])
    for v in (z, X, np.arange(3)):
        assert_same(cp.isreal(cp.asarray(v)), np.isreal(v))
        assert_same(cp.iscomplex(cp.asarray(v)), np.iscomplex(v))
        assert cp.iscomplexobj(cp.asarray(v)) == np.iscomplexobj(v)
        assert cp.isrealobj(cp.asarray(v)) == np.isrealobj(v)
    assert cp.iscomplexobj(1j) and cp.isrealobj(1.0)


def test_cumulative_ediff1d():
    x = np.arange(1, 13, dtype=np.int32).reshape(3, 4)
    cx = cp.asarray(x)
    for kw in [dict(axis=0), dict(axis=1, include_initial=True), dict(axis=-1, dtype=np.float32)]:
        assert_same(cp.cumulative_sum(cx, **kw), np.cumulative_sum(x, **kw))
        assert_same(cp.cumulative_prod(cx, **kw), np.cumulative_prod(x, **kw))
    assert_same(cp.cumulative_sum(cx[0], include_initial=True),
                np.cumulative_sum(x[0], include_initial=True))
    with pytest.raises(ValueError):
        cp.cumulative_sum(cx)
    y = np.array([1, 4, 9, 16], np.int64)
    assert_same(cp.ediff1d(cp.asarray(y)), np.ediff1d(y))
    assert_same(cp.ediff1d(cp.asarray(y), to_end=cp.asarray(np.array([99])),
                           to_begin=cp.asarray(np.array([-1, -2]))),
                np.ediff1d(y, to_end=np.array([99]), to_begin=np.array([-1, -2])))
    with pytest.raises(TypeError):
        cp.ediff1d(cp.asarray(y), to_end=cp.asarray(np.array([0.5])))


def test_trapezoid_cross():
    y = np.linspace(0, 3, 12).reshape(3, 4) ** 2
    cy = cp.asarray(y)
    assert_same(cp.trapezoid(cy), np.trapezoid(y))
    assert_same(cp.trapezoid(cy, dx=0.5, axis=0), np.trapezoid(y, dx=0.5, axis=0))
    xs = np.array([0.0, 1.0, 1.5, 4.0])
    assert_same(cp.trapezoid(cy, x=cp.asarray(xs)), np.trapezoid(y, x=xs))
    assert_same(cp.trapezoid(cy, x=cy, axis=0), np.trapezoid(y, x=y, axis=0))
    a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    b = np.array([[7.0, -8.0, 9.0], [np.inf, 0.5, 1.0]])
    assert_same(cp.cross(cp.asarray(a), cp.asarray(b)), np.cross(a, b))
    assert_same(cp.cross(cp.asarray(a.T), cp.asarray(b), axisa=0), np.cross(a.T, b, axisa=0))
    assert_same(cp.cross(cp.asarray(a), cp.asarray(b), axisc=0), np.cross(a, b, axisc=0))
    i = np.array([[1, 2, 3]], np.int32)
    assert_same(cp.cross(cp.asarray(i), cp.asarray(b)), np.cross(i, b))
    with pytest.raises(ValueError):
        cp.cross(cp.asarray(np.ones(4)), cp.asarray(np.ones(4)))


def test_interp():
    xp = np.array([0.0, 1.0, 2.5, 4.0])
    fp = np.array([1.0, -1.0, 3.0, 0.0])
    x = np.array([-1.0, 0.0, 0.3, 1.0, 2.0, 3.9, 4.0, 5.0, np.nan])
    assert_same(cp.interp(cp.asarray(x), cp.asarray(xp), cp.asarray(fp)), np.interp(x, xp, fp))
    assert_same(cp.interp(cp.asarray(x), cp.asarray(xp), cp.asarray(fp), left=-9, right=9.5),
                np.interp(x, xp, fp, left=-9, right=9.5))
    fz = fp + 1j * fp[::-1]
    assert_same(cp.interp(cp.asarray(x[:-1]), cp.asarray(xp), cp.asarray(fz)),
                np.interp(x[:-1], xp, fz))
    xi = np.array([0, 2, 4], np.int32)
    assert_same(cp.interp(cp.asarray(xi), cp.asarray(xp), cp.asarray(fp.astype(np.float32))),
                np.interp(xi, xp, fp.astype(np.float32)))
    with pytest.raises(ValueError):
        cp.interp(cp.asarray(x), cp.asarray(xp), cp.asarray(fp[:2]))
    deg = np.array([-180.0, -170, -185, 185, -10, -5, 0, 365, 10, 5, 175])
    xpp = np.array([190.0, -190, 350, -350])
    fpp = np.array([5.0, 10, 3, 4])
    assert_same(cp.interp(cp.asarray(deg), cp.asarray(xpp), cp.asarray(fpp), period=360),
                np.interp(deg, xpp, fpp, period=360))


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_convolve(mode):
    a = np.array([1.0, 2.0, -3.0, 4.5, 0.25])
    v = np.array([0.5, -1.0, 2.0])
    assert_same(cp.convolve(cp.asarray(a), cp.asarray(v), mode), np.convolve(a, v, mode))
    assert_same(cp.convolve(cp.asarray(v), cp.asarray(a), mode), np.convolve(v, a, mode))
    i = np.array([1, 2, 3, 4], np.int32)
    assert_same(cp.convolve(cp.asarray(i), cp.asarray(i[:2]), mode), np.convolve(i, i[:2], mode))
    with pytest.raises(ValueError):
        cp.convolve(cp.asarray(a), cp.asarray(np.array([])), mode)


def test_gradient():
    f = np.array([[1.0, 2.0, 4.0, 7.0, 11.0], [2.0, 3.0, 0.5, -1.0, 8.0], [0.0, 1.0, 1.0, 2.0, 3.0]])
    cf = cp.asarray(f)
    x = np.array([0.0, 0.5, 1.5, 1.75, 3.0])
    for args, kw in [((), {}), ((2.0,), {}), ((0.5, cp.asarray(x)), {}),
                     ((), dict(edge_order=2)), ((cp.asarray(x),), dict(axis=1, edge_order=2)),
                     ((1.5,), dict(axis=0, edge_order=2)), ((), dict(axis=-1))]:
        nargs = [a.get() if isinstance(a, cp.ndarray) else a for a in args]
        expected = np.gradient(f, *nargs, **kw)
        got = cp.gradient(cf, *args, **kw)
        if isinstance(expected, tuple):
            assert isinstance(got, tuple) and len(got) == len(expected)
            for g, e in zip(got, expected):
                assert_same(g, e)
        else:
            assert_same(got, expected)
    i = np.array([1, 4, 9, 16], np.int32)
    assert_same(cp.gradient(cp.asarray(i)), np.gradient(i))
    assert_same(cp.gradient(cp.asarray(i.astype(np.float32))), np.gradient(i.astype(np.float32)))
    with pytest.raises(ValueError):
        cp.gradient(cp.asarray(np.ones(2)), edge_order=2)


def test_unwrap():
    p = np.array([0.0, 3.0, 6.5, 0.1, -3.0, -6.3, 12.0, np.pi, -np.pi])
    assert_same(cp.unwrap(cp.asarray(p)), np.unwrap(p))
    assert_same(cp.unwrap(cp.asarray(p), discont=4.0), np.unwrap(p, discont=4.0))
    q = np.array([[0, 170, 350, 10], [5, 190, -170, 20]], np.float32)
    assert_same(cp.unwrap(cp.asarray(q), period=360.0), np.unwrap(q, period=360.0))
    assert_same(cp.unwrap(cp.asarray(q), axis=0, period=360.0), np.unwrap(q, axis=0, period=360.0))
    assert_same(cp.unwrap(cp.asarray(np.array([0, 5, 10]))), np.unwrap(np.array([0, 5, 10])))
    # an integer period keeps integers integral; the boundary case only for an even period
    for period in (4, 5, -5):
        for dtype in (np.int64, np.int16):
            k = np.array([2, 3, 4, 5, 2, 3, 4, 5, -1, 7], dtype)
            assert_same(cp.unwrap(cp.asarray(k), period=period), np.unwrap(k, period=period))
    assert_same(cp.unwrap(cp.asarray(q), period=360), np.unwrap(q, period=360))
