"""Advanced indexing (integer arrays, boolean masks, lists, mixed with basic items), get and
set, and the indexing routines, each compared with NumPy."""
import operator

import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


def pair(shape=(4, 5, 6), dtype=np.int32):
    n = sample(shape, dtype)
    return n, cp.array(n)


def layouts(n):
    """The same values as NumPy, C-ordered, transposed and with negative strides."""
    yield n, cp.array(n)
    yield n.T, cp.array(n).T
    yield n[::-1], cp.array(n)[::-1]


def both(key):
    """The key for NumPy and for ndgpu (arrays inside it moved to the device)."""
    def conv(k):
        return cp.array(k) if isinstance(k, np.ndarray) else k
    return key, (tuple(conv(k) for k in key) if isinstance(key, tuple) else conv(key))


# -- getitem -------------------------------------------------------------------------------

GET_KEYS = [
    np.array([0, 3, -1, 1]),                                    # 1-D, negative
    np.array([[0, 1], [2, -4]]),                                # 2-D index array
    [1, 0, 1],                                                  # list of ints
    [],                                                         # empty list
    (np.array([0, 2]), np.array([1, 4])),                       # two arrays, adjacent
    (np.array([[0], [2]]), np.array([1, 3, 4])),                # broadcast together
    (slice(None), np.array([1, 0])),                            # array after a slice
    (np.array([1, 2]), slice(1, 3), np.array([0, 5])),          # separated: to the front
    (0, slice(None), np.array([1, 2])),                         # int counts as advanced
    (Ellipsis, np.array([2, 0])),
    (None, np.array([1, 1]), None),
    (np.array(2), slice(None)),                                 # 0-d index array
]


@pytest.mark.parametrize("key", GET_KEYS, ids=repr)
def test_getitem_integer_arrays(key):
    for n, x in layouts(sample((4, 5, 6), np.float32)):
        try:
            expected = n[key]
        except IndexError:
            continue  # this layout's shape does not fit the key
        kn, kx = both(key)
        assert_same(x[kx], expected)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.float64, np.complex128])
def test_getitem_dtypes_and_index_dtypes(dtype):
    n, x = pair((6, 3), dtype)
    for it in (np.int8, np.uint16, np.int32, np.uint64):
        idx = np.array([5, 0, 2], dtype=it)
        assert_same(x[cp.array(idx)], n[idx])


MASK_KEYS = [
    "full",           # x[mask] with the full shape
    "leading",        # x[mask] on the first two axes
    "middle",         # x[:, mask2]
    "with_int",       # x[mask0, 1]
    "true", "false",  # 0-d masks
]


@pytest.mark.parametrize("kind", MASK_KEYS)
def test_getitem_boolean_masks(kind):
    n, x = pair((4, 5, 3), np.float64)
    full = n > 0
    keys = {
        "full": full,
        "leading": full[:, :, 0],
        "middle": (slice(None), full[0, :, 0]),
        "with_int": (full[:, 0, 0], 1),
        "true": True,
        "false": False,
    }
    kn, kx = both(keys[kind])
    assert_same(x[kx], n[kn])
    # the same mask as a list of bools
    if kind == "middle":
        assert_same(x[:, list(full[0, :, 0])], n[:, list(full[0, :, 0])])


def test_getitem_mask_on_views_and_empty():
    n = sample((6, 7), np.int16)
    for xn, x in layouts(n):
        m = xn % 3 == 0
        assert_same(x[cp.array(m)], xn[m])
    e = np.zeros((0, 3))
    assert_same(cp.array(e)[cp.array(e > 0)], e[e > 0])
    assert_same(cp.array(e)[cp.array([], dtype=np.int64)], e[np.array([], dtype=np.int64)])


def test_getitem_errors():
    n, x = pair((4, 5))
    with pytest.raises(IndexError, match="index 4 is out of bounds for axis 0 with size 4"):
        x[cp.array([0, 4])].get()  # a device index: on CUDA, raised by the synchronization
    with pytest.raises(IndexError, match="index -6 is out of bounds for axis 1 with size 5"):
        x[:, [-6]]  # a list: raised by the call on every backend, as NumPy
    with pytest.raises(IndexError, match="shape mismatch"):
        x[cp.array([0, 1]), cp.array([0, 1, 2])]
    with pytest.raises(IndexError, match="boolean index did not match"):
        x[cp.array([True, False])]
    with pytest.raises(IndexError, match="too many indices"):
        x[[0], [0], [0]]
    with pytest.raises(IndexError):
        x[cp.array([0.5])]
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 4"):
        x[5, [0]]  # an integer beside an array: checked on the host, as NumPy
    assert_same(x, n)  # nothing written


