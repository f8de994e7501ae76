"""ndgpu.testing: the assertions, the numpy/ndgpu comparison decorators and the dtype loops."""
import numpy as np
import pytest

import ndgpu as cp
from ndgpu import testing


def test_assertions_accept_both_kinds_of_array():
    a = cp.array([1.0, 2.0, 3.0])
    testing.assert_allclose(a, np.array([1.0, 2.0, 3.0 + 1e-9]), rtol=1e-6)
    testing.assert_array_equal(a, a.get())
    testing.assert_array_almost_equal(a + 1e-8, a, decimal=6)
    testing.assert_array_less(a, a + 1)
    with pytest.raises(AssertionError):
        testing.assert_array_equal(a, np.array([1.0, 2.0, 4.0]))
    with pytest.raises(AssertionError):
        testing.assert_allclose(a, a.get() * 1.01)
    with pytest.raises(AssertionError):
        testing.assert_array_less(a, a)


@pytest.mark.parametrize("dtype", [np.bool_, np.int16, np.float32, np.complex64])
def test_shaped_arange_and_random_match_numpy(dtype):
    a = testing.shaped_arange((2, 3), cp, dtype)
    expected = np.arange(1, 7).reshape(2, 3)
    if dtype is np.bool_:
        expected = expected % 2 == 0
    elif dtype is np.complex64:
        expected = expected + expected * 1j
    assert isinstance(a, cp.ndarray) and a.dtype == dtype
    np.testing.assert_array_equal(a.get(), expected.astype(dtype))
    r = testing.shaped_random((4, 5), cp, dtype, scale=3, seed=7)
    same = testing.shaped_random((4, 5), np, dtype, scale=3, seed=7)
    assert isinstance(same, np.ndarray) and r.dtype == same.dtype == dtype
    np.testing.assert_array_equal(r.get(), same)
    if dtype is np.float32:
        assert 0 <= same.min() and same.max() < 3


@testing.numpy_cupy_allclose(rtol=1e-6)
def test_allclose_decorator_runs_both(xp):
    return xp.sin(xp.arange(5, dtype=xp.float32))


@testing.numpy_cupy_array_equal()
def test_array_equal_decorator_with_scalars(xp):
    return xp.arange(6).reshape(2, 3).sum()


@testing.numpy_cupy_raises()
def test_raises_decorator(xp):
    xp.zeros((2, 3)) + xp.zeros((4,))


def test_decorators_detect_disagreement():
    calls = []

    @testing.numpy_cupy_array_equal()
    def differs(xp):
        calls.append(xp)
        return xp.arange(3) if xp is np else xp.arange(3) + 1

    @testing.numpy_cupy_allclose(type_check=True)
    def dtypes_differ(xp):
        return xp.arange(3, dtype=np.float32 if xp is cp else np.float64)

    @testing.numpy_cupy_raises()
    def only_numpy_raises(xp):
        if xp is np:
            raise ValueError("numpy only")

    @testing.numpy_cupy_allclose(accept_error=ValueError)
    def both_raise(xp):
        raise ValueError(xp.__name__)

    with pytest.raises(AssertionError):
        differs()
    assert calls == [cp, np]
    with pytest.raises(AssertionError, match="dtypes differ"):
        dtypes_differ()
    with pytest.raises(AssertionError, match="only one"):
        only_numpy_raises()
    both_raise()  # the same accepted error type from both passes


def test_dtype_loops_cover_cupys_lists():
    seen = []

    @testing.for_all_dtypes(no_complex=True)
    def record(dtype):
        seen.append(np.dtype(dtype).name)

    record()
    assert "float16" in seen and "bool" in seen and "uint64" in seen
    assert not any(s.startswith("complex") for s in seen) and len(seen) == 12
    floats = []
    testing.for_float_dtypes(name="t", no_float16=True)(lambda t: floats.append(t))()
    assert floats == [np.float64, np.float32]

    @testing.for_dtypes([np.int8, np.int32])
    def fails_on_int32(dtype):
        assert dtype is not np.int32

    with pytest.raises(AssertionError) as e:
        fails_on_int32()
    assert "dtype = int32" in "".join(getattr(e.value, "__notes__", []))


@testing.for_dtypes([np.int32, np.float64])
@testing.numpy_cupy_allclose()
def test_stacked_decorators_as_in_cupys_suite(xp, dtype):
    return testing.shaped_arange((3, 4), xp, dtype).sum(axis=1)
