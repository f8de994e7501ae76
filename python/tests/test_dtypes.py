"""Dtype rules vs NumPy 2: promote_types, result_type, can_cast and NEP 50 Python scalars."""
import itertools

import numpy as np
import pytest

import ndgpu as cp
from conftest import ALL_DTYPES


PAIRS = list(itertools.product(ALL_DTYPES, ALL_DTYPES))
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


def _id(t):
    return np.dtype(t).name


def test_all_fourteen_dtypes():
    assert len(ALL_DTYPES) == 14
    assert len({np.dtype(t) for t in ALL_DTYPES}) == 14


@pytest.mark.parametrize("a", ALL_DTYPES, ids=_id)
def test_promote_types_all_pairs(a):
    for b in ALL_DTYPES:
        got = cp.promote_types(a, b)
        assert got == np.promote_types(a, b), (a, b, got)
        assert isinstance(got, np.dtype)
        # Also with dtype objects and names.
        assert cp.promote_types(np.dtype(a), np.dtype(b).name) == np.promote_types(a, b)


@pytest.mark.parametrize("a", ALL_DTYPES, ids=_id)
def test_result_type_all_pairs(a):
    for b in ALL_DTYPES:
        assert cp.result_type(a, b) == np.result_type(a, b), (a, b)
        # Arrays take part like their dtypes.
        x = cp.zeros(2, dtype=a)
        y = cp.zeros(2, dtype=b)
        assert cp.result_type(x, y) == np.result_type(np.zeros(2, a), np.zeros(2, b)), (a, b)


def test_result_type_three_operands():
    for a, b, c in [(np.int8, np.uint8, np.float16), (np.uint64, np.int64, np.bool_),
                    (np.float32, np.int32, np.complex64), (np.uint16, np.int8, np.int8)]:
        assert cp.result_type(a, b, c) == np.result_type(a, b, c)


def test_result_type_all_triples_not_associative():
    # NumPy promotes each dtype with the "main" one first: int8, uint8, float16 -> float16
    # although int8, uint8 -> int16 and int16, float16 -> float32.
    assert cp.result_type(np.int8, np.uint8, np.float16) == np.float16
    assert cp.result_type(np.int8, np.uint16, np.float32) == np.float32
    bad = [ts for ts in itertools.product(ALL_DTYPES, repeat=3)
           if cp.result_type(*ts) != np.result_type(*ts)]
    assert bad == []


@pytest.mark.parametrize("casting", CASTINGS)
def test_can_cast_all_pairs(casting):
    for a, b in PAIRS:
        got = cp.can_cast(a, b, casting)
        assert got == np.can_cast(a, b, casting), (a, b, casting)
        assert isinstance(got, bool)


def test_can_cast_default_is_safe():
    for a, b in PAIRS:
        assert cp.can_cast(a, b) == np.can_cast(a, b), (a, b)


def test_can_cast_from_array():
    x = cp.zeros(3, dtype=np.int16)
    for b in ALL_DTYPES:
        assert cp.can_cast(x, b) == np.can_cast(np.zeros(3, np.int16), b)


@pytest.mark.parametrize("value", [1, 1.0, 1j, True])
def test_can_cast_python_scalar_raises_typeerror(value):
    with pytest.raises(TypeError):
        np.can_cast(value, np.int8)
    with pytest.raises(TypeError):
        cp.can_cast(value, np.int8)


def test_can_cast_bad_casting_name():
    with pytest.raises(ValueError):
        np.can_cast(np.int8, np.int16, "bogus")
    with pytest.raises(ValueError):
        cp.can_cast(np.int8, np.int16, "bogus")


@pytest.mark.parametrize("scalar", [1, 1.0, 1j, True, -1, 0.5, 2 + 3j, False],
                         ids=lambda v: type(v).__name__ + "_" + str(v))
def test_result_type_python_scalar_nep50(scalar):
    for t in ALL_DTYPES:
        x = cp.zeros(3, dtype=t)
        expected = np.result_type(np.zeros(3, dtype=t), scalar)
        assert cp.result_type(x, scalar) == expected, (t, scalar)
        assert cp.result_type(scalar, x) == expected, (t, scalar)
        # A dtype with a weak scalar behaves like an array of that dtype.
        assert cp.result_type(t, scalar) == np.result_type(t, scalar), (t, scalar)


def test_result_type_python_scalars_alone():
    for vals in [(1,), (1.0,), (1j,), (True,), (1, 1.0), (True, 1), (1, 1j), (1.0, True)]:
        assert cp.result_type(*vals) == np.result_type(*vals), vals


def test_result_type_numpy_scalars_are_strong():
    x = cp.zeros(3, dtype=np.float32)
    for s in [np.float64(1), np.int64(1), np.complex128(1), np.float16(1), np.int8(1)]:
        assert cp.result_type(x, s) == np.result_type(np.zeros(3, np.float32), s), type(s)
    y = cp.zeros(3, dtype=np.int8)
    for s in [np.int16(1), np.uint8(1), np.float32(1), np.bool_(True)]:
        assert cp.result_type(y, s) == np.result_type(np.zeros(3, np.int8), s), type(s)


