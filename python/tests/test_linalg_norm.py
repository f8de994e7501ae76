"""linalg.norm vs NumPy: vector and matrix orders, axes, keepdims, dtypes."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


def check(x, rtol=1e-12, **kw):
    assert_same(cp.linalg.norm(cp.asarray(x), **kw), np.linalg.norm(x, **kw), rtol=rtol)


def test_seed_norm_repr():
    assert repr(cp.linalg.norm(cp.array([1, 2, 3]))) == "array(3.74165739)"


@pytest.mark.parametrize("ord", [None, 0, 1, 2, np.inf, -np.inf, 3, 0.5, -1])
def test_vector_orders(ord):
    x = sample((11,), np.float64)
    x[3] = 0
    check(x, ord=ord)


@pytest.mark.parametrize("ord", ["fro", 1, -1, np.inf, -np.inf, None])
def test_matrix_orders(ord):
    x = sample((5, 7), np.float64)
    check(x, ord=ord)
    check(x, ord=ord, axis=(1, 0))
    check(x, ord=ord, keepdims=True) if ord is not None else None


def test_axes_keepdims_and_stacks():
    x = sample((3, 4, 5), np.float64)
    check(x)
    check(x, axis=1)
    check(x, axis=-1, keepdims=True)
    check(x, ord=1, axis=(0, 2))
    check(x, ord="fro", axis=(2, 1), keepdims=True)


@pytest.mark.parametrize("dtype,rtol", [(np.float32, 1e-5), (np.complex64, 1e-5),
                                        (np.float16, 1e-2), (np.int32, 1e-12)])
def test_dtypes(dtype, rtol):
    check(sample((20,), dtype), rtol=rtol)


def test_errors_and_edge_cases():
    check(np.zeros((0,)))
    check(np.arange(9.0).reshape(3, 3), ord=2, rtol=1e-12)  # on the SVD
    check(np.arange(9.0).reshape(3, 3), ord="nuc", rtol=1e-12)
    with pytest.raises(ValueError):
        cp.linalg.norm(cp.ones(3), ord="fro")
    with pytest.raises(ValueError):
        cp.linalg.norm(cp.ones((2, 2, 2)), ord=1)
    check(np.array([np.nan, 1.0]))


def test_empty_inputs_as_numpy_2():
    # NumPy 2: the largest of no values is 0 (inf-norms, matrix 1/inf norms); the smallest
    # of none still raises.
    check(np.zeros((0,), np.float16), ord=np.inf, rtol=1e-3)
    check(np.zeros((0, 3), np.bool_), ord=np.inf)
    check(np.zeros((17, 0), np.int32), ord=1)
    check(np.zeros((2, 0)), ord=np.inf, axis=1)
    check(np.zeros((3, 0, 2)), ord=1, axis=(1, 2), keepdims=True)
    for x, kw in [(np.zeros((0,)), {"ord": -np.inf}), (np.zeros((17, 0)), {"ord": -1})]:
        with pytest.raises(ValueError):
            np.linalg.norm(x, **kw)
        with pytest.raises(ValueError):
            cp.linalg.norm(cp.asarray(x), **kw)


def test_large_float32():
    x = np.random.default_rng(5).standard_normal(3_000_000).astype(np.float32)
    got = float(cp.linalg.norm(cp.asarray(x)))
    assert abs(got - np.linalg.norm(x.astype(np.float64))) <= 1e-5 * got
