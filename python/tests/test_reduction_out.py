"""Reductions into a given `out=`: NumPy's casting checks and results, and complex means
with infinite or NaN parts (NumPy divides by n + 0j)."""
import warnings

import numpy as np
import pytest

import ndgpu as cp

A = np.array([[-1.5, 2.5, 0.25], [3.75, -8.5, 1.0]])


def _both(fn, a, out_dtype, **kw):
    """fn into a zeroed out= of out_dtype on NumPy and ndgpu: (result or exception type) each."""
    shape = np.asarray(getattr(np, fn)(a, **kw)).shape
    results = []
    for xp, arr in ((np, a), (cp, cp.asarray(a))):
        out = xp.zeros(shape, out_dtype)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                got = getattr(xp, fn)(arr, out=out, **kw)
            assert got is out
            results.append(out.get() if xp is cp else out)
        except TypeError as e:  # NumPy's UFuncTypeError is a TypeError
            results.append(TypeError)
            assert xp is np or "cast" in str(e) or "inexact" in str(e)
    return results


@pytest.mark.parametrize("fn,out_dtype", [
    ("std", np.int32), ("std", np.bool_), ("nanstd", np.int64),    # sqrt's output: same_kind
    ("ptp", np.int32),                                              # subtract's output
    ("nanmean", np.int32), ("nanvar", np.int16),                    # inexact a, inexact out
    ("argmax", np.float32), ("argmin", np.uint64), ("nanargmax", np.float16),  # out casts to intp
])
def test_out_dtype_numpy_refuses(fn, out_dtype):
    expected, got = _both(fn, A, out_dtype, axis=1)
    assert expected is TypeError and got is TypeError


def test_ptp_out_checks_the_dtype_of_max_and_min_together():
    a = np.array([3, 1, 7], np.uint64)
    expected, got = _both("ptp", a, np.int8)  # int8 and uint64 meet in float64
    assert expected is TypeError and got is TypeError
    np.testing.assert_array_equal(*_both("ptp", a, np.uint16))


@pytest.mark.parametrize("fn,out_dtype", [
    ("sum", np.float32), ("sum", np.complex128), ("max", np.float32), ("min", np.float64),
    ("mean", np.float32), ("var", np.float64), ("std", np.float32), ("nanstd", np.float64),
    ("ptp", np.float32), ("argmax", np.int32), ("argmin", np.int8), ("nanargmin", np.bool_),
    ("cumsum", np.float64), ("cumprod", np.complex64), ("any", np.int8), ("all", np.float32),
])
def test_out_dtype_numpy_accepts(fn, out_dtype):
    kw = {} if fn in ("cumsum", "cumprod") else {"axis": 1}
    expected, got = _both(fn, A, out_dtype, **kw)
    assert not isinstance(expected, type), expected
    assert got.dtype == expected.dtype
    np.testing.assert_allclose(got, expected, rtol=1e-6)


@pytest.mark.parametrize("values", [
    [complex(np.inf, 1), 2 + 1j], [complex(np.nan, 0), 1j], [complex(1, np.inf), 1],
    [complex(-np.inf, 0)], [1 + 2j, 3 - 1j],
])
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_mean_divides_as_numpy(values, dtype):
    a = np.array(values, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for fn in ("mean", "nanmean"):
            expected, got = getattr(np, fn)(a), getattr(cp, fn)(cp.asarray(a)).get()
            np.testing.assert_array_equal(got.real, expected.real)
            np.testing.assert_array_equal(got.imag, expected.imag)


@pytest.mark.parametrize("fn", ["prod", "cumprod", "sum", "cumsum", "nanprod", "nancumprod"])
def test_inexact_out_widens_the_accumulator(fn):
    # NumPy's loop for (float64 out, int32 input) is float64: 13**25 does not wrap.
    a = np.full(25, 13, np.int32)
    expected, got = _both(fn, a, np.float64)
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    expected, got = _both(fn, a.astype(np.int8), np.int8)  # integer outs wrap alike
    np.testing.assert_array_equal(got, expected)
