"""Names CuPy has beside the array functions: isfortran, memoize/clear_memo, and NumPy's
constants and helpers re-exported as NumPy's own objects."""
import numpy as np
import pytest

import ndgpu as cp


@pytest.mark.parametrize("shape,order", [((3, 4), "C"), ((3, 4), "F"), ((5,), "F"), ((), "C"),
                                         ((1, 4), "F")])
def test_isfortran(shape, order):
    h = np.zeros(shape, order=order)
    assert cp.isfortran(cp.asarray(h, order=order)) == np.isfortran(h)
    assert cp.isfortran(cp.zeros((3, 4)).T) == np.isfortran(np.zeros((3, 4)).T)


def test_memoize_caches_per_arguments_and_device():
    calls = []

    @cp.memoize()
    def build(n, scale=1):
        calls.append((n, scale))
        return [n * scale]

    assert build(2) is build(2)
    assert build(2, scale=3) == [6] and build(3) == [3]
    assert calls == [(2, 1), (2, 3), (3, 1)]
    cp.clear_memo()
    build(2)
    assert calls[-1] == (2, 1) and len(calls) == 4

    @cp.memoize(for_each_device=True)
    def per_device(x):
        calls.append(x)
        return x

    per_device(1), per_device(1)
    assert calls.count(1) == 1


def test_numpy_objects():
    assert cp.True_ is np.True_ and cp.False_ is np.False_
    assert cp.euler_gamma == np.euler_gamma and cp.little_endian == np.little_endian
    assert cp.exceptions.AxisError is np.exceptions.AxisError
    assert cp.iterable(cp.arange(3)) and not cp.iterable(3)
    assert list(cp.ndindex(2, 2)) == list(np.ndindex(2, 2))
