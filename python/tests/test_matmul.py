"""matmul, dot and @ against NumPy: dtypes, 1-D and stacked operands, layouts BLAS reads
directly (transposed, padded rows) and ones it cannot (steps, broadcasts), empty
dimensions, out= and dtype=, and NumPy's errors."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def ints(shape, dtype, seed=0):
    """Small integers, so that every dtype's products are exact and comparable bit for bit."""
    rng = np.random.default_rng(seed)
    lo = 0 if np.dtype(dtype).kind in "ub" else -3
    x = rng.integers(lo, 4, int(np.prod(shape))).reshape(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.integers(-3, 4, x.shape)
    return x.astype(dtype)


def check(a, b, rtol=None, **kw):
    assert_same(cp.matmul(cp.asarray(a), cp.asarray(b), **kw), np.matmul(a, b, **kw), rtol=rtol)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128",
                                   "int8", "int32", "uint8", "int64", "bool"])
def test_dtypes(dtype):
    check(ints((5, 7), dtype), ints((7, 3), dtype, seed=1))


def test_float_values_against_numpy():
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((33, 65)), rng.standard_normal((65, 17))
    check(a, b, rtol=1e-12)
    check(a.astype(np.float32), b.astype(np.float32), rtol=2e-5)


def test_integer_products_wrap_as_numpy():
    a = np.full((2, 40), 100, np.int8)
    check(a, a.T.copy())


def test_mixed_dtypes_promote():
    check(ints((4, 3), "int32"), ints((3, 2), "float32"))
    check(ints((4, 3), "bool"), ints((3, 2), "uint8"))
    check(ints((4, 3), "float32"), ints((3, 2), "complex128"))


@pytest.mark.parametrize("sa,sb", [((4,), (4,)), ((4,), (4, 3)), ((5, 4), (4,)),
                                   ((2, 5, 4), (4,)), ((4,), (2, 4, 3)),
                                   ((2, 1, 5, 4), (3, 4, 2)), ((5, 4), (6, 4, 2)),
                                   ((6, 5, 4), (4, 2)), ((1, 5, 4), (3, 4, 2))])
def test_shapes_and_stacks(sa, sb):
    check(ints(sa, "float64"), ints(sb, "float64", seed=1))
    check(ints(sa, "int32"), ints(sb, "int32", seed=1))


def test_layouts():
    a = ints((6, 8), "float32")
    b = ints((8, 5), "float32", seed=1)
    ca, cb = cp.asarray(a), cp.asarray(b)
    for x, y, nx, ny in [(ca.T, cb.T, a.T, b.T),                      # transposed, read as is
                         (ca[:, :5], cb[:5], a[:, :5], b[:5]),        # padded rows
                         (ca[::2], cb[:, ::2], a[::2], b[:, ::2]),    # steps: copied
                         (ca[::-1], cb, a[::-1], b)]:                 # negative strides
        if nx.shape[-1] != ny.shape[0]:
            ny, y = (ny.T, y.T) if ny.shape[1] == nx.shape[-1] else (ny, y)
        if nx.shape[-1] == ny.shape[0]:
            assert_same(cp.matmul(x, y), np.matmul(nx, ny))
    s = ints((3, 8, 6), "float64")  # a stack of transposed matrices
    assert_same(cp.matmul(cp.asarray(s).transpose(0, 2, 1), cb.astype("float64")),
                np.matmul(s.transpose(0, 2, 1), b.astype("float64")))
    t = ints((1, 8), "float64")     # broadcast within a matrix: copied
    assert_same(cp.matmul(cp.broadcast_to(cp.asarray(t), (6, 8)) if hasattr(cp, "broadcast_to")
                          else cp.asarray(np.broadcast_to(t, (6, 8)).copy()), cb.astype("float64")),
                np.matmul(np.broadcast_to(t, (6, 8)), b.astype("float64")))


@pytest.mark.parametrize("sa,sb", [((3, 0), (0, 4)), ((0, 3), (3, 4)), ((3, 4), (4, 0)),
                                   ((0, 3, 4), (4, 2)), ((0,), (0,))])
def test_empty(sa, sb):
    check(np.ones(sa, np.float32), np.ones(sb, np.float32))
    check(np.ones(sa, np.int16), np.ones(sb, np.int16))


def test_out_and_dtype():
    a, b = ints((4, 3), "float32"), ints((3, 5), "float32", seed=1)
    out = cp.zeros((4, 5), dtype=cp.float64)
    r = cp.matmul(cp.asarray(a), cp.asarray(b), out=out)
    assert r is out
    assert_same(out, np.matmul(a, b).astype(np.float64))
    check(a, b, dtype=np.float64)
    with pytest.raises(ValueError):
        cp.matmul(cp.asarray(a), cp.asarray(b), out=cp.zeros((5, 4), dtype=cp.float32))
    with pytest.raises(TypeError):
        cp.matmul(cp.asarray(a), cp.asarray(b), out=cp.zeros((4, 5), dtype=cp.int32))


