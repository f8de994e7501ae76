"""Complex searchsorted and isin, and unique along an axis, vs NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import sample
from test_sets import same, same_all


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_searchsorted_and_isin_nan_classes(dtype):
    n = np.nan
    vals = np.array([1 + 2j, 1 + 1j, 1 + n * 1j, n + 1j, complex(n, n), -1 + 0j, 1 + 1j, 2 - 1j,
                     n + 0j, 1 + n * 1j], dtype)
    a = np.sort(vals)
    v = np.concatenate([vals, np.array([0j, 1 + 1.5j, 3 + 0j, 1 + 5j], dtype)])
    for side in ("left", "right"):
        same(cp.searchsorted(cp.asarray(a), cp.asarray(v), side), np.searchsorted(a, v, side))
    same(cp.sort(cp.asarray(vals)), np.sort(vals))
    same(cp.isin(cp.asarray(v), cp.asarray(vals)), np.isin(v, vals))
    same(cp.isin(cp.asarray(v), cp.asarray(vals), invert=True), np.isin(v, vals, invert=True))
    z = sample((200,), dtype)
    zs = np.sort(z)
    same(cp.searchsorted(cp.asarray(zs), cp.asarray(z[::3])), np.searchsorted(zs, z[::3]))


@pytest.mark.parametrize("dtype", [np.int32, np.float64, np.complex64])
def test_unique_axis_with_everything(dtype):
    base = sample((4, 3), dtype)
    a = base[np.array([0, 2, 1, 2, 0, 3, 1])]  # rows repeat
    for axis, x in ((0, a), (1, a.T), (-1, a.T), (1, np.stack([a, a], 1))):
        got = cp.unique(cp.asarray(x), return_index=True, return_inverse=True, return_counts=True,
                        axis=axis)
        same_all(got, np.unique(x, return_index=True, return_inverse=True, return_counts=True,
                                axis=axis))
        same(cp.unique(cp.asarray(x), axis=axis), np.unique(x, axis=axis))


def test_unique_axis_edge_cases():
    f = np.array([[0.0, np.nan], [-0.0, np.nan], [0.0, 1.0]])
    same(cp.unique(cp.asarray(f), axis=0), np.unique(f, axis=0))  # NaN rows stay apart
    e = np.zeros((0, 2))
    same_all(cp.unique(cp.asarray(e), axis=0, return_inverse=True),
             np.unique(e, axis=0, return_inverse=True))
    for lib in (np, cp):
        with pytest.raises(np.exceptions.AxisError):
            lib.unique(lib.asarray(f), axis=2)
