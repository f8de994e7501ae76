"""ufunc.at (unbuffered: repeated indices apply once each) and ufunc.reduceat (NumPy's segment
rules), against NumPy."""
import functools

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

REPEATS = np.array([0, 3, 3, 1, 0, 3, 5])


def run_at(name, a, indices, b=None, dev_indices=None):
    """NumPy's ufunc.at on a copy of `a` and ndgpu's on the device: both results."""
    expected = a.copy()
    args = () if b is None else (b,)
    getattr(np, name).at(expected, indices, *args)
    actual = cp.asarray(a)
    dev_b = () if b is None else (cp.asarray(b) if isinstance(b, np.ndarray) else b,)
    getattr(cp, name).at(actual, indices if dev_indices is None else dev_indices, *dev_b)
    return actual, expected


# One row per strategy: atomic (commuting ufuncs, unary), in order (power, arctan2, complex128).
@pytest.mark.parametrize("name,dtype", [("add", np.float64), ("add", np.int32),
                                        ("subtract", np.int8), ("multiply", np.complex64),
                                        ("maximum", np.float32), ("bitwise_or", np.uint16),
                                        ("power", np.int64), ("arctan2", np.float64),
                                        ("add", np.complex128), ("logical_and", np.bool_)])
def test_at_repeated_indices(name, dtype):
    rng = np.random.default_rng(1)
    if np.dtype(dtype).kind in "biu":  # small values: powers stay in range
        a = rng.integers(0 if dtype == np.bool_ else 1, 3, 8).astype(dtype)
        b = rng.integers(0 if dtype == np.bool_ else 1, 3, len(REPEATS)).astype(dtype)
    else:
        a = (rng.random(8) * 4 + 1).astype(dtype)
        b = (rng.random(len(REPEATS)) * 3 + 1).astype(dtype)
    actual, expected = run_at(name, a, REPEATS, b)
    assert_same(actual, expected, rtol=1e-5 if dtype in (np.float32, np.complex64) else None)


# ldexp's loops mix dtypes ('fl->f', 'ei->e', ...): the loop fits each operand, as a call's.
@pytest.mark.parametrize("a,b", [(np.float32([1.5, 2, 3]), np.array([1, 2, -3, 1])),
                                 (np.float16([1, 2, 3]), np.int32([1, 2, 3, 4])),
                                 (np.float32([1.5, 2, 3]), 3),
                                 (np.arange(3), np.array([1, 2, 3, 4]))])
def test_at_ldexp_mixed_loops(a, b):
    actual, expected = run_at("ldexp", a, [0, 2, 2, 1], b)
    assert_same(actual, expected)


def test_at_unary_and_scalar_and_device_indices():
    a = np.arange(8.0) - 3
    actual, expected = run_at("negative", a, REPEATS)
    assert_same(actual, expected)  # each repeat negates again
    actual, expected = run_at("add", np.arange(8), REPEATS, 5, dev_indices=cp.asarray(REPEATS))
    assert_same(actual, expected)


def test_at_casts_back_to_a_and_weak_scalars():
    # int64 a, float64 b: the float loop, then truncation into a (NumPy's rule).
    actual, expected = run_at("multiply", np.array([2, 3, 4]), [0, 0, 2], np.array([1.5, 1.5, 0.5]))
    assert_same(actual, expected)
    actual, expected = run_at("multiply", np.array([2, 3], np.int8), [0, 1],
                              np.array([100, 3], np.int16))
    assert_same(actual, expected)
    actual, expected = run_at("add", np.array([2.0, 1.0], np.float32), [0, 0], 0.25)
    assert_same(actual, expected)


def test_at_multidimensional_indices_and_slices():
    a = np.arange(24.0).reshape(4, 6)
    idx = (np.array([0, 2, 0]), slice(1, 5, 2))
    actual, expected = run_at("add", a, idx, np.array([10.0, 20.0]))
    assert_same(actual, expected)
    actual, expected = run_at("multiply", a, (slice(None), np.array([5, 5, 0])), 2.0)
    assert_same(actual, expected)
    actual, expected = run_at("subtract", a, (1, slice(None)), np.arange(6.0))  # basic index
    assert_same(actual, expected)
    actual, expected = run_at("add", a, np.array([[1, 1], [3, 1]]), 1.0)
    assert_same(actual, expected)
    expected = a.astype(np.int64)
    np.floor_divide.at(expected.T, (np.array([0, 0, 3]),), 2)  # in order, on a strided view
    actual = cp.asarray(a.astype(np.int64))
    cp.floor_divide.at(actual.T, (np.array([0, 0, 3]),), 2)
    assert_same(actual, expected)


