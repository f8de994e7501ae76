"""numpy.linalg over stacks of matrices, as NumPy: every decomposition batched (one backend
call per stack), LinAlgError when any matrix of the stack is singular or not positive
definite, svd(hermitian=True) through eigh, and lstsq on LAPACK's gelsd (NumPy's driver)."""
import numpy as np
import pytest

import ndgpu as cp
from ndgpu import cupyx
from conftest import assert_same
from test_linalg_decompositions import ct, rand


def tol(dtype):
    return 1e-3 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-9


STACK = (2, 3, 4, 4)  # two batch axes: the stack is flattened for the backend and restored


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_every_decomposition_takes_a_stack(dtype):
    a = rand(STACK, dtype) + 4 * np.eye(4)
    h = a + ct(a)
    t = tol(dtype)
    assert_same(cp.linalg.inv(cp.asarray(a)), np.linalg.inv(a), rtol=t, atol=t)
    b = rand(STACK[:-1] + (2,), dtype, seed=1)
    assert_same(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), np.linalg.solve(a, b), rtol=t,
                atol=t)
    assert_same(cp.linalg.det(cp.asarray(a)), np.linalg.det(a), rtol=t, atol=t)
    sign, logdet = cp.linalg.slogdet(cp.asarray(a))
    assert_same(logdet, np.linalg.slogdet(a)[1], rtol=t, atol=t)
    assert_same(sign, np.linalg.slogdet(a)[0], rtol=t, atol=t)
    pd = a @ ct(a)
    assert_same(cp.linalg.cholesky(cp.asarray(pd)), np.linalg.cholesky(pd), rtol=t, atol=t)
    q, r = cp.linalg.qr(cp.asarray(a))
    np.testing.assert_allclose(q.get() @ r.get(), a, atol=t * 10)
    u, s, vh = cp.linalg.svd(cp.asarray(a))
    assert_same(s, np.linalg.svd(a, compute_uv=False), rtol=t, atol=t)
    np.testing.assert_allclose((u.get() * s.get()[..., None, :]) @ vh.get(), a, atol=t * 10)
    w, v = cp.linalg.eigh(cp.asarray(h))
    assert_same(w, np.linalg.eigvalsh(h), rtol=t, atol=t)
    np.testing.assert_allclose(h @ v.get(), v.get() * w.get()[..., None, :], atol=t * 10)
    assert_same(cp.linalg.eigvalsh(cp.asarray(h)), np.linalg.eigvalsh(h), rtol=t, atol=t)
    w, v = cp.linalg.eig(cp.asarray(a))
    np.testing.assert_allclose(a @ v.get(), v.get() * w.get()[..., None, :], atol=t * 10)
    got = np.sort_complex(cp.linalg.eigvals(cp.asarray(a)).get().reshape(-1, 4))
    np.testing.assert_allclose(got, np.sort_complex(np.linalg.eigvals(a).reshape(-1, 4)),
                               rtol=t, atol=t)
    assert_same(cp.linalg.pinv(cp.asarray(a)), np.linalg.pinv(a), rtol=t, atol=t)
    assert_same(cp.linalg.matrix_rank(cp.asarray(a)), np.linalg.matrix_rank(a))


def test_one_bad_matrix_in_a_stack_raises():
    a = np.stack([np.eye(3), np.ones((3, 3)), 2 * np.eye(3)])  # the middle one is singular
    for f in (cp.linalg.inv, lambda x: cp.linalg.solve(x, cp.ones((3, 3, 1)))):
        with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
            f(cp.asarray(a))
    with pytest.raises(np.linalg.LinAlgError, match="positive definite"):
        cp.linalg.cholesky(cp.asarray(a))
    # det and slogdet report singular matrices instead of raising.
    assert_same(cp.linalg.det(cp.asarray(a)), np.linalg.det(a), atol=1e-12)
    assert_same(cp.linalg.slogdet(cp.asarray(a))[1], np.linalg.slogdet(a)[1])


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_svd_hermitian(dtype):
    m = rand((3, 5, 5), dtype, seed=4)
    a = m + ct(m)
    a[1] = a[1] @ np.diag([1, 1, 1, 0, 0]).astype(dtype) @ a[1]  # rank 3, zero eigenvalues
    t = tol(dtype)
    u, s, vh = cp.linalg.svd(cp.asarray(a), hermitian=True)
    nu, ns, nvh = np.linalg.svd(a, hermitian=True)
    assert (u.dtype, s.dtype, vh.dtype) == (nu.dtype, ns.dtype, nvh.dtype)
    assert (u.shape, s.shape, vh.shape) == (nu.shape, ns.shape, nvh.shape)
    assert_same(s, np.linalg.svd(a, compute_uv=False), rtol=t * 10, atol=t * 100)
    np.testing.assert_allclose((u.get() * s.get()[..., None, :]) @ vh.get(), a, atol=t * 100)
    np.testing.assert_allclose(ct(u.get()) @ u.get(), np.broadcast_to(np.eye(5), a.shape),
                               atol=t * 10)
    assert_same(cp.linalg.svd(cp.asarray(a), compute_uv=False, hermitian=True), ns,
                rtol=t * 10, atol=t * 100)
    assert_same(cp.linalg.matrix_rank(cp.asarray(a), hermitian=True),
                np.linalg.matrix_rank(a, hermitian=True))
    full = a[[0, 2]]  # pinv of full-rank matrices: no threshold on rounding-level values
    assert_same(cp.linalg.pinv(cp.asarray(full), hermitian=True),
                np.linalg.pinv(full, hermitian=True), rtol=t * 10, atol=t * 100)
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.svd(cp.ones((3, 4)), hermitian=True)


