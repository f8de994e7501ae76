"""Array attributes, views and strides, reshape/transpose, basic indexing, setitem, copy,
astype and fill, each compared with NumPy."""
import itertools
import warnings

import numpy as np
import pytest

import ndgpu as cp
from conftest import ALL_DTYPES, assert_same, sample


def _id(t):
    return np.dtype(t).name


def pair(shape=(4, 5, 6), dtype=np.int32):
    """The same array in NumPy and ndgpu."""
    n = np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape).copy()  # owns its data
    return n, cp.array(n)


def check_view(x, xn):
    """Same values, shape, dtype and strides."""
    assert x.strides == xn.strides, (x.strides, xn.strides)
    assert_same(x, xn)


# -- attributes ---------------------------------------------------------------------------

@pytest.mark.parametrize("shape", [(), (0,), (7,), (2, 3), (2, 3, 4), (1, 1, 5), (3, 0, 2)], ids=repr)
@pytest.mark.parametrize("t", [np.bool_, np.int16, np.float64, np.complex64], ids=_id)
def test_attributes(shape, t):
    xn = np.zeros(shape, dtype=t)
    x = cp.zeros(shape, dtype=t)
    assert x.shape == xn.shape
    assert type(x.shape) is tuple
    assert x.size == xn.size
    assert x.ndim == xn.ndim
    assert x.nbytes == xn.nbytes
    assert x.itemsize == xn.itemsize
    assert x.dtype == xn.dtype
    if xn.size:
        assert x.strides == xn.strides


def test_len_and_scalar_conversions():
    x = cp.arange(6).reshape(3, 2)
    assert len(x) == 3
    with pytest.raises(TypeError):
        len(cp.array(5))
    rows = list(x)  # rows in order, each a view of its row
    assert len(rows) == 3 and all(isinstance(r, cp.ndarray) for r in rows)
    assert_same(cp.stack(rows), np.arange(6).reshape(3, 2))
    with pytest.raises(TypeError, match="0-d"):
        iter(cp.array(5))
    loss = cp.array([0.25, 0.5]).sum()  # f-strings format a 0-d array's value, as NumPy
    assert f"{loss:.3f} {cp.arange(3)} {cp.int32(7) * cp.ones((), cp.int32):>3d}" == \
        f"{np.float64(0.75):.3f} {np.arange(3)} {np.int32(7):>3d}"
    with pytest.raises(TypeError):
        f"{cp.arange(3.0):.3f}"
    assert int(cp.array(7)) == 7
    with pytest.raises(TypeError):
        int(np.array([7]))  # NumPy 2: only 0-d arrays
    with pytest.raises(TypeError):
        int(cp.array([7]))
    assert float(cp.array(2.5)) == 2.5
    assert complex(cp.array(1 + 2j)) == 1 + 2j
    assert bool(cp.array([True])) is True
    assert bool(cp.array(0)) is False
    with pytest.raises(ValueError):
        bool(cp.arange(3))
    assert [10, 20, 30][cp.array(1)] == 20  # __index__
    with pytest.raises(TypeError):
        [10, 20][cp.array(1.0)]