def test_at_errors_leave_a_unchanged():
    a = cp.arange(5.0)
    with pytest.raises(IndexError):
        cp.add.at(a, [0, 7], 1.0)
    with pytest.raises(ValueError, match="Only single output"):
        cp.divmod.at(a, [0], 1.0)
    with pytest.raises(ValueError, match="second operand needed"):
        cp.add.at(a, [0])
    with pytest.raises(ValueError, match="second operand provided"):
        cp.negative.at(a, [0], 1.0)
    with pytest.raises(ValueError):
        cp.add.at(a, [0, 1], cp.arange(3.0))
    assert_same(a, np.arange(5.0))


@pytest.mark.parametrize("name,dtype", [("add", np.int8), ("add", np.float32),
                                        ("multiply", np.uint8), ("maximum", np.int16),
                                        ("minimum", np.float64), ("subtract", np.float64),
                                        ("logical_or", np.bool_)])
def test_reduceat_rules(name, dtype):
    a = (np.arange(10) % 7 + 1).astype(dtype)
    # increasing, equal (a[i] alone), decreasing (a[i] alone) and the last to the end
    idx = [0, 4, 4, 2, 6, 9, 7]
    assert_same(getattr(cp, name).reduceat(cp.asarray(a), idx),
                getattr(np, name).reduceat(a, idx))


def test_reduceat_folds_in_order():
    # NumPy 2.4's AVX-512 arctan2/power loops give f(a[0], a[-1]) when reducing (its SIMD
    # loop ignores the reduction's aliasing); the reference is the fold reduce documents.
    a = np.arange(1.0, 9.0)
    idx = [0, 4, 3, 5]
    bounds = [(0, 4), (4, 5), (3, 5), (5, 8)]
    expected = [functools.reduce(np.arctan2, a[i:j]) for i, j in bounds]
    assert_same(cp.arctan2.reduceat(cp.asarray(a), idx), np.array(expected))
    expected = [functools.reduce(np.power, a[i:j] / 4) for i, j in bounds]
    assert_same(cp.power.reduceat(cp.asarray(a / 4), idx), np.array(expected))


def test_reduceat_axes_dtype_out():
    a = np.arange(60.0).reshape(3, 4, 5)
    for axis in (0, 1, 2, -1):
        idx = np.array([0, 2, 1])
        assert_same(cp.add.reduceat(cp.asarray(a), cp.asarray(idx), axis=axis),
                    np.add.reduceat(a, idx, axis=axis))
    t = a.transpose(2, 0, 1)  # not contiguous
    assert_same(cp.maximum.reduceat(cp.asarray(a).transpose(2, 0, 1), [0, 2], axis=1),
                np.maximum.reduceat(t, [0, 2], axis=1))
    assert_same(cp.add.reduceat(cp.asarray(a), [0, 2], axis=2, dtype=cp.float32),
                np.add.reduceat(a, [0, 2], axis=2, dtype=np.float32))
    out = cp.zeros((3, 4, 2), dtype=cp.float32)
    assert cp.add.reduceat(cp.asarray(a), [1, 3], axis=2, out=out) is out
    assert_same(out, np.add.reduceat(a, [1, 3], axis=2).astype(np.float32))
    assert_same(cp.add.reduceat(cp.arange(5), []), np.add.reduceat(np.arange(5), []))


def test_reduceat_errors():
    a = cp.arange(8)
    for idx in ([0, 8], [-1]):
        with pytest.raises(IndexError, match=r"out-of-bounds in add.reduceat \[0, 8\)"):
            cp.add.reduceat(a, idx)
    with pytest.raises(TypeError, match="scalar"):
        cp.add.reduceat(cp.asarray(3.0), [0])
    with pytest.raises(ValueError, match="binary"):
        cp.negative.reduceat(a, [0])
    with pytest.raises(TypeError):
        cp.equal.reduceat(a, [0, 2])


