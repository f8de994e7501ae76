"""numpy.linalg's routines on the decompositions and products (matrix_rank, pinv, lstsq, cond,
matrix norms 2/-2/nuc, matrix_power, tensorinv, tensorsolve, multi_dot) and the array API's
linalg functions, against NumPy."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def rand(shape, dtype=np.float64, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def test_matrix_rank():
    a = rand((3, 5, 4))
    a[1, :, 3] = a[1, :, 0] + a[1, :, 1]  # rank 3
    assert_same(cp.linalg.matrix_rank(cp.asarray(a)), np.linalg.matrix_rank(a))
    assert_same(cp.linalg.matrix_rank(cp.asarray(a), tol=1.0), np.linalg.matrix_rank(a, tol=1.0))
    assert_same(cp.linalg.matrix_rank(cp.asarray(a), rtol=0.5),
                np.linalg.matrix_rank(a, rtol=0.5))
    assert int(cp.linalg.matrix_rank(cp.zeros(3))) == np.linalg.matrix_rank(np.zeros(3))
    assert int(cp.linalg.matrix_rank(cp.ones(3))) == 1


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex128])
@pytest.mark.parametrize("shape", [(4, 6), (6, 4), (2, 3, 3)])
def test_pinv(dtype, shape):
    a = rand(shape, dtype)
    rtol = 1e-4 if dtype == np.float32 else 1e-9
    assert_same(cp.linalg.pinv(cp.asarray(a)), np.linalg.pinv(a), rtol=rtol, atol=rtol)
    assert cp.linalg.pinv(cp.zeros((0, 3))).shape == (3, 0)


@pytest.mark.parametrize("bshape", [(6,), (6, 2)])
def test_lstsq(bshape):
    a, b = rand((6, 3)), rand(bshape, seed=1)
    x, res, rank, s = cp.linalg.lstsq(cp.asarray(a), cp.asarray(b))
    nx, nres, nrank, ns = np.linalg.lstsq(a, b)
    assert_same(x, nx, rtol=1e-10, atol=1e-12)
    assert_same(res, nres, rtol=1e-10)
    assert rank == nrank
    assert_same(s, ns, rtol=1e-12)
    # Rank-deficient and underdetermined: no residuals, the minimum-norm solution.
    d = rand((3, 5))
    d[2] = d[0]
    x, res, rank, _ = cp.linalg.lstsq(cp.asarray(d), cp.asarray(rand(3, seed=2)))
    nx, nres, nrank, _ = np.linalg.lstsq(d, rand(3, seed=2))
    assert_same(x, nx, rtol=1e-9, atol=1e-12)
    assert res.shape == nres.shape == (0,) and rank == nrank == 2
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.lstsq(cp.ones((3, 2)), cp.ones(4))


def test_cond_every_p():
    a = rand((2, 4, 4))
    for p in (None, 2, -2, 1, -1, np.inf, -np.inf, "fro", "nuc"):
        assert_same(cp.linalg.cond(cp.asarray(a), p), np.linalg.cond(a, p), rtol=1e-9)
    s = np.array([[1.0, 2.0], [2.0, 4.0]])
    for p in (None, 1, "fro"):
        c = float(cp.linalg.cond(cp.asarray(s), p))
        assert c > 1e15 or np.isinf(c)
        assert np.isinf(np.linalg.cond(s, p)) or np.linalg.cond(s, p) > 1e15
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.cond(cp.zeros((0, 0)))


def test_norm_spectral_orders():
    a = rand((3, 4, 5))
    for ord in (2, -2, "nuc"):
        assert_same(cp.linalg.norm(cp.asarray(a[0]), ord), np.linalg.norm(a[0], ord), rtol=1e-12)
        assert_same(cp.linalg.norm(cp.asarray(a), ord, axis=(2, 0), keepdims=True),
                    np.linalg.norm(a, ord, axis=(2, 0), keepdims=True), rtol=1e-12)
    assert_same(cp.linalg.norm(cp.asarray(np.arange(6).reshape(2, 3)), 2),
                np.linalg.norm(np.arange(6).reshape(2, 3), 2), rtol=1e-12)


def test_matrix_power():
    a = rand((2, 3, 3)) + 3 * np.eye(3)
    for n in (0, 1, 2, 3, 5, -1, -3):
        assert_same(cp.linalg.matrix_power(cp.asarray(a), n), np.linalg.matrix_power(a, n),
                    rtol=1e-10, atol=1e-12)
    i = np.array([[1, 1], [0, 1]])
    assert_same(cp.linalg.matrix_power(cp.asarray(i), 7), np.linalg.matrix_power(i, 7))
    with pytest.raises(TypeError):
        cp.linalg.matrix_power(cp.asarray(a), 1.5)
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.matrix_power(cp.ones((2, 3)), 2)


def test_tensorinv_and_tensorsolve():
    a = rand((4, 6, 8, 3)) + 0
    a = np.eye(24).reshape(4, 6, 8, 3) + 0.1 * a
    assert_same(cp.linalg.tensorinv(cp.asarray(a), ind=2), np.linalg.tensorinv(a, ind=2),
                rtol=1e-10, atol=1e-12)
    b = rand((4, 6), seed=1)
    assert_same(cp.linalg.tensorsolve(cp.asarray(a), cp.asarray(b)), np.linalg.tensorsolve(a, b),
                rtol=1e-10, atol=1e-12)
    t = np.eye(6).reshape(2, 3, 6) + 0.1 * rand((2, 3, 6), seed=2)
    t = t.transpose(2, 0, 1).reshape(6, 2, 3)
    bb = rand((2, 3), seed=3)
    assert_same(cp.linalg.tensorsolve(cp.asarray(t), cp.asarray(bb), axes=(0,)),
                np.linalg.tensorsolve(t, bb, axes=(0,)), rtol=1e-9, atol=1e-12)


def test_multi_dot():
    a, b, c, d = rand((10, 30)), rand((30, 5), seed=1), rand((5, 60), seed=2), rand(60, seed=3)
    arrays = [a, b, c, d]
    assert_same(cp.linalg.multi_dot([cp.asarray(x) for x in arrays]),
                np.linalg.multi_dot(arrays), rtol=1e-10)
    v = rand(10, seed=4)
    assert_same(cp.linalg.multi_dot([cp.asarray(v), cp.asarray(a), cp.asarray(b), cp.asarray(c),
                                     cp.asarray(d)]),
                np.linalg.multi_dot([v, a, b, c, d]), rtol=1e-10)
    out = cp.empty((10, 60))
    r = cp.linalg.multi_dot([cp.asarray(a), cp.asarray(b), cp.asarray(c)], out=out)
    assert r is out
    assert_same(out, a @ b @ c, rtol=1e-10)


def test_cross():
    a, b = rand((4, 3)), rand((4, 3), seed=1)
    assert_same(cp.cross(cp.asarray(a), cp.asarray(b)), np.cross(a, b), rtol=1e-12)
    assert_same(cp.linalg.cross(cp.asarray(a.T), cp.asarray(b.T), axis=0),
                np.linalg.cross(a.T, b.T, axis=0), rtol=1e-12)
    assert_same(cp.cross(cp.asarray(a.T), cp.asarray(b), axisa=0), np.cross(a.T, b, axisa=0),
                rtol=1e-12)
    two = rand((4, 2), seed=2)
    assert_same(cp.cross(cp.asarray(a), cp.asarray(two)), np.cross(a, np.concatenate(
        [two, np.zeros((4, 1))], axis=1)), rtol=1e-12)
    with pytest.raises(ValueError):
        cp.linalg.cross(cp.asarray(two), cp.asarray(two))


def test_array_api_functions():
    a, b = rand((2, 3, 4), np.complex128), rand((3, 4), np.complex128, seed=1)
    assert_same(cp.linalg.vecdot(cp.asarray(a), cp.asarray(b)), np.linalg.vecdot(a, b),
                rtol=1e-12)
    assert_same(cp.linalg.vecdot(cp.asarray(a), cp.asarray(a), axis=1),
                np.linalg.vecdot(a, a, axis=1), rtol=1e-12)
    assert_same(cp.linalg.matrix_transpose(cp.asarray(a)), np.linalg.matrix_transpose(a))
    assert_same(cp.linalg.diagonal(cp.asarray(a), offset=1), np.linalg.diagonal(a, offset=1))
    assert_same(cp.linalg.trace(cp.asarray(a), offset=-1), np.linalg.trace(a, offset=-1),
                rtol=1e-12)
    v, w = rand(3), rand(4, seed=1)
    assert_same(cp.linalg.outer(cp.asarray(v), cp.asarray(w)), np.linalg.outer(v, w))
    with pytest.raises(ValueError):
        cp.linalg.outer(cp.asarray(a), cp.asarray(w))
    x = rand((3, 4, 5))
    for ord in (2, 1, np.inf, 0, 3.5):
        assert_same(cp.linalg.vector_norm(cp.asarray(x), ord=ord),
                    np.linalg.vector_norm(x, ord=ord), rtol=1e-12)
    assert_same(cp.linalg.vector_norm(cp.asarray(x), axis=(0, 2), keepdims=True),
                np.linalg.vector_norm(x, axis=(0, 2), keepdims=True), rtol=1e-12)
    for ord in ("fro", "nuc", 2, 1, -np.inf):
        assert_same(cp.linalg.matrix_norm(cp.asarray(x), ord=ord),
                    np.linalg.matrix_norm(x, ord=ord), rtol=1e-12)
    assert_same(cp.linalg.svdvals(cp.asarray(x)), np.linalg.svdvals(x), rtol=1e-12)