VIEWS = {
    "fresh": lambda a: a,
    "T": lambda a: a.T,
    "slice": lambda a: a[1:3],
    "last_axis_step": lambda a: a[:, :, ::2],
    "neg": lambda a: a[::-1],
    "col": lambda a: a[:, 2],
    "first_row": lambda a: a[0],
    "row_of_rows": lambda a: a[0:1],
    "newaxis": lambda a: a[None, 1],
    "inner_slice": lambda a: a[:, 1:2, :],
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_flags_and_strides_of_views(name):
    xn, x = pair()
    vn, v = VIEWS[name](xn), VIEWS[name](x)
    assert v.strides == vn.strides
    assert v._c_contiguous == vn.flags.c_contiguous
    assert v._f_contiguous == vn.flags.f_contiguous
    if hasattr(v, "flags"):
        assert v.flags.c_contiguous == vn.flags.c_contiguous
        assert v.flags.f_contiguous == vn.flags.f_contiguous
        assert v.flags["C_CONTIGUOUS"] == vn.flags["C_CONTIGUOUS"]
        assert v.flags["F_CONTIGUOUS"] == vn.flags["F_CONTIGUOUS"]
        assert v.flags.owndata == vn.flags.owndata
    assert (v.base is None) == (vn.base is None)
    check_view(v, vn)


def test_flags_attribute_exists():
    x = cp.zeros((2, 3))
    assert x.flags.c_contiguous and not x.flags.f_contiguous and x.flags.owndata
    y = cp.zeros((2, 3), order="F")
    assert y.flags.f_contiguous and not y.flags.c_contiguous
    assert not x.T.flags.owndata


def test_base():
    x = cp.arange(6)
    assert x.base is None
    v = x.reshape(2, 3)
    assert v.base is not None
    np.testing.assert_array_equal(v.base.get(), np.arange(6))
    assert x[1:].base is not None
    assert x.T.base is not None
    assert x.copy().base is None
    assert cp.array(x).base is None


def test_T_and_transpose():
    xn, x = pair((2, 3, 4))
    check_view(x.T, xn.T)
    check_view(x.transpose(), xn.transpose())
    check_view(x.transpose(1, 0, 2), xn.transpose(1, 0, 2))
    check_view(x.transpose((2, 0, 1)), xn.transpose((2, 0, 1)))
    check_view(x.transpose(-1, 0, 1), xn.transpose(-1, 0, 1))
    check_view(x.transpose(None), xn.transpose(None))
    check_view(cp.arange(5).T, np.arange(5).T)
    t = x.T
    t[0, 0, 0] = -1
    assert x.get()[0, 0, 0] == -1


@pytest.mark.parametrize("axes", [(0, 1), (0, 0, 1), (0, 1, 3), (0, 1, 2, 3)], ids=repr)
def test_transpose_bad_axes(axes):
    xn, x = pair((2, 3, 4))
    with pytest.raises((ValueError, IndexError)):
        xn.transpose(axes)
    with pytest.raises((ValueError, IndexError)):
        x.transpose(axes)


# -- reshape --------------------------------------------------------------------------------

@pytest.mark.parametrize("shape", [(6, 4), (24,), (2, 3, 4), (-1,), (4, -1), (-1, 2, 3), (1, 24, 1),
                                   (2, 1, 12)], ids=repr)
def test_reshape_is_view(shape):
    xn, x = pair((4, 6))
    r = x.reshape(shape)
    rn = xn.reshape(shape)
    check_view(r, rn)
    r[(0,) * r.ndim] = 99
    assert x.get()[0, 0] == 99
    xn[0, 0] = 99
    # Varargs form.
    check_view(x.reshape(*shape), xn.reshape(*shape))


def test_reshape_of_views():
    xn, x = pair((4, 6))
    # A transposed array needs a copy for a C reshape; a column slice can be split.
    for f in [lambda a: a.T.reshape(-1), lambda a: a.T.reshape(3, 8), lambda a: a[:, ::2].reshape(12),
              lambda a: a[::2].reshape(3, 4), lambda a: a[:, 1:3].reshape(4, 2, 1),
              lambda a: a[::-1].reshape(2, 2, 6), lambda a: a.T.reshape(6, 2, 2),
              lambda a: a[:, 1:3].reshape(8)]:
        assert_same(f(x), f(xn))
    # When NumPy can make a view, the strides must match.
    check_view(x[::2].reshape(2, 1, 6), xn[::2].reshape(2, 1, 6))
    check_view(x[:, 1:3].reshape(4, 2, 1), xn[:, 1:3].reshape(4, 2, 1))
    check_view(x.T.reshape(6, 2, 2), xn.T.reshape(6, 2, 2))


def test_reshape_copy_does_not_alias():
    xn, x = pair((4, 6))
    r = x.T.reshape(-1)
    r[0] = 1000
    assert x.get()[0, 0] == 0


def test_reshape_order_f():
    xn, x = pair((4, 6))
    assert_same(x.reshape((3, 8), order="F"), xn.reshape((3, 8), order="F"))
    assert_same(x.reshape(-1, order="F"), xn.reshape(-1, order="F"))


@pytest.mark.parametrize("shape", [(5, 5), (-1, -1), (7, -1), (0, -1), (25,)], ids=repr)
def test_reshape_errors(shape):
    xn, x = pair((4, 6))
    with pytest.raises(ValueError):
        xn.reshape(shape)
    with pytest.raises(ValueError):
        x.reshape(shape)


def test_reshape_argument_forms_and_errors():
    # a.reshape(4, 6) takes a fast path; every other form and each error goes the general way.
    xn, x = pair((4, 6))
    for args in [(5, 5), (7, -1), (-1, -1), (2**70,)]:
        with pytest.raises(ValueError):
            xn.reshape(*args)
        with pytest.raises(ValueError):
            x.reshape(*args)
    for call in [lambda a: a.reshape(), lambda a: a.reshape(4, 6, bogus=1),
                 lambda a: a.reshape(4, "6"), lambda a: a.reshape(4.0, 6),
                 lambda a: a.reshape(True, 24)]:
        with pytest.raises(TypeError):
            call(xn)
        with pytest.raises(TypeError):
            call(x)
    for call in [lambda a: a.reshape(np.int16(3), 8),
                 lambda a: a.reshape(2, 2, 3, 1, 2, 1, 1), lambda a: a.reshape(3, 8, order="F")]:
        check_view(call(x), call(xn))


def test_reshape_empty_and_scalar():
    assert_same(cp.zeros((0, 3)).reshape(3, 0), np.zeros((0, 3)).reshape(3, 0))
    assert_same(cp.zeros((0, 3)).reshape(-1, 3), np.zeros((0, 3)).reshape(-1, 3))
    assert_same(cp.array(5).reshape(1, 1), np.array(5).reshape(1, 1))
    assert_same(cp.array([5]).reshape(()), np.array([5]).reshape(()))


def test_ravel_flatten():
    xn, x = pair((3, 4))
    assert_same(x.ravel(), xn.ravel())
    assert_same(x.T.ravel(), xn.T.ravel())
    assert_same(x.flatten(), xn.flatten())
    f = x.flatten()
    f[0] = 7
    assert x.get()[0, 0] == 0
    r = x.ravel()
    r[0] = 7
    assert x.get()[0, 0] == 7


# -- basic indexing ----------------------------------------------------------------------------

INDICES = [
    0, -1, 3, -4, (1, 2), (1, 2, 3), (-1, -2, -3), slice(None), slice(1, 3), slice(None, None, 2),
    slice(None, None, -1), slice(3, 0, -2), slice(-1, None, -3), slice(10, 20), slice(-100, 100),
    slice(2, 2), (slice(None), 1), (Ellipsis, 1), (Ellipsis,), (1, Ellipsis), (None,),
    (None, 1), (slice(None), None, 2), (Ellipsis, None), (None, Ellipsis, None),
    (1, slice(None, None, -2), None, slice(1, 5, 3)), (slice(None, None, -1), Ellipsis, slice(None, None, -2)),
    (slice(1, None), slice(None, 3), slice(None, None, 4)), (0, 0), (np.int64(2), np.int8(-1)),
    (slice(3, 1), Ellipsis), (slice(None, None, 3), 0, slice(4, None, -1)), (None, None, 0, None),
]


@pytest.mark.parametrize("idx", INDICES, ids=repr)
def test_getitem(idx):
    xn, x = pair()
    check_view(x[idx], xn[idx])
    # And on a view with negative and non-unit strides.
    vn, v = xn[::-1, ::2], x[::-1, ::2]
    if not (isinstance(idx, tuple) and len(idx) > 0 and idx[0] in (3, -4)) and idx not in (3, -4):
        check_view(v[idx], vn[idx])


def test_getitem_returns_view():
    xn, x = pair()
    v = x[1, ::2]
    v[0, 0] = -5
    assert x.get()[1, 0, 0] == -5
    assert v.base is not None
    # An integer index on every axis gives a 0-d array, not a Python scalar.
    s = x[1, 2, 3]
    assert isinstance(s, cp.ndarray) and s.shape == () and int(s) == xn[1, 2, 3]


@pytest.mark.parametrize("idx", [4, -5, (0, 5), (0, 0, 6), (0, 0, -7), (1, 2, 3, 0), (0, Ellipsis, 0, Ellipsis)],
                         ids=repr)
def test_getitem_index_errors(idx):
    xn, x = pair()
    with pytest.raises(IndexError):
        xn[idx]
    with pytest.raises(IndexError):
        x[idx]


def test_getitem_zero_step():
    xn, x = pair()
    with pytest.raises(ValueError):
        xn[::0]
    with pytest.raises(ValueError):
        x[::0]


def test_index_0d():
    xn = np.array(3.5)
    x = cp.array(3.5)
    check_view(x[()], np.asarray(xn[()]))
    check_view(x[...], xn[...])
    check_view(x[None], xn[None])
    with pytest.raises(IndexError):
        x[0]


# -- setitem -------------------------------------------------------------------------------------

SETS = [
    (0, 5), ((1, 2), -1), (slice(None, None, 2), 7), ((Ellipsis, 0), 3), ((slice(None), 1, slice(None, None, -1)), 9),
    (Ellipsis, 2), ((1, 2, 3), 11), ((None, 0), 4),
]


@pytest.mark.parametrize("idx, value", SETS, ids=repr)
def test_setitem_scalar(idx, value):
    xn, x = pair()
    xn[idx] = value
    x[idx] = value
    assert_same(x, xn)


def test_setitem_scalar_converted():
    xn, x = pair((3, 4))
    xn[0] = 2.9
    x[0] = 2.9
    xn[1] = True
    x[1] = True
    assert_same(x, xn)
    fn = np.zeros(3, dtype=np.float32)
    f = cp.zeros(3, dtype=np.float32)
    fn[1] = np.float64(1.25)
    f[1] = np.float64(1.25)
    assert_same(f, fn)


@pytest.mark.parametrize("case", range(7))
def test_setitem_array_broadcast(case):
    xn, x = pair((4, 5, 6), np.float64)
    idx, val = [
        (slice(None), np.arange(6.0)),               # row broadcast over two axes
        ((0, slice(None)), np.arange(30.0).reshape(5, 6)),
        ((slice(None), 1), np.arange(4.0).reshape(4, 1)),
        ((slice(None, None, -1), slice(None, None, 2)), np.arange(18.0).reshape(3, 6)),
        ((Ellipsis, 2), np.arange(20.0).reshape(4, 5)),
        (1, np.arange(6, dtype=np.int8)),            # other dtype: cast
        ((slice(None), slice(1, 2)), np.ones((1, 1, 6))),
    ][case]
    xn[idx] = val
    x[idx] = cp.array(val)
    assert_same(x, xn)
    # The same from NumPy arrays and lists directly.
    xn2, x2 = pair((4, 5, 6), np.float64)
    xn2[idx] = val
    x2[idx] = val
    assert_same(x2, xn2)
    x3 = pair((4, 5, 6), np.float64)[1]
    x3[idx] = val.tolist()
    assert_same(x3, xn2)


def test_setitem_on_transposed_view():
    xn, x = pair((3, 4))
    tn, t = xn.T, x.T
    tn[1:3] = np.arange(3)
    t[1:3] = cp.arange(3)
    assert_same(x, xn)
    tn[:, 0] = -1
    t[:, 0] = -1
    assert_same(x, xn)


def test_setitem_from_overlapping_view():
    xn, x = pair((8,))
    xn[1:] = xn[:-1].copy()
    x[1:] = x[:-1].copy()
    assert_same(x, xn)
    xn2, x2 = pair((8,))
    xn2[::-1] = xn2.copy()
    x2[::-1] = x2.copy()
    assert_same(x2, xn2)


def test_setitem_broadcast_error():
    xn, x = pair((4, 5))
    with pytest.raises(ValueError):
        xn[0] = np.arange(4)
    with pytest.raises(ValueError):
        x[0] = cp.arange(4)
    with pytest.raises(IndexError):
        x[9] = 1


# -- copy / astype / fill -----------------------------------------------------------------------

def test_copy():
    xn, x = pair((3, 4))
    for f in [lambda a: a, lambda a: a.T, lambda a: a[::-1, 1::2], lambda a: a[None, :, 2]]:
        c, cn = f(x).copy(), f(xn).copy()
        check_view(c, cn)
        assert c._c_contiguous and c.base is None
    c = x.T.copy(order="F")
    check_view(c, xn.T.copy(order="F"))
    c[0, 0] = 100
    assert x.get()[0, 0] == 0


def _astype_source(src, dst):
    vals = [0, 1, 3, 100, 2.7, 1.5, 127]
    if not (np.dtype(src).kind in "fc" and np.dtype(dst).kind == "u"):
        vals += [-3, -2.7, -128]  # float -> unsigned of negatives is undefined in C
    a = np.array(vals)
    if np.dtype(src).kind == "c":
        a = a + 0.5j * np.arange(len(vals))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return a.astype(src)




@pytest.mark.parametrize("src", ALL_DTYPES, ids=_id)
def test_astype_all_pairs(src):
    for dst in ALL_DTYPES:
        if src is np.float16 and np.dtype(dst).kind == "c":
            continue  # test_astype_float16_to_complex
        an = _astype_source(src, dst)
        a = cp.array(an)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = an.astype(dst)
        got = a.astype(dst)
        assert got.dtype == expected.dtype, (src, dst)
        np.testing.assert_array_equal(got.get(), expected, err_msg=f"{_id(src)} -> {_id(dst)}")


@pytest.mark.parametrize("dst", [np.complex64, np.complex128], ids=_id)
def test_astype_float16_to_complex(dst):
    an = np.array([0, 1.5, -2], dtype=np.float16)
    assert_same(cp.array(an).astype(dst), an.astype(dst))


def test_astype_truncation_and_real_part():
    assert_same(cp.array([-2.7, 2.7, 0.5]).astype(np.int32), np.array([-2, 2, 0], dtype=np.int32))
    assert_same(cp.array([1 + 5j, -2.5 + 1j]).astype(np.float64), np.array([1.0, -2.5]))
    assert_same(cp.array([0j, 1j, 0.5]).astype(np.bool_), np.array([False, True, True]))
    assert_same(cp.array([0.0, -0.0, np.nan, 2]).astype(bool), np.array([False, False, True, True]))


def test_astype_noncontiguous_and_copy_flag():
    xn, x = pair((3, 4), np.float32)
    assert_same(x.T.astype(np.int64), xn.T.astype(np.int64))
    assert_same(x[::-1, ::2].astype(np.float64), xn[::-1, ::2].astype(np.float64))
    same = x.astype(np.float32, copy=False)
    assert same._pointer == x._pointer
    other = x.astype(np.float32)
    assert other._pointer != x._pointer
    assert_same(other, xn)
    assert_same(x.astype("int16"), xn.astype("int16"))


def test_astype_order_and_casting():
    xn, x = pair((3, 4), np.float32)
    for order in ("C", "F", "A", "K"):
        y, yn = x.astype(np.float64, order=order), xn.astype(np.float64, order=order)
        assert_same(y, yn)
        assert (y.flags.c_contiguous, y.flags.f_contiguous) == (yn.flags.c_contiguous, yn.flags.f_contiguous)
    # copy=False still copies when the order asked for is not the array's.
    assert x.astype(np.float32, order="F", copy=False)._pointer != x._pointer
    assert x.astype(np.float32, order="C", copy=False)._pointer == x._pointer
    assert_same(x.astype(np.float64, casting="safe"), xn.astype(np.float64, casting="safe"))
    with pytest.raises(TypeError, match=r"Cannot cast array data from dtype\('float32'\) to dtype\('int32'\) according to the rule 'safe'"):
        x.astype(np.int32, casting="safe")
    with pytest.raises(TypeError):
        xn.astype(np.int32, casting="safe")
    with pytest.raises(ValueError):
        x.astype(np.int32, casting="sometimes")


@pytest.mark.parametrize("t, value", [(np.int32, 7), (np.float32, 2.5), (np.complex64, 1 - 1j), (np.bool_, True),
                                      (np.uint8, 255), (np.float64, np.float32(0.1)), (np.int16, 3.9)], ids=repr)
def test_fill(t, value):
    xn = np.zeros((2, 3), dtype=t)
    x = cp.zeros((2, 3), dtype=t)
    xn.fill(value)
    x.fill(value)
    assert_same(x, xn)


def test_fill_view():
    xn, x = pair((4, 5))
    xn[::2, 1::2].fill(-3)
    x[::2, 1::2].fill(-3)
    assert_same(x, xn)
    xn.T[1].fill(8)
    x.T[1].fill(8)
    assert_same(x, xn)


def test_fill_overflow():
    x = cp.zeros(3, dtype=np.uint8)
    with pytest.raises(OverflowError):
        np.zeros(3, dtype=np.uint8).fill(256)
    with pytest.raises(OverflowError):
        x.fill(256)