def test_operators():
    a, b = ints((4, 4), "float64"), ints((4, 4), "float64", seed=1)
    ca, cb = cp.asarray(a), cp.asarray(b)
    assert_same(ca @ cb, a @ b)
    ca @= cb
    assert_same(ca, a @ b)
    assert_same(cp.linalg.matmul(cp.asarray(a), cb), np.linalg.matmul(a, b))
    with pytest.raises(ValueError):  # a @= b must keep a's shape
        x = cp.asarray(ints((4, 3), "float64"))
        x @= cp.asarray(ints((3, 5), "float64"))


def test_errors_as_numpy():
    a = cp.asarray(ints((3, 4), "float32"))
    with pytest.raises(ValueError, match="mismatch in its core dimension"):
        cp.matmul(a, a)
    with pytest.raises(ValueError, match="does not have enough dimensions"):
        cp.matmul(a, cp.asarray(np.float32(2)))
    with pytest.raises(ValueError):
        cp.matmul(cp.asarray(ints((2, 3, 4), "float32")), cp.asarray(ints((3, 4, 2), "float32")))


@pytest.mark.parametrize("sa,sb", [((), (3, 2)), ((4,), ()), ((5,), (5,)), ((3, 5), (5,)),
                                   ((5,), (5, 2)), ((3, 5), (5, 2)), ((2, 3, 5), (5, 4)),
                                   ((2, 3, 5), (4, 5, 2)), ((5,), (3, 5, 2))])
def test_dot(sa, sb):
    a, b = ints(sa, "float64"), ints(sb, "float64", seed=1)
    assert_same(cp.dot(cp.asarray(a), cp.asarray(b)), np.dot(a, b))
    if np.ndim(a):
        assert_same(cp.asarray(a).dot(cp.asarray(b)), a.dot(b))


def test_dot_out_rules():
    a, b = ints((3, 4), "float32"), ints((4, 2), "float32", seed=1)
    out = cp.empty((3, 2), dtype=cp.float32)
    assert cp.dot(cp.asarray(a), cp.asarray(b), out=out) is out
    assert_same(out, np.dot(a, b))
    with pytest.raises(ValueError):  # NumPy's dot takes only the exact dtype
        cp.dot(cp.asarray(a), cp.asarray(b), out=cp.empty((3, 2), dtype=cp.float64))


@pytest.mark.parametrize("sa,sb", [((4,), (4,)), ((2, 3), (3, 2)), ((2, 2, 2), (8,))])
def test_vdot(sa, sb):
    a, b = ints(sa, "complex128"), ints(sb, "complex128", seed=1)
    assert_same(cp.vdot(cp.asarray(a), cp.asarray(b)), np.vdot(a, b))


@pytest.mark.parametrize("sa,sb", [((), (3,)), ((4,), (4,)), ((2, 4), (3, 4)), ((2, 3, 4), (4,))])
def test_inner_and_outer(sa, sb):
    a, b = ints(sa, "float64"), ints(sb, "float64", seed=1)
    assert_same(cp.inner(cp.asarray(a), cp.asarray(b)), np.inner(a, b))
    assert_same(cp.outer(cp.asarray(a), cp.asarray(b)), np.outer(a, b))


@pytest.mark.parametrize("axes", [0, 1, 2, ([1, 0], [0, 1]), (2, 0), ([-1], [1])])
def test_tensordot(axes):
    a, b = ints((3, 4, 5), "float32"), ints((4, 3, 5), "float32", seed=1)
    if axes == 1:
        b = ints((5, 2), "float32", seed=1)
    elif axes == 2 or axes == (2, 0):
        b = ints((4, 5, 2) if axes == 2 else (5, 2), "float32", seed=1)
    elif axes == ([-1], [1]):
        b = ints((2, 5), "float32", seed=1)
    assert_same(cp.tensordot(cp.asarray(a), cp.asarray(b), axes), np.tensordot(a, b, axes))


@pytest.mark.parametrize("sa,sb", [((2,), (3,)), ((2, 3), (2, 2)), ((2, 1, 2), (3, 2))])
def test_kron(sa, sb):
    a, b = ints(sa, "int64"), ints(sb, "int64", seed=1)
    assert_same(cp.kron(cp.asarray(a), cp.asarray(b)), np.kron(a, b))


@pytest.mark.parametrize("offset,axis1,axis2", [(0, 0, 1), (1, 0, 1), (-2, 0, 1), (0, 2, 0),
                                                (5, 0, 1)])
def test_trace(offset, axis1, axis2):
    a = ints((4, 5, 3), "int32")
    assert_same(cp.trace(cp.asarray(a), offset, axis1, axis2), np.trace(a, offset, axis1, axis2))
    m = ints((4, 5), "float64")
    assert_same(cp.asarray(m).trace(), m.trace())
    assert_same(cp.trace(cp.asarray(m), dtype=cp.float32), np.trace(m, dtype=np.float32))