def test_gather_error_reaches_the_next_synchronization():
    # On CUDA the gather returns before its bounds are known; the IndexError comes at the
    # next synchronization point (on the CPU backend, at the call). Either way, once.
    n, x = pair((5, 3))
    with pytest.raises(IndexError, match="index 7 is out of bounds for axis 0 with size 5"):
        x[cp.array([1, 7])]
        cp.cuda.Device().synchronize()
    with pytest.raises(IndexError, match="index -9 is out of bounds for axis 0 with size 5"):
        y = x[cp.array([-9])]
        y.get()
    cp.cuda.Device().synchronize()  # reported once: nothing left
    assert_same(x[cp.array([4, -5])], n[[4, -5]])
    m = np.array([True, False, True, True, False])
    assert_same(x[cp.array(m), 1:], n[m, 1:])  # a mask's positions need no check


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.int64, np.uint64,
                                   np.float16, np.float32, np.float64, np.complex64])
def test_item_and_float_of_one_element(dtype):
    n = (sample((3, 4), dtype) if dtype != np.uint64 else
         np.array([[2**63 + 5, 1, 2, 3]] * 3, dtype=np.uint64))
    x = cp.array(n)
    for key in [(1, 2), (0, 0), (-1, -1)]:
        e = n[key].item()
        got = x[key].item()
        assert type(got) is type(e) and (got == e or (got != got and e != e))
        if not np.issubdtype(dtype, np.complexfloating):
            assert float(x[key]) == float(n[key])
            assert int(x[key]) == int(n[key]) and type(int(x[key])) is int
            assert bool(x[key]) is bool(n[key])
        if np.issubdtype(dtype, np.integer):
            assert operator.index(x[key]) == operator.index(n[key])
    assert x.T[1:2, 2:3].item() == n.T[1:2, 2:3].item()  # size 1, not 0-d, strided
    with pytest.raises(ValueError, match="size 1"):
        x.item()


def test_scalar_conversions_follow_the_stream_and_python():
    # Each read waits for the kernel queued before it, and no read sees an earlier value.
    x = cp.zeros(4, dtype=np.float32)
    for i in range(1, 301):
        x += 1
        assert float(x[i % 4]) == i and int(x[0]) == i and bool(x[1] - i) is False
    f = cp.array([np.nan, np.inf, -2.7, 0.0, -0.0])
    with pytest.raises(ValueError, match="NaN"):
        int(f[0])
    with pytest.raises(OverflowError):
        int(f[1])
    assert int(f[2]) == -2 and bool(f[0]) and not bool(f[3]) and not bool(f[4])
    assert bool(cp.array(np.uint64(2**63))) and int(cp.array(np.uint64(2**64 - 1))) == 2**64 - 1


def test_basic_slices_stay_views():
    n, x = pair((4, 5))
    v = x[1:3]
    v[...] = 7
    n[1:3] = 7
    assert_same(x, n)


# -- setitem -------------------------------------------------------------------------------

SET_CASES = [
    (np.array([0, 2, -1]), 5),                       # scalar value
    (np.array([0, 2]), np.arange(6.0).reshape(2, 1, 3)[:, 0]),  # rows, broadcast per row
    ((slice(None), np.array([1, 0])), np.array([9, 8])),        # broadcast along
    ((np.array([1, 2]), slice(None), np.array([0, 1])), 3.5),   # separated indices
    ("mask", -1),
    ("mask", "values"),
    ("leading", np.arange(3.0)),
]


@pytest.mark.parametrize("case", range(len(SET_CASES)))
def test_setitem(case):
    key, value = SET_CASES[case]
    for xn, x in layouts(sample((4, 4, 3), np.float32)):
        xn = xn.copy() if case % 2 else xn  # views of a copy and of the original both
        x = cp.array(xn) if case % 2 else x
        if isinstance(key, str):
            key_n = xn > 0 if key == "mask" else (xn > 0)[..., 0]
        else:
            key_n = key
        v = np.arange(1.0, int(np.count_nonzero(key_n)) + 1) if isinstance(value, str) else value
        try:
            xn[key_n] = v
        except (IndexError, ValueError):
            continue
        kn, kx = both(key_n)
        x[kx] = cp.array(v) if isinstance(v, np.ndarray) else v
        assert_same(x, xn)


