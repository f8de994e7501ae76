"""NumPy 2's vecdot, matvec and vecmat gufuncs against NumPy: dtypes (complex conjugation,
exact integers, bool), broadcast stacks, vecdot's axis, out= and dtype=, and NumPy's errors."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def ints(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.integers(0 if np.dtype(dtype).kind in "ub" else -3, 4, shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.integers(-3, 4, shape)
    return x.astype(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128", "int32", "bool"])
@pytest.mark.parametrize("name,sa,sb", [("vecdot", (2, 3, 4), (3, 4)),
                                        ("matvec", (2, 3, 4), (1, 4)),
                                        ("vecmat", (3, 4), (2, 1, 4, 5))])
def test_against_numpy(name, sa, sb, dtype):
    a, b = ints(sa, dtype), ints(sb, dtype, seed=1)
    got = getattr(cp, name)(cp.asarray(a), cp.asarray(b))
    assert_same(got, getattr(np, name)(a, b), rtol=1e-6 if dtype == "float32" else None)


def test_vecdot_axis_out_and_dtype():
    a, b = ints((4, 3), "float64"), ints((4, 3), "float64", seed=1)
    assert_same(cp.vecdot(cp.asarray(a), cp.asarray(b), axis=0), np.vecdot(a, b, axis=0))
    out = cp.empty(4, dtype=cp.float64)
    r = cp.vecdot(cp.asarray(a), cp.asarray(b), out)
    assert r is out
    assert_same(out, np.vecdot(a, b))
    assert_same(cp.matvec(cp.asarray(a), cp.asarray(b[0]), dtype=cp.float32),
                np.matvec(a, b[0], dtype=np.float32))


@pytest.mark.parametrize("name,sa,sb", [("vecdot", (), (3,)), ("vecdot", (3,), (2,)),
                                        ("matvec", (3,), (3,)), ("matvec", (2, 3), (2,)),
                                        ("vecmat", (3,), (2, 3)), ("vecmat", (2,), (3,))])
def test_core_dimension_errors(name, sa, sb):
    a, b = np.ones(sa), np.ones(sb)
    with pytest.raises(ValueError) as want:
        getattr(np, name)(a, b)
    with pytest.raises(ValueError) as got:
        getattr(cp, name)(cp.asarray(a), cp.asarray(b))
    assert str(got.value) == str(want.value)


def test_linalg_vecdot_is_the_gufunc():
    a, b = ints((2, 3), "complex128"), ints((3,), "complex128", seed=1)
    assert_same(cp.linalg.vecdot(cp.asarray(a), cp.asarray(b)), np.linalg.vecdot(a, b))
    with pytest.raises(ValueError) as want:
        np.linalg.vecdot(np.float64(1), np.ones(3))
    with pytest.raises(ValueError) as got:
        cp.linalg.vecdot(cp.asarray(1.0), cp.ones(3))
    assert str(got.value) == str(want.value)
