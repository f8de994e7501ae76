"""The second part of the manipulation routines (roll, rot90, pad, insert/delete, copyto,
block, orders A/K, ...), each compared with NumPy: values, shapes, dtypes and error types."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


def layouts(shape=(3, 4, 2), dtype=np.float32):
    """NumPy and ndgpu arrays of the same values: C order, transposed, negative strides,
    and a zero-stride (broadcast) view."""
    n = sample(shape, dtype)
    x = cp.array(n)
    yield n, x
    yield n.T, x.T
    yield n[::-1], x[::-1]
    yield np.broadcast_to(n[:1], n.shape), cp.broadcast_to(x[:1], x.shape)


def same_list(actual, expected):
    assert len(actual) == len(expected)
    for u, v in zip(actual, expected):
        assert_same(u, v)


CASES = [
    ("atleast_3d", lambda xp, a: xp.atleast_3d(a)),
    ("atleast_3d_1d", lambda xp, a: xp.atleast_3d(a[0, :, 0])),
    ("atleast_3d_2d", lambda xp, a: xp.atleast_3d(a[0])),
    ("permute_dims", lambda xp, a: xp.permute_dims(a, (2, 0, 1))),
    ("rollaxis", lambda xp, a: xp.rollaxis(a, 2, 1)),
    ("rollaxis_end", lambda xp, a: xp.rollaxis(a, 0, 3)),
    ("matrix_transpose", lambda xp, a: xp.matrix_transpose(a)),
    ("mT", lambda xp, a: a.mT),
    ("rot90", lambda xp, a: xp.rot90(a)),
    ("rot90_k2", lambda xp, a: xp.rot90(a, 2, axes=(1, 2))),
    ("rot90_k3", lambda xp, a: xp.rot90(a, -1, axes=(2, 0))),
    ("roll", lambda xp, a: xp.roll(a, 5)),
    ("roll_axis", lambda xp, a: xp.roll(a, -1, axis=1)),
    ("roll_axes", lambda xp, a: xp.roll(a, (1, 3), axis=(0, 1))),
    ("roll_same_axis", lambda xp, a: xp.roll(a, (1, 1), axis=(2, 2))),
    ("dstack", lambda xp, a: xp.dstack([a[0], a[1]])),
    ("row_stack", lambda xp, a: (cp.row_stack if xp is cp else np.vstack)([a[0], a[1]])),
    ("concat", lambda xp, a: xp.concat([a, a], axis=1)),
    ("block", lambda xp, a: xp.block([[a[0], a[1]], [a[1], a[0]]])),
    ("block_mixed_ndim", lambda xp, a: xp.block([[a[0, 0]], [a[1]]])),
    ("append", lambda xp, a: xp.append(a, a[:1], axis=0)),
    ("append_flat", lambda xp, a: xp.append(a, [1, 2])),
    ("insert_scalar", lambda xp, a: xp.insert(a, 1, 7, axis=1)),
    ("insert_scalar_seq", lambda xp, a: xp.insert(a[:, 0], 1, a[:, 0, 0], axis=1)),
    ("insert_list", lambda xp, a: xp.insert(a, [3, 0, 3], [[1], [2], [3]], axis=1)),
    ("insert_flat", lambda xp, a: xp.insert(a, -2, 9)),
    ("insert_slice", lambda xp, a: xp.insert(a, slice(0, 2), 0, axis=0)),
    ("delete", lambda xp, a: xp.delete(a, 1, axis=1)),
    ("delete_list", lambda xp, a: xp.delete(a, [0, -1, 0], axis=1)),
    ("delete_slice", lambda xp, a: xp.delete(a, slice(None, None, 2))),
    ("delete_mask", lambda xp, a: xp.delete(a, [True, False, False, True], axis=1)),
    ("resize", lambda xp, a: xp.resize(a, (5, 7))),
    ("resize_empty", lambda xp, a: xp.resize(a, (0, 3))),
    ("reshape_A", lambda xp, a: xp.reshape(a, (4, -1), order="A")),
    ("ravel_K", lambda xp, a: xp.ravel(a, order="K")),
    ("ravel_A", lambda xp, a: xp.ravel(a, order="A")),
    ("ravel_F", lambda xp, a: a.ravel("F")),
    ("flatten_K", lambda xp, a: a.flatten("K")),
    ("flatten_F", lambda xp, a: a.flatten(order="F")),
]


@pytest.mark.parametrize("name,fn", CASES, ids=[c[0] for c in CASES])
def test_against_numpy(name, fn):
    for n, x in layouts():
        assert_same(fn(cp, x), fn(np, n))


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.float16, np.complex128])
def test_dtypes(dtype):
    n = sample((3, 4), dtype)
    x = cp.array(n)
    assert_same(cp.roll(x, 2, axis=1), np.roll(n, 2, axis=1))
    assert_same(cp.insert(x, 2, n[0, 0], axis=0), np.insert(n, 2, n[0, 0], axis=0))
    assert_same(cp.delete(x, [1], axis=1), np.delete(n, [1], axis=1))
    assert_same(cp.pad(x, 2, mode="reflect"), np.pad(n, 2, mode="reflect"))
    assert_same(cp.rot90(x), np.rot90(n))


def test_empty_and_0d():
    e = np.zeros((0, 3), np.float32)
    assert_same(cp.roll(cp.array(e), 1, axis=1), np.roll(e, 1, axis=1))
    assert_same(cp.append(cp.array(e), cp.array(e), axis=0), np.append(e, e, axis=0))
    assert_same(cp.atleast_3d(cp.array(2.0)), np.atleast_3d(np.array(2.0)))
    assert_same(cp.block(cp.array(3)), np.block(np.array(3)))
    assert_same(cp.roll(cp.array(5), 3), np.roll(np.array(5), 3))
    assert_same(cp.pad(cp.array(e), ((1, 1), (0, 2))), np.pad(e, ((1, 1), (0, 2))))
    assert cp.unstack(cp.array(e)) == ()


@pytest.mark.parametrize("dtype", [np.int8, np.float16, np.float32, np.float64, np.complex128])
def test_transpose_copy_tiles(dtype):
    # Big enough for the tiled transpose copy (src/ops/transpose_copy.cpp), with edges that
    # are not whole tiles, a negative stride and a batch of matrices.
    n = sample((70, 45), dtype)
    x = cp.array(n)
    assert_same(cp.ascontiguousarray(x.T), np.ascontiguousarray(n.T))
    assert_same(x[::-1].T.copy(), n[::-1].T.copy())
    b = sample((3, 40, 33), dtype)
    assert_same(cp.array(b).mT.copy(), b.mT.copy())
    s, y = sample((40, 40), dtype), cp.array(sample((40, 40), dtype))
    y[...] = y.T  # in place: the source overlaps the destination
    s[...] = s.T
    assert_same(y, s)


def test_shape_assignment():
    x = cp.arange(12)
    v = x[::1]
    v.shape = (3, -1)
    assert v.shape == (3, 4) and not v.flags.owndata
    x.shape = (2, 6)
    assert x.shape == (2, 6) and x.flags.owndata
    t = cp.zeros((3, 4)).T
    with pytest.raises(AttributeError, match="Incompatible shape"):
        t.shape = (12,)
    assert t.shape == (4, 3)


def test_resize_method():
    n = np.arange(6, dtype=np.int32)
    x = cp.array(n)
    x.resize((2, 4))
    n.resize((2, 4))
    assert_same(x, n)
    x.resize(3)
    n.resize(3, refcheck=False)
    assert_same(x, n)
    with pytest.raises(ValueError, match="own its data"):
        x[1:].resize(1)


def test_splits_and_unstack():
    n = sample((4, 6, 2), np.int32)
    x = cp.array(n)
    same_list(cp.hsplit(x, 3), np.hsplit(n, 3))
    same_list(cp.vsplit(x, [1, 3]), np.vsplit(n, [1, 3]))
    same_list(cp.dsplit(x, 2), np.dsplit(n, 2))
    same_list(cp.hsplit(x[0, :, 0], 2), np.hsplit(n[0, :, 0], 2))
    same_list(cp.unstack(x, axis=1), np.unstack(n, axis=1))
    with pytest.raises(ValueError):
        cp.vsplit(x[0, 0], 2)
    with pytest.raises(ValueError):
        cp.dsplit(x[0], 2)
    with pytest.raises(ValueError):
        cp.hsplit(x, 4)


def test_broadcast_shapes_and_class():
    assert cp.broadcast_shapes((3, 1), (4,), ()) == np.broadcast_shapes((3, 1), (4,), ())
    a, b = cp.zeros((3, 1)), cp.zeros(4)
    bc, nbc = cp.broadcast(a, b), np.broadcast(np.zeros((3, 1)), np.zeros(4))
    assert (bc.shape, bc.size, bc.nd, bc.ndim, bc.numiter) == (
        nbc.shape, nbc.size, nbc.nd, nbc.ndim, nbc.numiter)
    assert [v.shape for v in bc.values] == [(3, 4), (3, 4)]
    with pytest.raises(ValueError):
        cp.broadcast_shapes((2,), (3,))


PAD_CASES = [
    ("constant", {}),
    ("constant", {"constant_values": ((1, 2), (3, 4))}),
    ("edge", {}),
    ("linear_ramp", {"end_values": (5, -3)}),
    ("maximum", {}),
    ("minimum", {"stat_length": 2}),
    ("mean", {"stat_length": ((1, 2), (3, 1))}),
    ("median", {}),
    ("median", {"stat_length": ((1, 2), (3, 1))}),
    ("reflect", {}),
    ("reflect", {"reflect_type": "odd"}),
    ("symmetric", {}),
    ("symmetric", {"reflect_type": "odd"}),
    ("wrap", {}),
]


@pytest.mark.parametrize("mode,kw", PAD_CASES, ids=[c[0] + str(i) for i, c in enumerate(PAD_CASES)])
@pytest.mark.parametrize("width", [2, ((1, 7), (4, 0))], ids=["2", "uneven"])
def test_pad(mode, kw, width):
    for dtype in (np.float64, np.int32):
        n = sample((3, 4), dtype)
        for a, x in ((n, cp.array(n)), (n.T, cp.array(n).T)):
            e = np.pad(a, width, mode=mode, **kw)
            assert_same(cp.pad(x, width, mode=mode, **kw), e, rtol=1e-12 if dtype == np.float64 else None)


def test_pad_edge_cases():
    n = sample((1, 5), np.float32)
    assert_same(cp.pad(cp.array(n), 3, mode="reflect"), np.pad(n, 3, mode="reflect"))
    assert_same(cp.pad(cp.array(n), (2, 9), mode="wrap"), np.pad(n, (2, 9), mode="wrap"))
    assert cp.pad(cp.array(n), 1, mode="empty").shape == (3, 7)
    with pytest.raises(ValueError, match="can't extend empty axis"):
        cp.pad(cp.zeros((0, 2)), 1, mode="edge")
    with pytest.raises(ValueError, match="negative"):
        cp.pad(cp.zeros(2), -1)
    with pytest.raises(ValueError, match="not supported"):
        cp.pad(cp.zeros(2), 1, mode="nope")
    with pytest.raises(ValueError, match="unsupported keyword"):
        cp.pad(cp.zeros(2), 1, mode="edge", constant_values=3)
    with pytest.raises(ValueError, match="stat_length of 0"):
        cp.pad(cp.zeros(2), 1, mode="maximum", stat_length=0)


def test_trim_zeros():
    n = np.array([0, 0, 1, 2, 0, 3, 0, 0], np.int16)
    for trim in ("fb", "f", "b", "BF"):
        assert_same(cp.trim_zeros(cp.array(n), trim), np.trim_zeros(n, trim))
    z = np.zeros(4)
    assert_same(cp.trim_zeros(cp.array(z)), np.trim_zeros(z))
    m = np.zeros((4, 5))
    m[1:3, 2] = 1
    assert_same(cp.trim_zeros(cp.array(m)), np.trim_zeros(m))
    assert_same(cp.trim_zeros(cp.array(m), "f", axis=1), np.trim_zeros(m, "f", axis=1))
    with pytest.raises(ValueError):
        cp.trim_zeros(cp.array(n), "x")


def test_copyto():
    n = sample((3, 4), np.float32)
    d, e = cp.zeros((3, 4), np.float64), np.zeros((3, 4))
    cp.copyto(d, cp.array(n[0]))
    np.copyto(e, n[0])
    assert_same(d, e)
    mask = sample((3, 4), np.bool_)
    cp.copyto(d, cp.array(n).T.T, where=cp.array(mask))
    np.copyto(e, n, where=mask)
    assert_same(d, e)
    cp.copyto(d, 7.5, where=cp.array(mask[0]))
    np.copyto(e, 7.5, where=mask[0])
    assert_same(d, e)
    i = cp.zeros(3, np.int32)
    with pytest.raises(TypeError):
        cp.copyto(i, cp.ones(3))
    assert_same(i, np.zeros(3, np.int32))  # nothing written after the error
    cp.copyto(i, cp.full(3, 2.7), casting="unsafe")
    assert_same(i, np.full(3, 2, np.int32))
    with pytest.raises(ValueError):
        cp.copyto(i, cp.ones(4, np.int32))


def test_require_chkfinite_asfortranarray():
    n = sample((3, 4), np.float32)
    x = cp.array(n)
    assert cp.require(x) is x
    f = cp.require(x, requirements="F")
    assert f.flags.f_contiguous and not f.flags.c_contiguous
    assert_same(f, n)
    c = cp.require(x.T, np.float64, ["C", "O"])
    assert c.flags.c_contiguous and c.dtype == np.float64
    assert cp.require(x[1:], requirements=["O"]).flags.owndata
    with pytest.raises(ValueError):
        cp.require(x, requirements="CF")
    assert_same(cp.asarray_chkfinite(x), n)
    with pytest.raises(ValueError, match="infs or NaNs"):
        cp.asarray_chkfinite(cp.array([1.0, np.nan]))
    a = cp.asfortranarray(x)
    assert a.flags.f_contiguous and cp.asfortranarray(a) is a
    assert_same(a, np.asfortranarray(n))
    assert cp.asfortranarray(cp.array(2.0)).shape == np.asfortranarray(np.array(2.0)).shape


def test_errors():
    x = cp.zeros((2, 3))
    for fn in (lambda: cp.roll(x, 1, axis=2), lambda: cp.rollaxis(x, 3),
               lambda: cp.insert(x, 0, 1, axis=5), lambda: cp.delete(x, 0, axis=-3),
               lambda: cp.unstack(x, axis=2)):
        with pytest.raises(np.exceptions.AxisError):
            fn()
    with pytest.raises(ValueError):
        cp.rot90(x, axes=(0, 0))
    with pytest.raises(ValueError):
        cp.rot90(x, axes=(0,))
    with pytest.raises(ValueError):
        cp.matrix_transpose(cp.zeros(3))
    with pytest.raises(IndexError):
        cp.insert(x, 7, 1, axis=1)
    with pytest.raises(IndexError):
        cp.delete(x, 3, axis=1)
    with pytest.raises(ValueError):
        cp.delete(x, [True, False], axis=1)
    with pytest.raises(ValueError):
        cp.reshape(x, 6, order="K")
    with pytest.raises(ValueError, match="depths are mismatched"):
        cp.block([x, [x]])
    with pytest.raises(ValueError, match="cannot be empty"):
        cp.block([[], [x]])
    with pytest.raises(TypeError):
        cp.block((x, x))
    with pytest.raises(ValueError):
        cp.resize(x, (-1, 2))
