"""ndgpu.testing: CuPy's testing helpers, for test suites written against cupy.testing.

The assertions accept ndgpu and NumPy arrays (ndgpu arrays are copied to the host) and
report as numpy.testing does; the decorators run a test once with NumPy and once with ndgpu
as `xp` and compare what they return (or raise).
"""
from ndgpu.testing._array import (  # noqa: F401
    assert_allclose,
    assert_array_almost_equal,
    assert_array_equal,
    assert_array_less,
    shaped_arange,
    shaped_random,
)
from ndgpu.testing._helper import (  # noqa: F401
    for_all_dtypes,
    for_dtypes,
    for_float_dtypes,
    numpy_cupy_allclose,
    numpy_cupy_array_equal,
    numpy_cupy_raises,
)
