"""ndgpu.lib.stride_tricks against numpy.lib.stride_tricks: views over the same memory."""
import numpy as np
import pytest
from numpy.lib.stride_tricks import as_strided as np_as_strided
from numpy.lib.stride_tricks import sliding_window_view as np_windows

import ndgpu as cp
from conftest import assert_same

st = cp.lib.stride_tricks


def test_as_strided_views_the_same_memory():
    xn = np.arange(10.0)
    x = cp.asarray(xn)
    v = st.as_strided(x, shape=(3, 4), strides=(16, 8))
    assert_same(v, np_as_strided(xn, shape=(3, 4), strides=(16, 8)))
    assert_same(st.as_strided(x[::-1], shape=(5,), strides=(-16,)),
                np_as_strided(xn[::-1], shape=(5,), strides=(-16,)))
    v[0, 0] = 100  # a view: x changes
    assert float(x[0]) == 100
    with pytest.raises(ValueError, match="outside"):  # NumPy would read past the end
        st.as_strided(x, shape=(11,), strides=(8,))


@pytest.mark.parametrize("window, axis", [(3, None), ((2, 3), None), (2, 1), (3, 0), ((2, 2), (1, 0))])
def test_sliding_window_view(window, axis):
    m = np.arange(20.0).reshape(4, 5)
    if axis is None and np.ndim(window) == 0:
        m = m[0]
    for mn, md in ((m, cp.asarray(m)), (m.T[::-1], cp.asarray(m).T[::-1])):
        if axis is None and mn.ndim != np.size(window):
            continue
        assert_same(st.sliding_window_view(md, window, axis=axis), np_windows(mn, window, axis=axis))


def test_sliding_window_errors():
    x = cp.arange(10.0)
    with pytest.raises(ValueError):
        st.sliding_window_view(x, 11)
    with pytest.raises(ValueError):
        st.sliding_window_view(x, (2, 2))
