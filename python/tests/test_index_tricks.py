"""r_ and c_ (the C++ AxisConcatenator) against numpy.r_ and numpy.c_, one case per form:
ranges with integer, float and complex steps, directives, ndmin and trans1d, scalars of both
kinds and arrays of every rank, and the errors."""
import warnings

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

A = np.array([1, 2, 3])
B = np.array([[1.5, 2.5], [3.5, 4.5]], dtype=np.float32)
C = np.arange(8, dtype=np.int16).reshape(2, 2, 2)


def dev(item):
    return cp.array(item) if isinstance(item, np.ndarray) else item


# Each key: a tuple of items for r_ or c_, NumPy arrays moved to the device for ndgpu.
R_KEYS = [
    (slice(1, 4),), (slice(None, 3),), (slice(3, None),), (slice(0, 10, 3),),
    (slice(5, 1, -2),), (slice(0.5, 3, 0.5),), (slice(-1, 1, 5j),), (slice(0, 1, 1j),),
    (slice(1, 4), 0, 4), (A, slice(0, 3), [7]), (1, 2, 3), (True, 2), (1.5, A),
    (np.float32(1), 2), (np.int8(3), np.array([1, 2], dtype=np.int8)),
    (np.array([1, 2], dtype=np.float32), 2.5), (np.array([1, 2], dtype=np.int8), 5),
    (A, np.array([4.0])), (np.array(5), A), (B, B), (C, C), ([[1, 2]], [[3, 4]]),
    ("0,2", A, A), ("1,2", A, A), ("0,2,0", A, A), ("0,2,1", A), ("0,3,0", [1, 2]),
    ("0,3,1", [1, 2]), ("0,3,-2", [[1, 2]]), ("1,3", B), ("-1", B, B), ("1", B, B),
    ("0,2", slice(1, 3)), ("0,2,0", slice(1, 3)), ("0,3,0", slice(1, 3)), ("1,2", 1, A),
    ("r", A), ("c", A), ("r", B), ("c", B, B), ("c", 1, 2), ("0,2,0,5", A),
    (" 1 ", B, B), ("0, 2", A),
]
C_KEYS = [
    (A, A), (A, np.array([4, 5, 6])), (slice(1, 3), slice(5, 7)), (B, np.array([7.0, 8.0])),
    (2,), (1, 2), (np.ones((2, 2)), B), (slice(0, 1, 3j), A), ([1, 2, 3], A),
    ("0", A, A), ("1,2,1", A, A),
]


def _numpy(obj, key):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)  # numpy.matrix
        return np.asarray(obj[key])


@pytest.mark.parametrize("key", R_KEYS, ids=repr)
def test_r_(key):
    assert_same(cp.r_[tuple(dev(k) for k in key)], _numpy(np.r_, key))


@pytest.mark.parametrize("key", C_KEYS, ids=repr)
def test_c_(key):
    assert_same(cp.c_[tuple(dev(k) for k in key)], _numpy(np.c_, key))


def test_single_items_and_attributes():
    assert_same(cp.r_[1:4], np.r_[1:4])
    assert_same(cp.r_[cp.array(A)], np.r_[A])
    assert_same(cp.c_[cp.array(A)], np.c_[A])
    with pytest.raises(ValueError):
        np.c_[A, 0.5]
    with pytest.raises(ValueError):
        cp.c_[cp.array(A), 0.5]
    assert (cp.r_.axis, cp.r_.ndmin, cp.r_.trans1d) == (0, 1, -1)
    assert (cp.c_.axis, cp.c_.ndmin, cp.c_.trans1d) == (-1, 2, 0)
    assert len(cp.r_) == 0
    mine = type(cp.r_)(1, ndmin=2)
    assert_same(mine[cp.array(B), cp.array(B)], np.concatenate([B, B], axis=1))


@pytest.mark.parametrize("key, error", [
    ((A, "0,2"), ValueError),        # a directive after the first item
    (("bogus", A), ValueError),      # not a directive
    (("0,x", A), ValueError),
    ((), ValueError),                # nothing to join
    (("r", C), ValueError),          # a matrix of 3 axes
    ((np.array([1, 2], dtype=np.int8), 300), OverflowError),  # NEP 50
    ((B, A), ValueError),            # shapes that do not join
])
def test_errors(key, error):
    with pytest.raises(error):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PendingDeprecationWarning)
            np.r_[key]
    with pytest.raises(error):
        cp.r_[tuple(dev(k) for k in key)]
