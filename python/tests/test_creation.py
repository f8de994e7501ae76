"""Array creation vs NumPy: array/asarray, empty/zeros/ones/full, arange, linspace, eye, *_like."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import ALL_DTYPES, assert_same, sample


def _id(t):
    return np.dtype(t).name


@pytest.mark.parametrize("obj", [
    [1, 2, 3], [1.5, 2, 3], [[1, 2], [3, 4]], [[[1], [2]], [[3], [4]]], [True, False],
    [1, 2.5, 3j], [], [[]], 5, 2.5, True, 1j, [[1.0, 2.0, 3.0]], (1, 2, 3), [(1, 2), (3, 4)],
    [2**40, 1], [np.int8(1), np.int8(2)],
], ids=repr)
def test_array_from_python(obj):
    assert_same(cp.array(obj), np.array(obj))
    assert_same(cp.asarray(obj), np.asarray(obj))


@pytest.mark.parametrize("t", ALL_DTYPES, ids=_id)
def test_array_from_numpy_every_dtype(t):
    a = sample((3, 4), t)
    x = cp.array(a)
    assert_same(x, a)
    assert x.strides == a.strides
    assert_same(cp.asarray(a), a)
    assert_same(cp.array([1, 0, 1], dtype=t), np.array([1, 0, 1], dtype=t))


def test_array_from_numpy_scalars():
    for s in [np.float32(1.5), np.int8(-3), np.uint64(2**63), np.complex64(1 + 2j), np.bool_(True)]:
        assert_same(cp.array(s), np.array(s))


def test_array_dtype_argument():
    assert_same(cp.array([1, 2, 3], dtype=np.float32), np.array([1, 2, 3], dtype=np.float32))
    assert_same(cp.array([1.7, -2.7], dtype=np.int32), np.array([1.7, -2.7], dtype=np.int32))
    assert_same(cp.asarray([1, 2], dtype="complex64"), np.asarray([1, 2], dtype="complex64"))


def test_array_ndmin():
    assert_same(cp.array([1, 2], ndmin=3), np.array([1, 2], ndmin=3))
    assert_same(cp.array(5, ndmin=2), np.array(5, ndmin=2))


def test_array_from_noncontiguous_numpy():
    base = np.arange(60, dtype=np.float64).reshape(6, 10)
    for view in [base[::2, ::3], base[:, 1], base[::-1], base.T, base[1:5, 2:8:2].T,
                 base[::-2, ::-1]]:
        assert_same(cp.array(view), view)
        assert_same(cp.asarray(view), view)


def test_array_from_fortran_numpy():
    f = np.asfortranarray(np.arange(12, dtype=np.int32).reshape(3, 4))
    x = cp.array(f)
    assert_same(x, f)
    assert x._f_contiguous
    x2 = cp.array(f, order="C")
    assert_same(x2, f)
    assert x2._c_contiguous
    assert x2.strides == np.ascontiguousarray(f).strides


def test_array_from_numpy_is_a_copy():
    a = np.arange(5)
    x = cp.array(a)
    a[0] = 100
    assert x.get()[0] == 0
    y = cp.asarray(a)
    a[1] = 100
    assert y.get()[1] == 1  # device memory: always a copy


def test_array_of_ndgpu_array_copies():
    x = cp.arange(6).reshape(2, 3)
    y = cp.array(x)
    assert y is not x
    assert_same(y, np.arange(6).reshape(2, 3))
    y[0, 0] = 100
    assert x.get()[0, 0] == 0
    z = cp.array(x, copy=False)
    z[0, 0] = 7
    assert x.get()[0, 0] == 7
    expected = np.arange(6).reshape(2, 3).astype(np.float32)
    expected[0, 0] = 7
    assert_same(cp.array(x, dtype=np.float32), expected)


def test_array_of_lists_holding_ndgpu_arrays():
    # Stacked on the device, in the dtype np.array gives (Python scalars strong, as NumPy).
    n = np.arange(6, dtype=np.float32).reshape(2, 3)
    x = cp.array(n)
    assert_same(cp.array([x, x[::-1]]), np.array([n, n[::-1]]))
    assert_same(cp.asarray([x[0, 0], x[1, 2], 2.0]), np.array([n[0, 0], n[1, 2], 2.0]))
    assert_same(cp.array([x[0, 0], x[1, 2]]), np.array([n[0, 0], n[1, 2]]))
    assert_same(cp.array(([x[0], [7, 8, 9]],)), np.array(([n[0], [7, 8, 9]],)))
    assert_same(cp.array([[x[0, 1], 1], [2, x[1, 1]]], dtype=np.int8),
                np.array([[n[0, 1], 1], [2, n[1, 1]]], dtype=np.int8))
    u = cp.array([1, 2], dtype=np.uint8)
    assert_same(cp.array([u, [True, False]]), np.array([[1, 2], [True, False]], dtype=np.uint8))
    y = cp.array([x])
    y[0, 0, 0] = 50  # a new array
    assert x.get()[0, 0] == 0
    with pytest.raises(ValueError, match="inhomogeneous"):
        cp.array([x[0], x[0, :2]])
    loop = [x[0]]
    loop.append(loop)  # a list holding itself: NumPy's dimension limit, not a crash
    with pytest.raises(ValueError, match="maximum number of dimension"):
        cp.array(loop)
    plain = []
    plain.append(plain)
    with pytest.raises(ValueError):
        cp.array(plain)


def test_asarray_of_ndgpu_array_is_same_data():
    x = cp.arange(6)
    y = cp.asarray(x)
    y[0] = 42
    assert x.get()[0] == 42
    assert cp.asarray(x, dtype=x.dtype)._pointer == x._pointer
    z = cp.asarray(x, dtype=np.float64)
    assert z.dtype == np.float64
    assert_same(z, np.array([42, 1, 2, 3, 4, 5], dtype=np.float64))


def test_asarray_copy_keyword():
    x = cp.arange(3.0)
    assert cp.asarray(x) is x and cp.asarray(x, copy=False) is x  # NumPy's identity
    assert cp.asarray(x, dtype=np.float64, copy=False) is x
    y = cp.asarray(x, copy=True)
    y[0] = 9
    assert float(x[0]) == 0
    with pytest.raises(ValueError, match="avoid copy"):  # NumPy 2's rule
        cp.asarray(x, dtype=np.float32, copy=False)
    with pytest.raises(ValueError, match="avoid copy"):
        cp.array(x, dtype=np.float32, copy=False)
    assert_same(cp.asarray(np.ones(2), copy=False, blocking=True), np.ones(2))  # host data moves


def test_asnumpy_and_get():
    x = cp.array([[1, 2], [3, 4]], dtype=np.int16)
    for host in [cp.asnumpy(x), x.get()]:
        assert type(host) is np.ndarray
        assert host.dtype == np.int16
        np.testing.assert_array_equal(host, [[1, 2], [3, 4]])
    # Of a view, and of host input.
    np.testing.assert_array_equal(cp.asnumpy(x.T), [[1, 3], [2, 4]])
    np.testing.assert_array_equal(cp.asnumpy(x[:, ::-1]), [[2, 1], [4, 3]])
    np.testing.assert_array_equal(cp.asnumpy([1, 2]), np.array([1, 2]))
    assert type(cp.asnumpy(np.arange(3))) is np.ndarray


def test_implicit_numpy_conversion_refused():
    with pytest.raises(TypeError):
        np.asarray(cp.arange(3))


@pytest.mark.parametrize("shape", [(), 0, 3, (2, 3), (0, 4), (2, 1, 3)], ids=repr)
@pytest.mark.parametrize("t", [None, np.int8, np.float32, np.complex128, np.bool_], ids=repr)
def test_empty_zeros_ones(shape, t):
    e = cp.empty(shape, dtype=t)
    ne = np.empty(shape, dtype=t)
    assert e.shape == ne.shape and e.dtype == ne.dtype
    if ne.size:  # NumPy 2.4 gives empty arrays zero strides; CuPy and ndgpu C strides
        assert e.strides == ne.strides
    assert_same(cp.zeros(shape, dtype=t), np.zeros(shape, dtype=t))
    assert_same(cp.ones(shape, dtype=t), np.ones(shape, dtype=t))


def test_order_f():
    for f in (cp.empty, cp.zeros, cp.ones):
        x = f((2, 3), dtype=np.float32, order="F")
        assert x.strides == np.empty((2, 3), np.float32, order="F").strides
        assert x._f_contiguous and not x._c_contiguous
    assert_same(cp.ones((2, 3), order="F"), np.ones((2, 3), order="F"))


@pytest.mark.parametrize("value, t", [
    (7, None), (2.5, None), (1j, None), (True, None), (np.float32(1.5), None), (np.int8(3), None),
    (7, np.float32), (2.9, np.int16), (-1, np.int8), (1 + 2j, np.complex64), (3, np.bool_),
    (0.1, np.float16),
], ids=repr)
def test_full(value, t):
    assert_same(cp.full((2, 3), value, dtype=t), np.full((2, 3), value, dtype=t))


def test_full_int_out_of_range():
    with pytest.raises(OverflowError):
        np.full(3, 300, dtype=np.uint8)
    with pytest.raises(OverflowError):
        cp.full(3, 300, dtype=np.uint8)


@pytest.mark.parametrize("args, kw", [
    ((5,), {}), ((2, 10), {}), ((2, 10, 3), {}), ((10, 2, -3), {}), ((0,), {}), ((5, 2), {}),
    ((0.0, 1.0, 0.1), {}), ((1.5,), {}), ((-1, 1, 0.25), {}), ((3.0, -1.0, -0.5), {}),
    ((5,), {"dtype": np.float32}), ((0, 10, 3), {"dtype": np.uint8}),
    ((-3, 3), {"dtype": np.int8}), ((0.5, 4), {"dtype": np.int32}), ((2**40, 2**40 + 3), {}),
    ((0, 3), {"dtype": np.float16}),
], ids=repr)
def test_arange(args, kw):
    assert_same(cp.arange(*args, **kw), np.arange(*args, **kw))


def test_arange_complex_dtype():
    assert_same(cp.arange(1, 4, dtype=np.complex64), np.arange(1, 4, dtype=np.complex64))
    assert_same(cp.arange(25, dtype=cp.complex128), np.arange(25, dtype=np.complex128))


def test_arange_keywords_and_errors():
    assert_same(cp.arange(1, 7, step=2), np.arange(1, 7, step=2))
    with pytest.raises(ZeroDivisionError):
        np.arange(0, 5, 0)
    with pytest.raises((ZeroDivisionError, ValueError)):
        cp.arange(0, 5, 0)


@pytest.mark.parametrize("args, kw", [
    ((0, 1), {}), ((0, 1, 5), {}), ((0, 1, 5), {"endpoint": False}), ((-3, 3, 7), {}),
    ((2, 3, 0), {}), ((2, 3, 1), {}), ((2, 3, 1), {"endpoint": False}), ((1, 0, 4), {}),
    ((0, 10, 5), {"dtype": int}), ((0, 10, 4), {"dtype": np.int32, "endpoint": False}),
    ((0, 1, 3), {"dtype": np.float32}), ((-5, 5, 4), {"dtype": np.int8}),
    ((-7, 3, 6), {"dtype": np.int64}), ((0, -10, 7), {"dtype": np.int16}),
], ids=repr)
def test_linspace(args, kw):
    expected = np.linspace(*args, **kw)
    got = cp.linspace(*args, **kw)
    if expected.dtype.kind in "iu":
        assert_same(got, expected)
    else:
        assert_same(got, expected, rtol=1e-6 if expected.dtype.itemsize <= 4 else 1e-15,
                    atol=1e-15)


def test_linspace_complex():
    assert_same(cp.linspace(0, 1 + 1j, 3), np.linspace(0, 1 + 1j, 3))
    assert_same(cp.linspace(1 - 2j, 3 + 5j, 7, endpoint=False, dtype=np.complex64),
                np.linspace(1 - 2j, 3 + 5j, 7, endpoint=False, dtype=np.complex64))


def test_linspace_negative_num():
    with pytest.raises(ValueError):
        np.linspace(0, 1, -1)
    with pytest.raises(ValueError):
        cp.linspace(0, 1, -1)


@pytest.mark.parametrize("args, kw", [
    ((3,), {}), ((3, 4), {}), ((4, 3), {}), ((3,), {"k": 1}), ((3,), {"k": -2}), ((3, 5), {"k": 3}),
    ((3,), {"k": 5}), ((0,), {}), ((3,), {"dtype": np.int32}), ((2, 3), {"k": -1, "dtype": np.bool_}),
    ((3,), {"dtype": np.complex64}), ((1,), {}),
], ids=repr)
def test_eye(args, kw):
    assert_same(cp.eye(*args, **kw), np.eye(*args, **kw))


def test_eye_keyword_m():
    assert_same(cp.eye(2, M=4, k=1), np.eye(2, M=4, k=1))


@pytest.mark.parametrize("n, t", [(3, None), (1, np.int8), (4, np.float32), (0, None)])
def test_identity(n, t):
    assert_same(cp.identity(n, dtype=t), np.identity(n, dtype=t))


@pytest.mark.parametrize("t", [np.int16, np.float32, np.complex64, np.bool_], ids=_id)
def test_like_functions(t):
    an = sample((2, 3), t)
    a = cp.array(an)
    assert_same(cp.zeros_like(a), np.zeros_like(an))
    assert_same(cp.ones_like(a), np.ones_like(an))
    assert_same(cp.full_like(a, 1), np.full_like(an, 1))
    e = cp.empty_like(a)
    assert e.shape == an.shape and e.dtype == an.dtype
    assert_same(cp.zeros_like(a, dtype=np.float64), np.zeros_like(an, dtype=np.float64))
    assert_same(cp.ones_like(a, shape=(4,)), np.ones_like(an, shape=(4,)))
    assert_same(cp.full_like(a, 0, dtype=np.int8, shape=(1, 2)),
                np.full_like(an, 0, dtype=np.int8, shape=(1, 2)))


def test_like_functions_and_asnumpy_honour_order():
    an = np.zeros((2, 3), order="F")
    a = cp.zeros((2, 3), order="F")
    for order in ("K", "A", "C", "F"):
        for f in (cp.empty_like, cp.zeros_like, cp.ones_like):
            r, rn = f(a, order=order), getattr(np, f.__name__)(an, order=order)
            assert (r.flags.c_contiguous, r.flags.f_contiguous) == (rn.flags.c_contiguous, rn.flags.f_contiguous)
        r = cp.full_like(a, 2, order=order)
        assert r.flags.f_contiguous == np.full_like(an, 2, order=order).flags.f_contiguous
    assert cp.asnumpy(cp.zeros((2, 3)), order="F").flags.f_contiguous
    xn = np.arange(6.0).reshape(2, 3)
    x = cp.array(xn)
    for order in ("C", "F", "A", "K", None):
        h = x.T.get(order=order)
        np.testing.assert_array_equal(h, xn.T)
        assert h.flags.f_contiguous == (order in ("F", "A", "K"))


def test_full_like_value_converted_to_array_dtype():
    an = np.zeros(3, dtype=np.int32)
    a = cp.zeros(3, dtype=np.int32)
    assert_same(cp.full_like(a, 2.7), np.full_like(an, 2.7))


def test_like_of_view_is_contiguous():
    a = cp.arange(12, dtype=np.float32).reshape(3, 4).T
    an = np.arange(12, dtype=np.float32).reshape(3, 4).T
    z = cp.zeros_like(a)
    assert z.shape == an.shape and z.dtype == an.dtype
    np.testing.assert_array_equal(z.get(), np.zeros_like(an))


def test_ndarray_constructor():
    x = cp.ndarray((2, 3), dtype=np.float32)
    assert x.shape == (2, 3) and x.dtype == np.float32 and x.strides == (12, 4)
    y = cp.ndarray((4,))
    assert y.dtype == np.float64


def test_shapes_refuse_bools_as_numpy():
    for shape in [(True, 2), (2, False), True]:
        with pytest.raises(TypeError):
            np.zeros(shape)
        with pytest.raises(TypeError):
            cp.zeros(shape)