# -- reduce beyond add/multiply/maximum/minimum ----------------------------------------------

@pytest.mark.parametrize("name,dtype", [("logical_and", np.float64), ("logical_or", np.int8),
                                        ("logical_xor", np.float32), ("bitwise_xor", np.int32),
                                        ("bitwise_and", np.uint8), ("fmax", np.float64),
                                        ("gcd", np.int64), ("subtract", np.float64)])
def test_reduce_every_binary_ufunc(name, dtype):
    a = (np.arange(24) % 7 + np.arange(24) % 3).reshape(2, 3, 4).astype(dtype)
    a[0, 1] = 0
    axes = [0, 1, -1] + ([None, (0, 2)] if name != "subtract" else [])
    for xn, x in ((a, cp.asarray(a)), (a.transpose(2, 0, 1), cp.asarray(a).transpose(2, 0, 1))):
        for axis in axes:
            for keepdims in (False, True):
                assert_same(getattr(cp, name).reduce(x, axis=axis, keepdims=keepdims),
                            getattr(np, name).reduce(xn, axis=axis, keepdims=keepdims))


def test_reduce_long_axis_in_chunks_and_rules():
    big = np.random.default_rng(0).integers(0, 2**20, 100003)  # folded in chunks, then chunks
    assert_same(cp.bitwise_xor.reduce(cp.asarray(big)), np.bitwise_xor.reduce(big))
    assert_same(cp.fmax.reduce(cp.asarray(big * 1.0)), np.fmax.reduce(big * 1.0))
    a = np.arange(1.0, 7.0).reshape(2, 3) / 4
    # NumPy 2.4's power loop reduces to f(a[0], a[-1]); the reference is the documented fold.
    assert_same(cp.power.reduce(cp.asarray(a), axis=1),
                np.array([functools.reduce(np.power, r) for r in a]))
    assert_same(cp.hypot.reduce(cp.zeros((0, 3)), axis=0), np.hypot.reduce(np.zeros((0, 3)), axis=0))
    out = cp.empty(2)
    assert cp.subtract.reduce(cp.asarray(a), axis=1, out=out) is out
    assert_same(out, np.subtract.reduce(a, axis=1))
    with pytest.raises(ValueError, match="not reorderable"):
        cp.subtract.reduce(cp.asarray(a), axis=None)
    with pytest.raises(ValueError, match="no identity"):
        cp.subtract.reduce(cp.zeros((0, 3)), axis=0)
    with pytest.raises(ValueError, match="duplicate"):
        cp.bitwise_or.reduce(cp.arange(6).reshape(2, 3), axis=(1, -1))
    with pytest.raises(TypeError):
        cp.equal.reduce(cp.asarray(a), axis=0)
    with pytest.raises(TypeError):
        cp.bitwise_and.reduce(cp.asarray(a), axis=0)


@pytest.mark.parametrize("name,dtype", [("logical_or", np.float64), ("bitwise_xor", np.int16),
                                        ("fmin", np.float32), ("subtract", np.float64),
                                        ("arctan2", np.float64), ("hypot", np.float64)])
def test_accumulate_every_binary_ufunc(name, dtype):
    a = (np.arange(24) % 7 - 2).reshape(4, 6).astype(dtype)
    a[1, 2] = 0
    for xn, x in ((a, cp.asarray(a)), (a.T, cp.asarray(a).T)):
        for axis in (0, 1, -1):
            got = getattr(cp, name).accumulate(x, axis=axis)
            want = getattr(np, name).accumulate(xn, axis=axis)
            assert got.dtype == want.dtype
            np.testing.assert_allclose(cp.asnumpy(got), want, rtol=1e-6)


def test_accumulate_long_rows_and_errors():
    big = np.random.default_rng(1).integers(0, 2**20, 100003)  # chunked (identity) or in order
    assert_same(cp.bitwise_xor.accumulate(cp.asarray(big)), np.bitwise_xor.accumulate(big))
    assert_same(cp.subtract.accumulate(cp.asarray(big)), np.subtract.accumulate(big))
    with pytest.raises(TypeError):
        cp.equal.accumulate(cp.arange(3.0))
    with pytest.raises(ValueError, match="binary"):
        cp.negative.accumulate(cp.arange(3.0))
