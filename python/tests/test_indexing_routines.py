"""scatter_add/max/min and the indexing routines that write, select and make index arrays,
each compared with NumPy (np.add.at and friends for the scatters)."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


def layouts(n):
    """The same values as NumPy, C-ordered, transposed and with negative strides."""
    yield n, cp.array(n)
    yield n.T, cp.array(n).T
    yield n[::-1], cp.array(n)[::-1]


# -- scatter_add / scatter_max / scatter_min -------------------------------------------------

SCATTER = [("scatter_add", np.add), ("scatter_max", np.maximum), ("scatter_min", np.minimum)]


# Each element size of the compare-and-swap loop, and each kind, once per operation.
SCATTER_CASES = ([("scatter_add", np.add, t) for t in (np.bool_, np.int8, np.float16,
                                                         np.uint32, np.int64, np.complex64,
                                                         np.complex128)] +
                 [(m, u, t) for m, u in SCATTER[1:] for t in (np.int8, np.float16, np.float64)])


@pytest.mark.parametrize("method,ufunc,dtype", SCATTER_CASES)
def test_scatter_combines_repeated_indices(method, ufunc, dtype):
    n = sample((5, 3), dtype)
    v = sample((6, 3), dtype, seed=1)
    idx = np.array([0, 4, 4, 1, 4, -1])
    a = cp.array(n)
    getattr(a, method)(cp.array(idx), cp.array(v))
    ufunc.at(n, idx, v)
    assert_same(a, n)


@pytest.mark.parametrize("method,ufunc", SCATTER)
def test_scatter_index_forms_and_layouts(method, ufunc):
    base = sample((4, 6), np.float32)
    for n, a in layouts(base.copy()):
        key = (slice(None), np.array([1, 1, 3, 0]))
        getattr(a, method)((slice(None), cp.array(key[1])), 2.5)
        ufunc.at(n, key, 2.5)
        assert_same(a, n)
    n, a = base.copy(), cp.array(base)
    getattr(a, method)(slice(1, 3), np.float32(-1))  # a basic index: the ufunc in place
    ufunc.at(n, slice(1, 3), np.float32(-1))
    assert_same(a, n)
    n, a = base.copy(), cp.array(base)
    mask = base > 0
    getattr(a, method)(cp.array(mask), 7)
    ufunc.at(n, mask, 7)
    assert_same(a, n)
    n = np.array([1.0, np.nan, 3.0], np.float32)
    a = cp.array(n)
    getattr(a, method)(cp.array([0, 0, 2]), cp.array([np.nan, 5.0, 1.0], np.float32))
    with np.errstate(invalid="ignore"):
        ufunc.at(n, [0, 0, 2], np.array([np.nan, 5.0, 1.0], np.float32))
    assert_same(a, n)
    if method != "scatter_add":
        with pytest.raises(TypeError):
            getattr(cp.zeros(3, np.complex64), method)(cp.array([0, 0]), 1)
    with pytest.raises(IndexError):
        getattr(a, method)(cp.array([3]), 1)


# -- put, place, putmask, fill_diagonal ------------------------------------------------------

@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_put_modes(mode):
    idx = [0, 3, -2] if mode == "raise" else [0, 9, -8, 3]
    for n, a in layouts(sample((3, 4), np.int16)):
        n = n.copy()
        v = np.array([7, -8], np.int16)
        cp.put(a, cp.array(idx), cp.array(v), mode=mode)
        np.put(n, idx, v, mode=mode)
        assert_same(a, n)
    a = cp.zeros(4, np.float64)
    a.put([1, 2], 3.5)
    assert_same(a, np.array([0, 3.5, 3.5, 0]))


def test_put_errors():
    a = cp.zeros(5)
    with pytest.raises(IndexError):
        cp.put(a, [5], 1)
    assert_same(a, np.zeros(5))
    with pytest.raises(TypeError):
        cp.put(a, cp.array([1.0]), 1)
    with pytest.raises(ValueError):
        cp.put(a, [1], 1, mode="bogus")
    with pytest.raises(TypeError):
        cp.put(np.zeros(5), [1], 1)


@pytest.mark.parametrize("dtype", [np.bool_, np.int32, np.float32, np.complex64])
def test_place_and_putmask(dtype):
    for n, a in layouts(sample((4, 5), dtype)):
        mask = sample(n.shape, np.bool_, seed=3)
        vals = sample((3,), dtype, seed=4)
        n1, n2 = n.copy(), n.copy()
        a2 = a.copy()
        cp.place(a, cp.array(mask), cp.array(vals))
        np.place(n1, mask, vals)
        assert_same(a, n1)
        cp.putmask(a2, cp.array(mask), cp.array(vals))
        np.putmask(n2, mask, vals)
        assert_same(a2, n2)
    with pytest.raises(ValueError):
        cp.place(cp.zeros(3), cp.array([True, False, True]), cp.array([]))
    with pytest.raises(ValueError):
        cp.putmask(cp.zeros(3), cp.array([True, False]), 1)


@pytest.mark.parametrize("shape,wrap", [((4, 4), False), ((7, 3), False), ((7, 3), True),
                                        ((3, 5), False), ((3, 3, 3), False)])
def test_fill_diagonal(shape, wrap):
    n = np.zeros(shape, np.int32)
    a = cp.array(n)
    cp.fill_diagonal(a, cp.array([5, 6]), wrap=wrap)
    np.fill_diagonal(n, [5, 6], wrap=wrap)
    assert_same(a, n)
    with pytest.raises(ValueError):
        cp.fill_diagonal(cp.zeros(3), 1)
    with pytest.raises(ValueError):
        cp.fill_diagonal(cp.zeros((2, 2, 3)), 1)


# -- take_along_axis, put_along_axis, choose, select -----------------------------------------

@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_along_axis(axis):
    n = sample((3, 4), np.float64)
    idx = np.argsort(n, axis=axis) if axis is not None else np.array([5, 0, -1])
    for nv, a in layouts(n):
        nidx = np.argsort(nv, axis=axis) if axis is not None else idx
        assert_same(cp.take_along_axis(a, cp.array(nidx), axis), np.take_along_axis(nv, nidx, axis))
    if axis is not None:
        small = np.array([[0], [2], [1]]) if axis == 0 else np.array([[0, 2, 1]]).T
        a, m = cp.array(n), n.copy()
        cp.put_along_axis(a, cp.array(small), -1.0, axis)
        np.put_along_axis(m, small, -1.0, axis)
        assert_same(a, m)
    if axis is None:
        for m, a in layouts(n.copy()):
            m = m.copy()
            cp.put_along_axis(a, cp.array(idx), cp.array([7.0]), None)
            np.put_along_axis(m, idx, [7.0], None)
            assert_same(a, m)
    with pytest.raises(ValueError):
        cp.take_along_axis(cp.array(n), cp.array([0]), 0)
    with pytest.raises(IndexError):
        cp.take_along_axis(cp.array(n), cp.array([[5]]), 0).get()  # CUDA: at the get()


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_choose(mode):
    a = np.array([[0, 1, 2], [2, 1, 0]]) if mode == "raise" else np.array([[0, 4, -1], [2, 7, 1]])
    choices = [np.arange(3, dtype=np.int32), np.full((2, 3), 10, np.float32),
               np.array([[100], [20]], np.int8)]
    r = cp.choose(cp.array(a), [cp.array(c) for c in choices], mode=mode)
    assert_same(r, np.choose(a, choices, mode=mode))
    assert_same(cp.array(a).choose([cp.array(c) for c in choices], mode=mode),
                np.choose(a, choices, mode=mode))
    if mode == "raise":
        with pytest.raises(ValueError):
            cp.choose(cp.array([3]), [cp.array([1]), cp.array([2])])


def test_select():
    x = np.arange(10)
    conds = [x < 3, x > 5]
    choices = [x, (x ** 2).astype(np.int32)]
    r = cp.select([cp.array(c) for c in conds], [cp.array(c) for c in choices], 42)
    assert_same(r, np.select(conds, choices, 42))
    r = cp.select([cp.array(c) for c in conds], [cp.array(c.astype(np.float32)) for c in choices])
    assert_same(r, np.select(conds, [c.astype(np.float32) for c in choices]))
    with pytest.raises(ValueError):
        cp.select([cp.array(x < 3)], [])
    with pytest.raises(TypeError):
        cp.select([cp.array(x)], [cp.array(x)])


# -- diagonal, diag, diagflat ----------------------------------------------------------------

@pytest.mark.parametrize("offset", [0, 2, -1, 9])
def test_diagonal_is_a_view(offset):
    for n, a in layouts(sample((4, 5, 3), np.int32)):
        assert_same(a.diagonal(offset), n.diagonal(offset))
        assert_same(cp.diagonal(a, offset, 2, 0), np.diagonal(n, offset, 2, 0))
    a = cp.zeros((3, 3))
    d = a.diagonal()
    assert d.base is not None
    d[...] = 1  # writes through, as CuPy's view
    assert_same(a, np.eye(3))
    with pytest.raises(ValueError):
        cp.diagonal(cp.zeros(3))
    with pytest.raises(ValueError):
        cp.diagonal(cp.zeros((2, 2)), 0, 1, 1)


@pytest.mark.parametrize("k", [0, 1, -2])
def test_diag_diagflat(k):
    v = np.array([1, 2, 3], np.float32)
    assert_same(cp.diag(cp.array(v), k), np.diag(v, k))
    m = sample((3, 4), np.float64)
    assert_same(cp.diag(cp.array(m), k), np.diag(m, k))
    assert_same(cp.diagflat(cp.array(m[:2, :2]), k), np.diagflat(m[:2, :2], k))
    with pytest.raises(ValueError):
        cp.diag(cp.zeros((2, 2, 2)))


# -- index arrays ----------------------------------------------------------------------------

def test_indices_and_ix():
    assert_same(cp.indices((2, 3)), np.indices((2, 3)))
    assert_same(cp.indices((2, 0), dtype=np.int32), np.indices((2, 0), dtype=np.int32))
    for a, n in zip(cp.indices((2, 3, 4), sparse=True), np.indices((2, 3, 4), sparse=True)):
        assert_same(a, n)
    mask = np.array([True, False, True])
    got = cp.ix_(cp.array([0, 2]), cp.array(mask), [1])
    for a, n in zip(got, np.ix_([0, 2], mask, [1])):
        assert_same(a, n)
    with pytest.raises(ValueError):
        cp.ix_(cp.zeros((2, 2), np.int64))


@pytest.mark.parametrize("k", [0, 1, -1])
def test_tri_family(k):
    assert_same(cp.tri(3, 4, k), np.tri(3, 4, k))
    assert_same(cp.tri(3, k=k, dtype=np.int32), np.tri(3, k=k, dtype=np.int32))
    for dtype in (np.bool_, np.float32, np.complex64):
        m = sample((2, 3, 4), dtype)
        assert_same(cp.tril(cp.array(m), k), np.tril(m, k))
        assert_same(cp.triu(cp.array(m), k), np.triu(m, k))
    v = np.arange(4.0)
    assert_same(cp.tril(cp.array(v), k), np.tril(v, k))
    for fn in ("tril_indices", "triu_indices"):
        for a, n in zip(getattr(cp, fn)(4, k, 5), getattr(np, fn)(4, k, 5)):
            assert_same(a, n)
        m = np.zeros((3, 5))
        for a, n in zip(getattr(cp, fn + "_from")(cp.array(m), k), getattr(np, fn + "_from")(m, k)):
            assert_same(a, n)
    with pytest.raises(ValueError):
        cp.tril_indices_from(cp.zeros(3))


def test_diag_and_mask_indices():
    for a, n in zip(cp.diag_indices(4, 3), np.diag_indices(4, 3)):
        assert_same(a, n)
    m = np.zeros((3, 3))
    for a, n in zip(cp.diag_indices_from(cp.array(m)), np.diag_indices_from(m)):
        assert_same(a, n)
    with pytest.raises(ValueError):
        cp.diag_indices_from(cp.zeros((2, 3)))
    for a, n in zip(cp.mask_indices(4, cp.triu, 1), np.mask_indices(4, np.triu, 1)):
        assert_same(a, n)


@pytest.mark.parametrize("order", ["C", "F"])
def test_unravel_and_ravel_multi_index(order):
    idx = np.array([[0, 5], [11, 7]])
    got = cp.unravel_index(cp.array(idx), (3, 4), order=order)
    want = np.unravel_index(idx, (3, 4), order=order)
    for a, n in zip(got, want):
        assert_same(a, n)
    assert_same(cp.ravel_multi_index(tuple(cp.array(w) for w in want), (3, 4), order=order),
                np.ravel_multi_index(want, (3, 4), order=order))
    coords = (np.array([3, -1, 1]), np.array([0, 5, 2]))
    for mode in ("wrap", "clip", ("clip", "wrap")):
        assert_same(cp.ravel_multi_index(tuple(cp.array(c) for c in coords), (3, 4), mode=mode,
                                         order=order),
                    np.ravel_multi_index(coords, (3, 4), mode=mode, order=order))
    with pytest.raises(ValueError):
        cp.ravel_multi_index(tuple(cp.array(c) for c in coords), (3, 4))
    with pytest.raises(ValueError):
        cp.unravel_index(cp.array([12]), (3, 4))
    with pytest.raises(TypeError):
        cp.unravel_index(cp.array([1.0]), (3, 4))


def test_r_c_s_index_exp():
    assert_same(cp.r_[cp.array([1, 2]), 0:3, [7]], np.r_[np.array([1, 2]), 0:3, [7]])
    assert_same(cp.r_[0:1:5j], np.r_[0:1:5j])
    assert_same(cp.r_["0,2", cp.array([1, 2]), cp.array([3, 4])],
                np.r_["0,2", np.array([1, 2]), np.array([3, 4])])
    assert_same(cp.r_["r", cp.array([1, 2])], np.r_["r", np.array([1, 2])])
    assert_same(cp.c_[cp.array([1, 2, 3]), cp.array([4, 5, 6])],
                np.c_[np.array([1, 2, 3]), np.array([4, 5, 6])])
    assert_same(cp.c_[cp.ones((2, 2)), cp.array([7.0, 8.0])],
                np.c_[np.ones((2, 2)), np.array([7.0, 8.0])])
    assert cp.s_[1:3, ::2] == np.s_[1:3, ::2]
    assert cp.index_exp[2] == np.index_exp[2]
    assert cp.s_[2] == np.s_[2]


# -- ndarray.flat ----------------------------------------------------------------------------

FLAT_KEYS = [3, -1, slice(2, 9, 3), slice(None, None, -4), Ellipsis, np.array([0, 11, -2, 5]),
             np.array([[1, 2], [3, 4]]), [7, 7]]


@pytest.mark.parametrize("key", FLAT_KEYS, ids=repr)
def test_flat_read(key):
    for n, a in layouts(sample((3, 4), np.float32)):
        k = cp.array(key) if isinstance(key, np.ndarray) else key
        got, want = a.flat[k], n.flat[key]
        assert_same(got, np.asarray(want))
    n = sample((3, 4), np.int32)
    mask = n.ravel() > 0
    assert_same(cp.array(n).flat[cp.array(mask)], n.flat[mask])


# Writes through repeated indices ([7, 7]) leave either value, as NumPy documents: not tested.
@pytest.mark.parametrize("key", FLAT_KEYS[:-1], ids=repr)
def test_flat_write_repeats_values(key):
    for n, a in layouts(np.zeros((3, 4), np.int64)):
        n = n.copy()
        k = cp.array(key) if isinstance(key, np.ndarray) else key
        v = np.array(5) if isinstance(key, int) else np.array([5, 6, 7])
        a.flat[k] = cp.array(v)
        n.flat[key] = v
        assert_same(a, n)
        if isinstance(key, int):
            with pytest.raises(ValueError):
                a.flat[k] = cp.array([5])


def test_flatiter():
    n = sample((2, 3), np.int16)
    a = cp.array(n).T
    f = a.flat
    assert isinstance(f, cp.flatiter) and len(f) == 6 and f.base is not None
    assert [int(x) for x in f] == list(n.T.flat)
    assert_same(f.copy(), n.T.flatten())
    a.flat = 9
    assert_same(a, np.full((3, 2), 9, np.int16))
    with pytest.raises(IndexError):
        a.flat[6]
    with pytest.raises(IndexError):
        a.flat[0, 1]


# -- x[mask]: the two-pass compaction over tiles ---------------------------------------------

@pytest.mark.parametrize("dtype", [np.float32, np.complex128, np.int8])
def test_mask_compaction_over_many_tiles(dtype):
    n = sample((3, 70001), dtype)
    x = cp.array(n)
    mask = sample((3, 70001), np.bool_, seed=5)
    assert_same(x[cp.array(mask)], n[mask])
    assert_same(x.T[cp.array(mask.T)], n.T[mask.T])  # both copied to C order first
    sub = mask[:, 1:]  # a mask starting at an odd byte
    assert_same(x[:, 1:][cp.array(mask)[:, 1:]], n[:, 1:][sub])
    assert_same(x[cp.zeros(n.shape, np.bool_)], n[np.zeros(n.shape, bool)])
