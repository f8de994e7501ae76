"""NumPy's window functions: values, float64 dtype, and the M < 1, M = 1 and fractional M cases."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


@pytest.mark.parametrize("name", ["bartlett", "blackman", "hamming", "hanning"])
@pytest.mark.parametrize("M", [-2, 0, 1, 2, 7, 16, 5.5])
def test_symmetric_windows(name, M):
    assert_same(getattr(cp, name)(M), getattr(np, name)(M), rtol=1e-13, atol=1e-15)


@pytest.mark.parametrize("M,beta", [(0, 3.0), (1, 3.0), (2, 0.0), (9, 14.0), (12, 2.5)])
def test_kaiser(M, beta):
    assert_same(cp.kaiser(M, beta), np.kaiser(M, beta), rtol=1e-13)