def test_setitem_list_value_and_cast():
    n, x = pair((5,), np.int32)
    n[[1, 3]] = [7.9, -2.2]
    x[[1, 3]] = [7.9, -2.2]
    assert_same(x, n)


def test_iadd_with_repeated_indices_is_buffered():
    n = np.zeros(5)
    x = cp.zeros(5)
    idx = np.array([0, 1, 1, 3, 3, 3])
    n[idx] += 1
    x[cp.array(idx)] += 1
    assert_same(x, n)


def test_setitem_errors_leave_array_intact():
    n, x = pair((4, 3))
    with pytest.raises(IndexError, match="out of bounds"):
        x[[0, 9]] = 1
    with pytest.raises(ValueError):
        x[[0, 1]] = cp.ones((3, 3))
    assert_same(x, n)


# -- routines ------------------------------------------------------------------------------

@pytest.mark.parametrize("shape", [(7,), (3, 4), (2, 3, 4), (0, 3)], ids=repr)
def test_nonzero_flatnonzero_argwhere(shape):
    n = sample(shape, np.int8) % 3
    for xn, x in layouts(n):
        r = cp.nonzero(x)
        e = np.nonzero(xn)
        assert len(r) == len(e)
        for a, b in zip(r, e):
            assert_same(a, b)
        assert_same(cp.flatnonzero(x), np.flatnonzero(xn))
        assert_same(cp.argwhere(x), np.argwhere(xn))
    assert_same(cp.array(n).nonzero()[0], n.nonzero()[0])


def test_where_with_one_argument_is_nonzero():
    n = sample((3, 4), np.int8) % 3
    for xn, x in layouts(n):
        r, e = cp.where(x > 0), np.where(xn > 0)
        assert isinstance(r, tuple) and len(r) == len(e)
        for a, b in zip(r, e):
            assert_same(a, b)
    with pytest.raises(ValueError):  # NumPy 2: nonzero of a 0-d array
        cp.where(cp.array(True))
    with pytest.raises(ValueError, match="both or neither"):
        cp.where(cp.array(n) > 0, cp.array(n))


def test_nonzero_0d():
    with pytest.raises(ValueError):
        cp.nonzero(cp.array(3))
    assert_same(cp.argwhere(cp.array(3)), np.argwhere(np.array(3)))
    assert_same(cp.argwhere(cp.array(0)), np.argwhere(np.array(0)))


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_take(mode, axis):
    n = sample((3, 4, 5), np.float64)
    idx = np.array([[0, 2], [-1, 1]]) if mode == "raise" else np.array([[0, 7], [-9, 1]])
    for xn, x in layouts(n):
        assert_same(cp.take(x, cp.array(idx), axis=axis, mode=mode),
                    np.take(xn, idx, axis=axis, mode=mode))
    assert_same(cp.array(n).take(2, axis=axis), n.take(2, axis=axis))


def test_take_errors():
    x = cp.arange(5)
    with pytest.raises(IndexError, match="index 5 is out of bounds"):
        cp.take(x, cp.array([5])).get()  # on CUDA, raised by the synchronization
    with pytest.raises(ValueError):
        cp.take(x, cp.array([0]), mode="bogus")


def test_compress_extract():
    n = sample((4, 3), np.int32)
    c = np.array([True, False, True])
    x = cp.array(n)
    assert_same(cp.compress(cp.array(c), x, axis=1), np.compress(c, n, axis=1))
    assert_same(cp.compress(cp.array(c), x), np.compress(c, n))
    assert_same(x.compress(cp.array(c[:2]), axis=0), n.compress(c[:2], axis=0))
    cond = n % 2 == 0
    assert_same(cp.extract(cp.array(cond), x), np.extract(cond, n))


def test_item_tolist_fill():
    n = sample((2, 3), np.float32)
    x = cp.array(n)
    assert x.item(4) == n.item(4)
    assert cp.array(2.5).item() == 2.5
    assert x.tolist() == n.tolist()
    with pytest.raises(ValueError):
        x.item()
    x.fill(3)
    assert_same(x, np.full((2, 3), 3, np.float32))


def test_take_by_host_indices_raises_at_the_call():
    n, x = pair((5,))
    with pytest.raises(IndexError, match="index 5 is out of bounds"):
        cp.take(x, [5])
    with pytest.raises(IndexError, match="index -6 is out of bounds"):
        x.take(np.array([-6]))
    assert_same(cp.take(x, [4, -5]), np.take(n, [4, -5]))