@pytest.mark.parametrize("dtype", [np.float32, np.complex128])
def test_lstsq_gelsd_matches_numpy(dtype):
    t = tol(dtype)
    a, b = rand((7, 4), dtype), rand((7, 3), dtype, seed=1)
    a[:, 3] = a[:, 0] - a[:, 1]  # rank 3: no residuals, the minimum-norm solution
    for rcond in (None, 1e-3):
        got = cp.linalg.lstsq(cp.asarray(a), cp.asarray(b), rcond=rcond)
        want = np.linalg.lstsq(a, b, rcond=rcond)
        assert_same(got[0], want[0], rtol=t * 10, atol=t * 10)
        assert_same(got[1], want[1], rtol=t, atol=t)
        assert int(got[2]) == int(want[2])
        assert_same(got[3], want[3], rtol=t, atol=t)
    full = rand((7, 4), dtype, seed=2)
    got = cp.linalg.lstsq(cp.asarray(full), cp.asarray(b[:, 0]), rcond=-1)  # machine precision
    want = np.linalg.lstsq(full, b[:, 0], rcond=-1)
    assert_same(got[0], want[0], rtol=t * 10, atol=t * 10)
    assert_same(got[1], want[1], rtol=t * 10, atol=t * 10)
    assert int(got[2]) == 4


@pytest.mark.parametrize("ashape,bshape", [((3, 0), (3,)), ((0, 3), (0,)), ((3, 2), (3, 0)),
                                           ((3, 0), (3, 2))])
def test_lstsq_empty(ashape, bshape):
    a, b = np.ones(ashape), np.ones(bshape)
    got, want = cp.linalg.lstsq(cp.asarray(a), cp.asarray(b)), np.linalg.lstsq(a, b)
    for g, w in zip((got[0], got[1], got[3]), (want[0], want[1], want[3])):
        assert_same(g, w, rtol=1e-12, atol=1e-12)
    assert int(got[2]) == int(want[2])


@pytest.mark.parametrize("ashape,bshape", [((5, 64, 64), (5, 64, 64)), ((3, 7, 36), (36, 12)),
                                           ((2, 64, 20), (2, 20, 8)), ((4, 1, 4), (4, 4, 4)),
                                           ((2, 13, 64), (2, 64, 24))])
def test_small_float32_products(ashape, bshape):
    # On CUDA, float32 products up to 64 on a side run ndgpu's kernels by default: the aligned
    # one (k and n multiples of 4: both halves of k, one half only, rows past m) and, for an
    # operand that starts off a 16-byte boundary, the general one.
    a, b = rand(ashape, np.float32), rand(bshape, np.float32, seed=1)
    assert_same(cp.matmul(cp.asarray(a), cp.asarray(b)), a @ b, rtol=1e-5, atol=1e-5)
    flat = rand((a.size + 1,), np.float32, seed=2)
    shifted = cp.asarray(flat)[1:].reshape(ashape)  # contiguous, 4 bytes past an alignment
    assert_same(shifted @ cp.asarray(b), flat[1:].reshape(ashape) @ b, rtol=1e-5, atol=1e-5)


def test_small_batched_matmul_kernel(monkeypatch):
    # NDGPU_GEMM=kernel: ndgpu's own kernel for float32 stacks of matrices up to 64 on a side.
    monkeypatch.setenv("NDGPU_GEMM", "kernel")
    for sa, sb in [((3, 5, 7), (3, 7, 6)), ((2, 64, 64), (64, 64)), ((1, 4, 1), (2, 1, 3))]:
        a, b = rand(sa, np.float32), rand(sb, np.float32, seed=1)
        assert_same(cp.matmul(cp.asarray(a), cp.asarray(b)), a @ b, rtol=1e-5, atol=1e-5)
    assert_same(cp.einsum("bij,bjk->bik", cp.asarray(a), cp.asarray(b)), a @ b, rtol=1e-5,
                atol=1e-5)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_small_inverse_kernel(monkeypatch, dtype):
    # NDGPU_INV=kernel: ndgpu's warp-per-matrix Gauss-Jordan kernel (the CUDA default up to 32
    # on a side) on either backend; every order up to a full warp, stacks, strided inputs.
    monkeypatch.setenv("NDGPU_INV", "kernel")
    t = 2e-4 if dtype == np.float32 else 1e-10
    for shape in [(5, 1, 1), (3, 2, 2), (7, 7), (2, 2, 13, 13), (2, 32, 32), (3, 31, 31)]:
        a = rand(shape, dtype) + 2 * np.eye(shape[-1], dtype=dtype)
        assert_same(cp.linalg.inv(cp.asarray(a)), np.linalg.inv(a), rtol=t, atol=t)
    a = rand((4, 6, 6), dtype, seed=3)
    strided = cp.asarray(a).transpose(0, 2, 1)[::2]  # transposed and every other matrix
    assert_same(cp.linalg.inv(strided), np.linalg.inv(a.transpose(0, 2, 1)[::2]), rtol=t, atol=t)
    assert cp.linalg.inv(cp.asarray(np.eye(3, dtype=np.int32))).dtype == np.float64
    # One exactly singular matrix in the stack raises, as LAPACK's zero pivot does for NumPy.
    s = np.stack([np.eye(3), [[1, 2, 3], [2, 4, 6], [0, 0, 1]]]).astype(dtype)
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        cp.linalg.inv(cp.asarray(s))
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.inv(s)
    with cupyx.errstate(linalg="ignore"):
        got = cp.linalg.inv(cp.asarray(s))  # no check: what the elimination left
    assert_same(got[0], np.eye(3, dtype=dtype), rtol=0, atol=0)
