"""Array manipulation: module-level views, joining, splitting and repetition, each compared
with NumPy (values, shapes, dtypes and error types)."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same, sample


def layouts(shape=(3, 4, 2), dtype=np.float32):
    """NumPy and ndgpu arrays of the same values: C order, transposed, negative strides."""
    n = sample(shape, dtype)
    x = cp.array(n)
    yield n, x
    yield n.T, x.T
    yield n[::-1], x[::-1]


# -- views ---------------------------------------------------------------------------------

VIEW_CASES = [
    ("reshape", lambda xp, a: xp.reshape(a, (-1, 2))),
    ("reshape_F", lambda xp, a: xp.reshape(a, (2, -1), order="F")),
    ("ravel", lambda xp, a: xp.ravel(a)),
    ("transpose", lambda xp, a: xp.transpose(a, (1, 0, 2))),
    ("copy", lambda xp, a: xp.copy(a)),
    ("ascontiguousarray", lambda xp, a: xp.ascontiguousarray(a)),
    ("broadcast_to", lambda xp, a: xp.broadcast_to(a[:, :1], (5,) + a[:, :1].shape)),
    ("squeeze", lambda xp, a: xp.squeeze(a[:, :1])),
    ("squeeze_axis", lambda xp, a: xp.squeeze(a[:1, :1], axis=1)),
    ("expand_dims", lambda xp, a: xp.expand_dims(a, (0, -1))),
    ("swapaxes", lambda xp, a: xp.swapaxes(a, 0, -1)),
    ("moveaxis", lambda xp, a: xp.moveaxis(a, [0, 1], [-1, 0])),
    ("flip", lambda xp, a: xp.flip(a)),
    ("flip_axis", lambda xp, a: xp.flip(a, 1)),
    ("fliplr", lambda xp, a: xp.fliplr(a)),
    ("flipud", lambda xp, a: xp.flipud(a)),
]


@pytest.mark.parametrize("name,fn", VIEW_CASES, ids=[c[0] for c in VIEW_CASES])
def test_views(name, fn):
    for n, x in layouts():
        assert_same(fn(cp, x), fn(np, n))


def test_view_shares_memory_and_0d():
    x = cp.zeros((2, 3))
    cp.flip(x)[0, 0] = 5
    assert float(x[1, 2]) == 5
    assert cp.ascontiguousarray(cp.array(3.0)).shape == np.ascontiguousarray(3.0).shape
    assert_same(cp.expand_dims(cp.array(2), 0), np.expand_dims(np.array(2), 0))


def test_broadcast_arrays():
    a, b = sample((3, 1), np.int32), sample((4,), np.int32)
    r = cp.broadcast_arrays(cp.array(a), cp.array(b))
    e = np.broadcast_arrays(a, b)
    for u, v in zip(r, e):
        assert_same(u, v)


def test_view_errors():
    x = cp.zeros((2, 3))
    with pytest.raises(ValueError):
        cp.squeeze(x, axis=0)
    with pytest.raises(ValueError):
        cp.fliplr(cp.zeros(3))
    with pytest.raises(ValueError):
        cp.expand_dims(x, (0, 0))
    with pytest.raises(ValueError):
        cp.broadcast_to(x, (3, 3))


# -- joining -------------------------------------------------------------------------------

@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_concatenate(axis):
    a, b = sample((2, 3), np.float32), sample((2, 3), np.int16)
    for (an, ax), (bn, bx) in zip(layouts((2, 3), np.float32), layouts((2, 3), np.int16)):
        assert_same(cp.concatenate([ax, bx], axis=axis), np.concatenate([an, bn], axis=axis))
    assert_same(cp.concatenate((cp.array(a), cp.array(b)), axis=axis, dtype=np.float64),
                np.concatenate((a, b), axis=axis, dtype=np.float64))


def test_concatenate_out_empty_and_errors():
    a = sample((2, 3), np.int32)
    out = cp.zeros((4, 3), dtype=np.float64)
    cp.concatenate([cp.array(a), cp.array(a)], out=out)
    assert_same(out, np.concatenate([a, a]).astype(np.float64))
    e = np.zeros((0, 3), np.int32)
    assert_same(cp.concatenate([cp.array(e), cp.array(a)]), np.concatenate([e, a]))
    with pytest.raises(ValueError, match="along dimension 1"):
        cp.concatenate([cp.zeros((2, 3)), cp.zeros((2, 2))])
    with pytest.raises(ValueError, match="same number of dimensions"):
        cp.concatenate([cp.zeros((2, 3)), cp.zeros(3)])
    with pytest.raises(ValueError):
        cp.concatenate([cp.array(1.0), cp.array(2.0)])
    with pytest.raises(ValueError):
        cp.concatenate([])
    with pytest.raises(TypeError):
        cp.concatenate([cp.zeros(2)], dtype=np.int32)  # same_kind forbids float -> int
    assert_same(cp.concatenate([cp.zeros(2)], dtype=np.int32, casting="unsafe"),
                np.concatenate([np.zeros(2)], dtype=np.int32, casting="unsafe"))


@pytest.mark.parametrize("fn", ["stack", "hstack", "vstack", "column_stack"])
@pytest.mark.parametrize("shape", [(), (3,), (2, 3)], ids=repr)
def test_stacks(fn, shape):
    a, b = sample(shape, np.int64), sample(shape, np.float64, seed=1)
    if fn == "column_stack" and len(shape) == 0:
        return
    assert_same(getattr(cp, fn)([cp.array(a), cp.array(b)]), getattr(np, fn)([a, b]))
    if fn == "stack":
        assert_same(cp.stack([cp.array(a), cp.array(b)], axis=-1), np.stack([a, b], axis=-1))


def test_stack_shape_mismatch():
    with pytest.raises(ValueError, match="same shape"):
        cp.stack([cp.zeros(2), cp.zeros(3)])


# -- splitting and repetition --------------------------------------------------------------

@pytest.mark.parametrize("spec", [3, [1, 4], [2, 2, 9]], ids=repr)
def test_split(spec):
    n = sample((6, 4), np.float64)
    for a, e in zip(cp.split(cp.array(n), spec), np.split(n, spec)):
        assert_same(a, e)
    for a, e in zip(cp.array_split(cp.array(n).T, 3, axis=0), np.array_split(n.T, 3, axis=0)):
        assert_same(a, e)
    with pytest.raises(ValueError):
        cp.split(cp.array(n), 4)


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_repeat(axis):
    for n, x in layouts((2, 3), np.int8):
        assert_same(cp.repeat(x, 3, axis=axis), np.repeat(n, 3, axis=axis))
        assert_same(cp.repeat(x, 0, axis=axis), np.repeat(n, 0, axis=axis))
    n = sample((2, 3), np.int8)
    assert_same(cp.array(n).repeat([1, 0, 2], axis=1), n.repeat([1, 0, 2], axis=1))
    # counts as a device array (CuPy refuses one), a 0-d one and a one-element one
    assert_same(cp.repeat(cp.array(n), cp.array([1, 0, 2]), axis=1), n.repeat([1, 0, 2], axis=1))
    assert_same(cp.repeat(cp.array(n), cp.array(2)), np.repeat(n, np.array(2)))
    assert_same(cp.repeat(cp.array(n), cp.array([2]), axis=0), np.repeat(n, [2], axis=0))
    with pytest.raises(ValueError):
        cp.repeat(cp.array(n), [1, 2], axis=1)


@pytest.mark.parametrize("reps", [2, (2, 1), (1, 2, 3)], ids=repr)
def test_tile(reps):
    for n, x in layouts((2, 3), np.complex64):
        assert_same(cp.tile(x, reps), np.tile(n, reps))
    assert_same(cp.tile(cp.array(5), reps), np.tile(np.array(5), reps))