def test_zero_dim_array_is_strong():
    # NumPy 2: a 0-d array takes part in promotion with its dtype (no value-based casting).
    x = cp.zeros(3, dtype=np.int8)
    y = cp.array(np.int64(1))
    assert y.ndim == 0
    assert cp.result_type(x, y) == np.result_type(np.zeros(3, np.int8), np.array(np.int64(1)))
    assert (x + y).dtype == (np.zeros(3, np.int8) + np.array(np.int64(1))).dtype


# The operator results use one small array per dtype; 4 scalar kinds x 14 dtypes kernels,
# compiled once and cached.
@pytest.mark.parametrize("t, scalar", [
    pytest.param(t, s, id=f"{_id(t)}-{k}")
    for t in ALL_DTYPES for k, s in [("int", 2), ("float", 2.0), ("complex", 2j), ("bool", True)]])
def test_array_plus_python_scalar_dtype(t, scalar):
    xn = np.ones(3, dtype=t)
    x = cp.ones(3, dtype=t)
    expected = xn + scalar
    got = x + scalar
    assert got.dtype == expected.dtype, (t, scalar)
    np.testing.assert_array_equal(got.get(), expected)
    rgot = scalar + x
    assert rgot.dtype == (scalar + xn).dtype
    np.testing.assert_array_equal(rgot.get(), scalar + xn)


def test_array_op_numpy_scalar_dtype():
    for t, s in [(np.float32, np.float64(2)), (np.int8, np.int64(2)), (np.uint8, np.float16(2)),
                 (np.float32, np.complex64(2)), (np.int32, np.float32(2)), (np.bool_, np.int8(2))]:
        xn = np.ones(3, dtype=t)
        x = cp.ones(3, dtype=t)
        got = x * s
        assert got.dtype == (xn * s).dtype, (t, type(s))
        np.testing.assert_array_equal(got.get(), xn * s)
        got = s * x
        assert got.dtype == (s * xn).dtype, (t, type(s))


def test_float16_array_times_complex_scalar():
    xn = np.ones(3, dtype=np.float16)
    got = cp.ones(3, dtype=np.float16) * np.complex64(2)
    assert got.dtype == (xn * np.complex64(2)).dtype
    np.testing.assert_array_equal(got.get(), xn * np.complex64(2))


@pytest.mark.parametrize("value", [300, -1, 256, 2**70])
def test_python_int_out_of_range_raises(value):
    xn = np.arange(3, dtype=np.uint8)
    x = cp.arange(3, dtype=cp.uint8)
    with pytest.raises(OverflowError):
        xn + value
    with pytest.raises(OverflowError):
        x + value
    with pytest.raises(OverflowError):
        value + x


def test_python_int_in_range_edges():
    x = cp.arange(3, dtype=cp.uint8)
    xn = np.arange(3, dtype=np.uint8)
    for v in [0, 255]:
        np.testing.assert_array_equal((x + v).get(), xn + v)
        assert (x + v).dtype == np.uint8
    y = cp.arange(3, dtype=cp.int8)
    with pytest.raises(OverflowError):
        y + 128
    with pytest.raises(OverflowError):
        y + (-129)
    np.testing.assert_array_equal((y + (-128)).get(), np.arange(3, dtype=np.int8) + (-128))


def test_python_int_out_of_range_int64():
    x = cp.arange(3, dtype=cp.int64)
    with pytest.raises(OverflowError):
        x + 2**64
    # A Python int fits uint64 but not int64: NumPy raises for int64 arrays.
    with pytest.raises(OverflowError):
        np.arange(3) + 2**63
    with pytest.raises(OverflowError):
        x + 2**63
    u = cp.arange(3, dtype=cp.uint64)
    np.testing.assert_array_equal((u + 2**63).get(), np.arange(3, dtype=np.uint64) + 2**63)


def test_setitem_out_of_range_raises():
    a = cp.arange(3, dtype=cp.uint8)
    an = np.arange(3, dtype=np.uint8)
    with pytest.raises(OverflowError):
        an[0] = 300
    with pytest.raises(OverflowError):
        a[0] = 300
    with pytest.raises(OverflowError):
        a[...] = -1
    np.testing.assert_array_equal(a.get(), an)  # unchanged


def test_float_scalar_on_int_array():
    x = cp.arange(3, dtype=cp.int16)
    got = x * 0.5
    assert got.dtype == (np.arange(3, dtype=np.int16) * 0.5).dtype
    np.testing.assert_array_equal(got.get(), np.arange(3, dtype=np.int16) * 0.5)


def test_dtype_arguments_accepted_forms():
    for form in [np.float32, "float32", "f4", "f", np.dtype("float32")]:
        assert cp.zeros(2, dtype=form).dtype == np.float32
    assert cp.zeros(2, dtype=int).dtype == np.dtype(int)
    assert cp.zeros(2, dtype=float).dtype == np.float64
    assert cp.zeros(2, dtype=complex).dtype == np.complex128
    assert cp.zeros(2, dtype=bool).dtype == np.bool_


def test_unsupported_dtype_raises_typeerror():
    with pytest.raises(TypeError):
        cp.zeros(2, dtype="U3")
    with pytest.raises(TypeError):
        cp.zeros(2, dtype="not a dtype")
