"""cumsum, cumprod, nancumsum, nancumprod, ufunc.accumulate and diff vs NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


def check(name, a, rtol=None, **kw):
    expected = getattr(np, name)(a, **kw)
    actual = getattr(cp, name)(cp.asarray(a), **kw)
    if rtol is None and expected.dtype.kind in "fc":
        rtol = 1e-5 if expected.dtype.itemsize <= 8 and expected.dtype.kind == "c" else None
    assert_same(actual, expected, rtol=rtol)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.float16, np.float64, np.complex64])
def test_cumsum_dtypes(dtype):
    a = sample((3, 5), dtype)
    check("cumsum", a)
    check("cumsum", a, axis=0)
    check("cumsum", a, axis=-1)


def test_cumprod_and_nan_scans():
    a = (sample((4, 5), np.int32) % 4).astype(np.int32)
    check("cumprod", a, axis=1)
    f = sample((4, 5), np.float64) / 10
    f[1, 2] = f[3, 0] = np.nan
    check("nancumsum", f, axis=0, rtol=1e-12)
    check("nancumprod", f, rtol=1e-12)
    check("cumsum", f, axis=1, rtol=1e-12)  # NaN propagates


def test_layouts_and_empty():
    a = sample((6, 8), np.float64)
    check("cumsum", a.T, axis=1, rtol=1e-12)
    check("cumsum", a[::2, ::3], axis=0, rtol=1e-12)
    check("cumsum", np.zeros((0, 3)), axis=0)
    check("cumsum", np.zeros((3, 0)), axis=1)
    check("cumsum", np.float64(2.0) * np.ones(()))


def test_scans_start_from_the_first_element():
    # NumPy's accumulate never combines the identity with the first element: -0.0 stays
    # -0.0 in cumsum, nan+0j stays nan+0j in cumprod (1 * (nan+0j) is nan+nanj).
    import warnings
    cases = [np.array([-0.0, -0.0]), np.array([complex(np.nan, 0), 2 + 1j], np.complex64),
             np.array([1 + 1j, complex(np.nan, 0), 0j], np.complex128)]
    for x in cases:
        for name in ("cumsum", "cumprod", "nancumsum", "nancumprod"):
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                e = getattr(np, name)(x)
                g = getattr(cp, name)(cp.asarray(x)).get()
            assert e.dtype == g.dtype
            for part in ((lambda v: v.real), (lambda v: v.imag)) if e.dtype.kind == "c" \
                    else ((lambda v: v),):
                np.testing.assert_array_equal(np.isnan(part(g)), np.isnan(part(e)))
                ok = ~np.isnan(part(e))  # a NaN's sign bit differs between CPUs and GPUs
                np.testing.assert_array_equal(np.signbit(part(g))[ok], np.signbit(part(e))[ok])
                np.testing.assert_allclose(part(g), part(e), rtol=1e-6)


def test_large_chunked_scan():
    a = np.random.default_rng(2).integers(-5, 5, 1_500_007).astype(np.int64)
    check("cumsum", a)
    b = np.random.default_rng(3).integers(-5, 5, (3, 300_001)).astype(np.int64)
    check("cumsum", b, axis=1)


def test_dtype_and_out():
    a = np.arange(10, dtype=np.int8)
    check("cumsum", a, dtype=np.float64)
    out = cp.empty((10,), dtype=np.int64)
    r = cp.cumsum(cp.asarray(a), out=out)
    assert r._pointer == out._pointer
    assert_same(out, np.cumsum(a))


def test_accumulate():
    a = sample((4, 6), np.int64)
    assert_same(cp.add.accumulate(cp.asarray(a)), np.add.accumulate(a))
    assert_same(cp.multiply.accumulate(cp.asarray(a % 3), axis=1), np.multiply.accumulate(a % 3, axis=1))
    assert_same(cp.maximum.accumulate(cp.asarray(a), axis=1), np.maximum.accumulate(a, axis=1))
    assert_same(cp.minimum.accumulate(cp.asarray(a)), np.minimum.accumulate(a))


def test_diff():
    a = sample((4, 6), np.int32)
    check("diff", a)
    check("diff", a, n=2, axis=0)
    check("diff", a, n=0)
    check("diff", np.array([True, False, False, True]))
    check("diff", sample((5,), np.float32), n=3)


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.uint32, np.float64, np.int64])
def test_cumsum_of_one_row_in_its_own_type(dtype):
    # One contiguous row in its own type: CUB's scan on CUDA, which takes 4-byte values as
    # pairs when both ends are 8-byte aligned; odd counts and a view one element in do not.
    rng = np.random.default_rng(5)
    for n in (1, 2, 3, 4097, 300_001, 300_002):
        a = rng.integers(0, 8, n + 1).astype(dtype)  # sums below 2^24: exact in any order
        d = cp.asarray(a)
        for start in (0, 1):
            x = a[start:start + n]
            assert_same(cp.cumsum(d[start:start + n], dtype=dtype), np.cumsum(x, dtype=dtype))
