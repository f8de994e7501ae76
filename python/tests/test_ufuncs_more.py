"""The third wave of ufuncs (two outputs, mixed loops, number theory, nan-aware and bit-level
float functions) and the ufunc attributes and casting rules, against NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

SPECIAL = np.array([0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -3.75, 7.0, 1e-300, 1e300, np.inf,
                    -np.inf, np.nan])
INTS = np.array([0, 1, -1, 6, -4, 7, -8, 100, -128, 127, 12], np.int32)


def same_bits(actual, expected):
    """Values, dtypes and the signs of zeros as NumPy's (a NaN's sign bit is the platform's:
    x86 makes 0/0 negative, GPUs positive, so NaNs are compared as NaNs only)."""
    assert_same(actual, expected)
    e = np.asarray(expected)
    if e.dtype.kind == "f":
        keep = ~np.isnan(e)
        np.testing.assert_array_equal(np.signbit(actual.get())[keep], np.signbit(e)[keep])


def pairs(values):
    a, b = np.meshgrid(values, values)
    return a.ravel(), b.ravel()


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16])
def test_divmod_floats(dtype):
    a, b = pairs(SPECIAL.astype(dtype))
    with np.errstate(all="ignore"):
        q, r = np.divmod(a, b)
    cq, cr = cp.divmod(cp.asarray(a), cp.asarray(b))
    same_bits(cq, q)
    same_bits(cr, r)


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint16])
def test_divmod_integers_and_operator(dtype):
    x = INTS.astype(dtype) if np.dtype(dtype).kind == "i" else np.abs(INTS).astype(dtype)
    a, b = pairs(x[:-2])
    with np.errstate(all="ignore"):
        q, r = np.divmod(a, b)
    ca, cb = cp.asarray(a), cp.asarray(b)
    for got in (cp.divmod(ca, cb), divmod(ca, cb)):
        assert isinstance(got, tuple)
        assert_same(got[0], q)
        assert_same(got[1], r)
    assert_same(divmod(7, ca[1:3])[1], np.divmod(7, a[1:3])[1])


def test_divmod_out_tuple():
    a = cp.asarray(np.array([7.0, -7.5, 3.0]))
    q, r = cp.empty(3), cp.empty(3, np.float32)
    got = cp.divmod(a, 2, out=(q, r))
    assert got[0] is q and got[1] is r
    assert_same(r, np.divmod(a.get(), 2)[1].astype(np.float32))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16])
def test_frexp_modf(dtype):
    x = SPECIAL.astype(dtype)
    m, e = np.frexp(x)
    cm, ce = cp.frexp(cp.asarray(x))
    same_bits(cm, m)
    assert_same(ce, e)
    f, i = np.modf(x)
    cf, ci = cp.modf(cp.asarray(x))
    same_bits(cf, f)
    same_bits(ci, i)


def test_ldexp_mixed_loops():
    x = np.array([1.0, -0.0, 0.75, np.inf, np.nan, 3.0])
    e32 = np.array([2, 3, -1, 1, 0, -1080], np.int32)
    e8 = e32.astype(np.int8)
    for a, b in [(x, e32), (x.astype(np.float32), e8), (x.astype(np.float16), e32),
                 (x.astype(np.float32), e32.astype(np.int64)), (e32, e32)]:
        with np.errstate(all="ignore"):
            expected = np.ldexp(a, b)
        assert_same(cp.ldexp(cp.asarray(a), cp.asarray(b)), expected)
    assert_same(cp.ldexp(cp.asarray(x.astype(np.float32)), 3),
                np.ldexp(x.astype(np.float32), 3))
    assert_same(cp.ldexp(1.5, cp.asarray(e32[:3])), np.ldexp(1.5, e32[:3]))
    with pytest.raises(TypeError):
        cp.ldexp(cp.asarray(x), cp.asarray(x))


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint32])
def test_gcd_lcm(dtype):
    x = INTS[:8] if np.dtype(dtype).kind == "i" else np.abs(INTS[:8])
    a, b = pairs(x.astype(dtype))
    ca, cb = cp.asarray(a), cp.asarray(b)
    assert_same(cp.gcd(ca, cb), np.gcd(a, b))
    assert_same(cp.lcm(ca, cb), np.lcm(a, b))


@pytest.mark.parametrize("name", ["heaviside", "logaddexp", "logaddexp2", "fmax", "fmin",
                                  "nextafter", "float_power"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16])
def test_binary_floats(name, dtype):
    a, b = pairs(SPECIAL.astype(dtype))
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(a, b)
    got = getattr(cp, name)(cp.asarray(a), cp.asarray(b))
    if name == "nextafter":  # equal operands give y, as NumPy >= 2.5 (2.4's float16 gave x)
        expected = np.where(a == b, b, expected)
    assert_same(got, expected, rtol=1e-3 if dtype == np.float16 else None)
    if name == "nextafter":
        same_bits(got, expected)


def test_fmax_fmin_integers_complex_broadcast():
    a = INTS.astype(np.int16)
    assert_same(cp.fmax(cp.asarray(a), cp.asarray(a[::-1])), np.fmax(a, a[::-1]))
    z = np.array([1 + 1j, np.nan + 0j, 2 - 1j, 1 + np.nan * 1j])
    w = np.array([1 + 2j, 3 + 0j, np.nan * 1j, 0j])
    assert_same(cp.fmax(cp.asarray(z), cp.asarray(w)), np.fmax(z, w))
    assert_same(cp.fmin(cp.asarray(z), cp.asarray(w)), np.fmin(z, w))
    m = np.arange(6.0).reshape(2, 3)
    assert_same(cp.fmin(cp.asarray(m), np.nan), np.fmin(m, np.nan))
    b = np.array([True, False])
    assert_same(cp.fmax(cp.asarray(b), cp.asarray(b[::-1])), np.fmax(b, b[::-1]))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16])
def test_signbit_spacing(dtype):
    x = np.concatenate([SPECIAL, [np.finfo(dtype).max, -np.finfo(dtype).tiny]]).astype(dtype)
    assert_same(cp.signbit(cp.asarray(x)), np.signbit(x))
    with np.errstate(all="ignore"):
        expected = np.spacing(x)
    same_bits(cp.spacing(cp.asarray(x)), expected)


@pytest.mark.parametrize("dtype", [np.int8, np.int64, np.uint8, np.uint64])
def test_bitwise_count(dtype):
    info = np.iinfo(dtype)
    x = np.array([0, 1, 7, info.max, info.min, info.max // 3], dtype)
    if info.min < 0:
        x = np.concatenate([x, np.array([-1, -7], dtype)])
    assert_same(cp.bitwise_count(cp.asarray(x)), np.bitwise_count(x))
    assert_same(cp.bitwise_count(cp.asarray(np.array([True, False]))),
                np.bitwise_count(np.array([True, False])))


def test_new_ufuncs_non_contiguous_and_out():
    x = np.linspace(-3, 3, 24).reshape(4, 6)
    cx = cp.asarray(x)
    out = cp.empty((4, 3))
    assert cp.logaddexp(cx[:, ::2], cx[:, 1::2], out=out) is out
    assert_same(out, np.logaddexp(x[:, ::2], x[:, 1::2]))
    assert_same(cp.heaviside(cx.T, 0.5), np.heaviside(x.T, 0.5))


# Attributes: every ufunc's, compared with NumPy's (ndgpu lists a subset of NumPy's loops:
# no object, datetime, long double or longlong loops).
def all_ufuncs():
    return [n for n in dir(cp) if isinstance(getattr(cp, n), cp.ufunc)]


def test_attributes_match_numpy():
    names = all_ufuncs()
    assert len(names) > 100
    for name in names:
        u, nu = getattr(cp, name), getattr(np, name)
        assert (u.nin, u.nout, u.nargs, u.__name__) == (nu.nin, nu.nout, nu.nargs, nu.__name__)
        assert set(u.types) <= set(nu.types), (name, set(u.types) - set(nu.types))
        assert u.ntypes == len(u.types) > 0
        assert nu.__doc__ in u.__doc__  # NumPy's text, after ndgpu's signature and notes
        if nu.identity is None or (name == "logical_and"):
            assert u.identity == nu.identity
        else:
            assert u.identity == nu.identity and type(u.identity) is type(nu.identity)
    assert cp.add.types[:3] == ["??->?", "bb->b", "BB->B"]
    assert cp.frexp.types == np.frexp.types[:3] and cp.logical_and.identity is True


CAST_CASES = [  # (a dtype, b dtype, kwargs)
    (np.int8, np.int16, dict(casting="no")),
    (np.int8, np.int16, dict(casting="equiv")),
    (np.float64, np.float64, dict(dtype=np.int32)),
    (np.float64, np.float64, dict(dtype=np.float32, casting="safe")),
    (np.int8, np.int8, dict(out="uint8", casting="safe")),
    (np.int8, np.int8, dict(out="int16", casting="no")),
    (np.float64, np.float64, dict(out="int64")),
]


@pytest.mark.parametrize("a_t,b_t,kw", CAST_CASES)
def test_casting_errors_are_numpys(a_t, b_t, kw):
    a, b = np.ones(3, a_t), np.ones(3, b_t)
    nkw, ckw = dict(kw), dict(kw)
    if "out" in kw:
        nkw["out"], ckw["out"] = np.empty(3, kw["out"]), cp.empty(3, kw["out"])
    with pytest.raises(TypeError) as expected:
        np.add(a, b, **nkw)
    with pytest.raises(TypeError) as got:
        cp.add(cp.asarray(a), cp.asarray(b), **ckw)
    assert type(got.value) is type(expected.value)
    assert str(got.value) == str(expected.value)


def test_casting_allowed():
    a = np.arange(4, dtype=np.float32)
    ca = cp.asarray(a)
    assert_same(cp.add(ca, ca, dtype=np.int64, casting="unsafe"),
                np.add(a, a, dtype=np.int64, casting="unsafe"))
    assert_same(cp.add(ca, 1, casting="no"), np.add(a, 1, casting="no"))
    o = cp.empty(4, np.int8)
    cp.multiply(ca, 2, out=o, casting="unsafe")
    assert_same(o, (a * 2).astype(np.int8))
    with pytest.raises(ValueError):
        cp.add(ca, ca, casting="bad")
    with pytest.raises(TypeError) as e:
        cp.sqrt(cp.asarray(np.ones(2)), out=cp.empty(2, np.float32), casting="safe")
    assert str(e.value) == ("Cannot cast ufunc 'sqrt' output from dtype('float64') to "
                            "dtype('float32') with casting rule 'safe'")


def test_outer():
    a = np.arange(6.0).reshape(2, 3)
    b = np.array([1, -2, 3, 0], np.int32)
    assert_same(cp.multiply.outer(cp.asarray(a), cp.asarray(b)), np.multiply.outer(a, b))
    q, r = cp.divmod.outer(cp.asarray(b), cp.asarray(b[:3]))
    eq, er = np.divmod.outer(b, b[:3])
    assert_same(q, eq)
    assert_same(r, er)
    out = cp.empty((4, 4), np.float64)
    assert cp.add.outer(cp.asarray(b), cp.asarray(b), out=out) is out
    assert_same(out, np.add.outer(b, b).astype(np.float64))
    assert_same(cp.subtract.outer(cp.asarray(b), 2), np.subtract.outer(b, 2))
    with pytest.raises(ValueError, match="binary"):
        cp.sin.outer(cp.asarray(a), cp.asarray(a))


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.float16, np.float32, np.complex64])
def test_pow_two_is_square_as_numpys_fast_power(dtype):
    a = np.array([0, 1, 2, 3, 11], dtype=dtype)
    for e in (2, 2.0, 3):
        want = a ** e
        got = cp.asarray(a) ** e
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got.get(), want)
