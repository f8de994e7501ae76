"""apply_along_axis, apply_over_axes and piecewise against NumPy: result shapes for scalar,
same-length and 2-D results, extra arguments, the 'otherwise' function, and NumPy's errors."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

A = np.arange(24.0).reshape(2, 3, 4)


@pytest.mark.parametrize("axis,func", [(1, lambda v: v[::-1] * 2), (2, lambda v: v.sum()),
                                       (0, lambda v: v[:, None] * v[None, :]),
                                       (-1, lambda v: v.max(keepdims=True))])
def test_apply_along_axis(axis, func):
    assert_same(cp.apply_along_axis(func, axis, cp.asarray(A)), np.apply_along_axis(func, axis, A))


def test_apply_along_axis_arguments_and_errors():
    f = lambda v, k, scale=1: v[:k] * scale  # noqa: E731
    assert_same(cp.apply_along_axis(f, -1, cp.asarray(A), 2, scale=3),
                np.apply_along_axis(f, -1, A, 2, scale=3))
    with pytest.raises(np.exceptions.AxisError):
        cp.apply_along_axis(lambda v: v, 0, cp.asarray(3.0))
    with pytest.raises(ValueError, match="iteration dimensions are 0"):
        cp.apply_along_axis(lambda v: v, 1, cp.zeros((0, 3)))


@pytest.mark.parametrize("axes", [[0, 2], 1, [-1]])
def test_apply_over_axes(axes):
    assert_same(cp.apply_over_axes(cp.sum, cp.asarray(A), axes), np.apply_over_axes(np.sum, A, axes))


def test_piecewise():
    x = np.linspace(-2.5, 2.5, 6)
    d = cp.asarray(x)
    assert_same(cp.piecewise(d, [d < 0, d >= 0], [-1, 1]), np.piecewise(x, [x < 0, x >= 0], [-1, 1]))
    assert_same(cp.piecewise(d, [d < 0], [0, lambda v: v * 2]),
                np.piecewise(x, [x < 0], [0, lambda v: v * 2]))
    assert_same(cp.piecewise(d, d > 1, [lambda v, k: v + k], 10),
                np.piecewise(x, x > 1, [lambda v, k: v + k], 10))
    i = np.arange(5)
    assert_same(cp.piecewise(cp.asarray(i), [cp.asarray(i) > 1], [lambda v: v * 1.5]),
                np.piecewise(i, [i > 1], [lambda v: v * 1.5]))
    assert_same(cp.piecewise(cp.asarray(3.0), [True], [5]), np.piecewise(np.array(3.0), [True], [5]))
    with pytest.raises(ValueError, match="with 2 condition"):
        cp.piecewise(d, [d < 0, d > 1], [1])
