"""The second wave of ufuncs against NumPy: each loop kind once (an integer, a float and a
complex type where NumPy has one), with NumPy's special values and integer corner cases."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

SPECIAL = np.array([0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -3.75, 1e-300, 1e300, np.inf, -np.inf,
                    np.nan])
INTS = np.array([0, 1, -1, 2, -3, 7, -8, 100, -128, 127], np.int32)


def values(dtype, domain=None):
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return np.array([True, False, True, True])
    if dt.kind in "iu":
        x = INTS if dt.kind == "i" else np.abs(INTS)
        return x.astype(dt)
    x = SPECIAL if domain is None else SPECIAL[(SPECIAL >= domain[0]) & (SPECIAL <= domain[1])]
    if dt.kind == "c":  # off the branch cuts: signed zeros there are not NumPy's yet
        x = x[np.isfinite(x)][:8]
        return ((x + 0.125) + 1j * (x[::-1] + 0.25)).astype(dt)
    with np.errstate(over="ignore"):
        return x.astype(dt)


def check_unary(name, dtype, domain=None, rtol=None):
    x = values(dtype, domain)
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(x)
    assert_same(getattr(cp, name)(cp.asarray(x)), expected, rtol=rtol)


FLOAT_UNARY = ["sin", "cos", "tan", "arctan", "sinh", "cosh", "tanh", "arcsinh", "exp2", "expm1",
               "log2", "log10", "rint", "cbrt", "fabs", "floor", "ceil", "trunc", "deg2rad",
               "rad2deg", "square", "reciprocal", "sign", "isinf", "isfinite", "isnan",
               "logical_not", "positive", "conjugate"]


@pytest.mark.parametrize("name", FLOAT_UNARY)
def test_float_unary(name):
    check_unary(name, np.float64)


@pytest.mark.parametrize("name,domain", [("arcsin", (-1, 1)), ("arccos", (-1, 1)),
                                         ("arctanh", (-1, 1)), ("arccosh", (1, np.inf))])
def test_float_unary_in_domain(name, domain):
    check_unary(name, np.float64, domain)
    check_unary(name, np.float32, domain)


@pytest.mark.parametrize("name", ["sin", "tanh", "exp2", "log10", "square", "sign", "floor"])
def test_float32_and_float16(name):
    check_unary(name, np.float32)
    check_unary(name, np.float16)


@pytest.mark.parametrize("name", ["sin", "cos", "tan", "arcsin", "arctan", "sinh", "tanh",
                                  "arcsinh", "arctanh", "exp2", "expm1", "log2", "log10",
                                  "square", "reciprocal", "sign", "rint", "conjugate",
                                  "isfinite"])
def test_complex_unary(name):
    check_unary(name, np.complex128, rtol=1e-12)


@pytest.mark.parametrize("name", ["square", "reciprocal", "sign", "floor", "ceil", "trunc",
                                  "invert", "positive", "conjugate", "isnan", "isinf",
                                  "logical_not"])
@pytest.mark.parametrize("dtype", [np.int32, np.uint8])
def test_integer_unary(name, dtype):
    x = values(dtype)
    if name == "reciprocal":  # NumPy's 1 // 0 is whatever its float-to-int cast gives
        x = x[x != 0]
    assert_same(getattr(cp, name)(cp.asarray(x)), getattr(np, name)(x))


@pytest.mark.parametrize("name", ["floor", "invert", "isfinite", "logical_not", "square"])
def test_bool_unary(name):
    check_unary(name, np.bool_)


def pairs(dtype):
    x = values(dtype)
    return np.repeat(x, len(x)), np.tile(x, len(x))


@pytest.mark.parametrize("name", ["remainder", "fmod", "arctan2", "hypot", "copysign", "power",
                                  "logical_and", "logical_or", "logical_xor"])
def test_float_binary(name):
    a, b = pairs(np.float64)
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(a, b)
    assert_same(getattr(cp, name)(cp.asarray(a), cp.asarray(b)), expected)


@pytest.mark.parametrize("name", ["remainder", "fmod", "bitwise_and", "bitwise_or",
                                  "bitwise_xor", "logical_and"])
@pytest.mark.parametrize("dtype", [np.int32, np.uint8])
def test_integer_binary(name, dtype):
    a, b = pairs(dtype)
    with np.errstate(all="ignore"):
        expected = getattr(np, name)(a, b)
    assert_same(getattr(cp, name)(cp.asarray(a), cp.asarray(b)), expected)


def test_shifts_past_the_width():
    a = np.array([1, -1, 5, -128, 127, 3], np.int8)
    b = np.array([0, 1, 7, 8, 9, 100], np.int8)
    for name in ("left_shift", "right_shift"):
        assert_same(getattr(cp, name)(cp.asarray(a), cp.asarray(b)), getattr(np, name)(a, b))


def test_integer_power():
    a = np.array([0, 1, -1, 2, 3, -3, 7, 10], np.int64)
    b = np.array([0, 1, 2, 3, 4, 5, 20, 30], np.int64)
    assert_same(cp.power(cp.asarray(a), cp.asarray(b)), np.power(a, b))  # wraps as NumPy
    assert_same(cp.asarray(a) ** 2, a ** 2)
    with pytest.raises(ValueError, match="negative integer powers"):
        cp.asarray(a) ** -1
    with pytest.raises(ValueError, match="negative integer powers"):
        cp.power(cp.asarray(a), cp.asarray(-b))


def test_complex_power():
    z = values(np.complex128)
    for e in (2, 3, -1, 0.5):
        with np.errstate(all="ignore"):
            assert_same(cp.asarray(z) ** e, z ** e, rtol=1e-12)


def test_operators_and_aliases():
    a, b = INTS.copy(), np.array([3, -2, 5, 1, 7, 2, 3, -4, 9, 2], np.int32)
    ca, cb = cp.asarray(a), cp.asarray(b)
    assert_same(ca % cb, a % b)
    assert_same(ca & cb, a & b)
    assert_same(ca | 6, a | 6)
    assert_same(3 ^ ca, 3 ^ a)
    assert_same(~ca, ~a)
    assert_same(ca << 2, a << 2)
    assert_same(ca >> 1, a >> 1)
    assert_same(2 ** cp.asarray(np.abs(b)), 2 ** np.abs(b))
    x = cp.asarray(SPECIAL)
    assert_same(x ** 2, SPECIAL ** 2)
    c = cp.asarray(a)
    c %= 5
    assert_same(c, a % 5)
    assert cp.mod is cp.remainder and cp.bitwise_not is cp.invert and cp.atan2 is cp.arctan2
    assert_same(cp.acos(cp.asarray([0.5])), np.arccos([0.5]))
