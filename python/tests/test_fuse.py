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
    assert len(f._cache) == 1


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
    assert len(add1._cache) == 1
    add1(cp.arange(6).reshape(2, 3))
    add1(cp.arange(3, dtype=np.float32))
    assert len(add1._cache) == 3
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

    with pytest.raises(NotImplementedError, match="must return arrays"):
        not_an_array(cp.arange(3))


def test_functions_fuse_cannot_trace_are_named():
    @cp.fuse()
    def scan(x):
        return cp.cumsum(x * 2)

    with pytest.raises(NotImplementedError, match="cannot fuse 'cp.cumsum'"):
        scan(cp.arange(3))

    @cp.fuse()
    def product(x):
        return x @ x

    with pytest.raises(NotImplementedError, match="cannot fuse 'cp.matmul'"):
        product(cp.arange(3))

    @cp.fuse()
    def peak_to_peak(x):
        return cp.ptp(x)

    with pytest.raises(NotImplementedError, match="cannot fuse 'cp.ptp'"):
        peak_to_peak(cp.arange(3))

    @cp.fuse()
    def host_math(x):
        return np.sqrt(x)

    with pytest.raises(NotImplementedError, match="cannot fuse 'np.sqrt'"):
        host_math(cp.arange(3))


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


def _same_as_numpy(fused, *host_args, rtol=None):
    """The fused function on ndgpu copies of the arguments matches the function run by NumPy
    (CuPy's rule for NumPy arguments), arguments updated in place included."""
    dev = [cp.asarray(a) if isinstance(a, np.ndarray) else a for a in host_args]
    got = fused(*dev)
    host = [a.copy() if isinstance(a, np.ndarray) else a for a in host_args]
    expected = fused(*host)
    if expected is None:
        assert got is None
    elif isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for g, e in zip(got, expected):
            assert_same(g, e, rtol=rtol)
    else:
        assert_same(got, expected, rtol=rtol)
    for d, h in zip(dev, host):
        if isinstance(h, np.ndarray):
            assert_same(d, h, rtol=rtol)


M = np.arange(12, dtype=np.float64).reshape(3, 4) % 5 - 1.5


def test_elementwise_after_reductions():
    @cp.fuse()
    def row_norms(x):
        xp = cp.get_array_module(x)
        return xp.sqrt(xp.sum(x * x, axis=1))

    @cp.fuse()
    def centred(x, n):
        return x - x.sum(axis=1, keepdims=True) / n

    _same_as_numpy(row_norms, M)
    _same_as_numpy(centred, M.astype(np.float32), 4)
    _same_as_numpy(centred, M.astype(np.int16), 4)


def test_several_reductions_and_tuple_outputs():
    @cp.fuse()
    def stats(x, y):
        return x.max(axis=0) - x.min(axis=0), x.mean(axis=1) + y.sum(), x * y

    _same_as_numpy(stats, M, M[0])
    _same_as_numpy(stats, M.astype(np.int32), M[0].astype(np.int8))

    @cp.fuse()
    def pair(x, s):  # outputs of one shape: one kernel; a scalar argument inside a reduction
        return x + s, (x * s).sum(axis=0)[None, :] * x

    _same_as_numpy(pair, M.astype(np.float32), 2.5)

    @cp.fuse()
    def typed(x):  # dtype= of reductions, as NumPy's accumulators
        return x.sum(axis=0, dtype=np.float32), x.mean(dtype=np.float64), x.prod(axis=1, dtype=np.int8)

    _same_as_numpy(typed, M.astype(np.int16))


def test_in_place_updates_and_none():
    @cp.fuse()
    def update(x, y, z):
        x += y
        y *= 2
        z -= x.sum(axis=0)  # reads x after its update, as NumPy runs it

    _same_as_numpy(update, M.copy(), M[1].copy(), M[2].copy())

    @cp.fuse()
    def update_and_return(x, y):
        x += y
        return x * 2, x

    _same_as_numpy(update_and_return, M.astype(np.int64), np.int64(3))
    xs = cp.asarray(M)
    assert update_and_return(xs, 1.0)[1] is xs

    @cp.fuse()
    def reverse_add(x):  # NumPy reads the overlapping input as it was
        x += x[::-1]

    _same_as_numpy(reverse_add, np.arange(5))

    @cp.fuse()
    def widen(x, y):
        x += y

    with pytest.raises(ValueError, match="non-broadcastable output"):
        widen(cp.asarray(M[0]), cp.asarray(M))
    with pytest.raises(TypeError, match="same_kind"):
        widen(cp.asarray(M.astype(np.int32)), cp.asarray(M))


