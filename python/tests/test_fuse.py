"""cp.fuse: one kernel per argument dtypes and ndims, NumPy's results and dtypes."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def test_seed_squared_diff_on_both():
    @cp.fuse()
    def squared_diff(x, y):
        return (x - y) * (x - y)

    expected = "array([81, 49, 25,  9,  1,  1,  9, 25, 49, 81])"
    assert repr(squared_diff(cp.arange(10), cp.arange(10)[::-1])) == expected
    assert repr(squared_diff(np.arange(10), np.arange(10)[::-1])) == expected
    assert squared_diff(3, 5) == 4  # scalars alone: the function itself


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.float64, np.int8])
def test_seed_sum_of_products(dtype):
    @cp.fuse()
    def sum_of_products(x, y):
        return cp.sum(x * y, axis=-1)

    a = np.arange(24).reshape(2, 3, 4).astype(dtype)
    b = (np.arange(4) - 2).astype(dtype)  # broadcast against a
    assert_same(sum_of_products(cp.asarray(a), cp.asarray(b)), np.sum(a * b, axis=-1))


def test_mixed_ops_and_weak_scalars_follow_numpy():
    @cp.fuse
    def f(x, y, w):
        xp = cp.get_array_module(x)
        return xp.exp(x) * y + w / 2 - abs(x) + (x > 0.5) - xp.maximum(y, 0.25) // 1

    xn = np.linspace(-1, 1, 11).astype(np.float32)
    yn = np.linspace(2, -3, 11).astype(np.float32)
    for w in (3.0, -7.5):  # a new scalar value reuses the kernel
        got = f(cp.asarray(xn), cp.asarray(yn), w)
        assert_same(got, f(xn, yn, w), rtol=1e-6)
    assert len(f._kernels) == 1


def test_integer_division_and_comparisons():
    @cp.fuse()
    def h(x, y):
        return x // y + (x - 1) / y + (x == y)

    m = np.arange(-6, 6).reshape(3, 4).astype(np.int32)
    for d in (3, np.int32(-4)):
        assert_same(h(cp.asarray(m), d), h(m, d))


@pytest.mark.parametrize("name", ["sum", "prod", "max", "min", "mean"])
def test_reductions_with_axes_and_keepdims(name):
    def body(x):
        return getattr(x * 2 - 3, name)(axis=0, keepdims=True)

    fused = cp.fuse()(body)
    m = np.arange(1, 13).reshape(3, 4).astype(np.int64)
    assert_same(fused(cp.asarray(m)), body(m))
    f32 = (m / 7).astype(np.float32)
    assert_same(fused(cp.asarray(f32)), body(f32), rtol=1e-6)


def test_one_kernel_per_dtypes_and_ndims():
    @cp.fuse()
    def add1(x):
        return x + 1

    add1(cp.arange(3))
    add1(cp.arange(5))
    assert len(add1._kernels) == 1
    add1(cp.arange(6).reshape(2, 3))
    add1(cp.arange(3, dtype=np.float32))
    assert len(add1._kernels) == 3
    assert_same(add1(cp.arange(6, dtype=np.float32).reshape(2, 3)),
                np.arange(6, dtype=np.float32).reshape(2, 3) + 1)


def test_unsupported_code_raises_clearly():
    @cp.fuse()
    def branch(x):
        return x if x > 0 else -x

    with pytest.raises(TypeError, match="cannot branch"):
        branch(cp.arange(3))

    @cp.fuse()
    def not_an_array(x):
        return 3

    with pytest.raises(NotImplementedError, match="one array expression"):
        not_an_array(cp.arange(3))

    @cp.fuse()
    def after_reduction(x):
        return x.sum() + 1

    with pytest.raises(NotImplementedError, match="last step"):
        after_reduction(cp.arange(3))


def test_functions_fuse_cannot_trace_are_named():
    @cp.fuse()
    def nansum_of(x):
        return cp.nansum(x * 2)

    with pytest.raises(NotImplementedError, match="nansum is not supported"):
        nansum_of(cp.arange(3))


def test_numpy_scalar_constants_are_strong():
    @cp.fuse()
    def scale(x):
        return np.float32(0.5) * x + np.int8(3)

    for dt in (np.float16, np.float64, np.int16):
        xn = np.arange(-4, 5).astype(dt)
        assert_same(scale(cp.asarray(xn)), scale(xn))


@pytest.mark.parametrize("dtype", [np.int16, np.float16, np.float32, np.complex64])
def test_mean_as_numpy(dtype):
    @cp.fuse()
    def centred_mean(x, y):
        xp = cp.get_array_module(x)
        return xp.mean(x * y - 1, axis=1)

    a = (np.arange(30).reshape(3, 10) % 7).astype(dtype)
    got, expected = centred_mean(cp.asarray(a), cp.asarray(a)), centred_mean(a, a)
    assert_same(got, expected, rtol=2e-3 if dtype == np.float16 else 1e-6)


def test_python_int_constants_outside_the_dtype_as_numpy_2():
    @cp.fuse()
    def compare(x):
        return (x < 300) * 1 + (x == -1) * 2 + (300 >= x) * 4 + (x != 70000) * 8

    for dt in (np.uint8, np.int8, np.int16):
        xn = np.array([0, 5, 127], dt)
        assert_same(compare(cp.asarray(xn)), compare(xn))

    @cp.fuse()
    def wraps(x):
        return x * -1

    with pytest.raises(OverflowError, match="out of bounds for uint8"):
        wraps(cp.asarray(np.array([1], np.uint8)))


def test_max_of_nothing_raises_as_numpy():
    @cp.fuse()
    def peak(x, y):
        return cp.max(x * y, axis=-1)

    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        peak(cp.ones((3, 0)), cp.ones(0))
    assert_same(peak(cp.ones((0, 3)), cp.ones(3)), np.max(np.ones((0, 3)), axis=-1))