def test_ufunc_out_and_dtype_inside():
    @cp.fuse()
    def f(x, y):
        xp = cp.get_array_module(x)
        xp.add(x, y, out=x)
        return xp.multiply(x, y, dtype=np.float32)

    _same_as_numpy(f, M.copy(), M[1].copy())
    _same_as_numpy(f, M.astype(np.int32), np.int32(2))


def test_basic_indexing_of_inputs():
    @cp.fuse()
    def differences(x):
        return x[:, 1:] - x[:, :-1]

    @cp.fuse()
    def picks(x, y):
        return x[1] * y[None, ::2] + x[..., -1:]

    _same_as_numpy(differences, M)
    _same_as_numpy(picks, M, M[0, :2].copy())


def test_where_clip_astype():
    @cp.fuse()
    def f(x, y):
        xp = cp.get_array_module(x)
        return xp.where(x > 0, x, y * 2) + xp.clip(x, -1, 2) + x.clip(0.5) + x.astype(np.int8)

    _same_as_numpy(f, M, M[2])
    _same_as_numpy(f, M.astype(np.float32), 3)


def test_where_and_clip_outside_fuse():
    c = M > 0
    assert_same(cp.where(cp.asarray(c), cp.asarray(M), 7), np.where(c, M, 7))
    assert_same(cp.where(cp.asarray(c), 1, 2.5), np.where(c, 1, 2.5))
    i8 = M.astype(np.int8)
    assert_same(cp.clip(cp.asarray(i8), 0, 2), np.clip(i8, 0, 2))
    assert_same(cp.asarray(M).clip(max=1.0), M.clip(max=1.0))


def test_any_all_nansum():
    @cp.fuse()
    def f(x, y):
        xp = cp.get_array_module(x)
        return xp.any(x > 2, axis=1), (x < 3).all(), xp.nansum(x * y, axis=0)

    y = M[0].copy()
    y[1] = np.nan
    _same_as_numpy(f, M, y)


def test_scalars_and_0d_arrays():
    @cp.fuse()
    def f(x, s, t):
        return x * s + t

    _same_as_numpy(f, M.astype(np.float32), np.array(2.5, np.float32), 3)
    _same_as_numpy(f, np.array(2.0), np.float32(1.5), True)
    _same_as_numpy(f, M.astype(np.int8), np.int16(300), 2)


def test_numpy_arguments_run_the_function_as_cupy():
    @cp.fuse()
    def f(x, y):
        return cp.sum(x * y, axis=1) + cp.max(x)

    got = f(M, M)
    assert isinstance(got, np.ndarray)
    np.testing.assert_array_equal(got, np.sum(M * M, axis=1) + np.max(M))
    assert_same(f(cp.asarray(M), cp.asarray(M)), got)


def test_clear_cache():
    @cp.fuse()
    def f(x):
        return x + 1

    f(cp.arange(3))
    assert len(f._cache) == 1
    f.clear_cache()
    assert len(f._cache) == 0
    assert_same(f(cp.arange(3)), np.arange(3) + 1)


def test_linalg_norm_inside():
    @cp.fuse()
    def f(x, y):
        xp = cp.get_array_module(x)
        return xp.linalg.norm(x - y, axis=1), xp.linalg.norm(x) / 2, xp.linalg.norm(x, "fro")

    _same_as_numpy(f, M, M[0])
    _same_as_numpy(f, M.astype(np.complex64), M[0].astype(np.int32), rtol=1e-5)

    @cp.fuse()
    def nuclear(x):
        return cp.linalg.norm(x, "nuc")

    with pytest.raises(NotImplementedError, match="linalg.norm"):
        nuclear(cp.asarray(M))


@pytest.mark.parametrize("bounds", [(0, 1000), (-1000, 1), (None, 1000), (200, 300), (-300, -200)])
def test_clip_with_python_ints_beyond_the_dtype_as_numpy_2(bounds):
    x = np.array([1, 2, -5], np.int8)
    fused = cp.fuse()(lambda a: a.clip(*bounds))
    for run in (lambda: cp.clip(cp.asarray(x), *bounds), lambda: fused(cp.asarray(x))):
        if bounds[0] == 200 or bounds[1] == -200:  # beyond the side the bound limits
            with pytest.raises(OverflowError, match="out of bounds for int8"):
                run()
        else:
            assert_same(run(), np.clip(x, *bounds))


def test_python_int_arguments_checked_as_numpy():
    @cp.fuse()
    def scale(x, n):
        return x * n

    x = np.array([1, -2], np.int8)
    assert_same(scale(cp.asarray(x), 3), x * 3)
    with pytest.raises(OverflowError, match="300 out of bounds for int8"):
        scale(cp.asarray(x), 300)

    @cp.fuse()
    def below(x, n):
        return x < n

    assert_same(below(cp.asarray(x), 1), x < 1)
    with pytest.raises(NotImplementedError, match="outside int8"):
        below(cp.asarray(x), 300)
