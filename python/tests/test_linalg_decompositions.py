"""numpy.linalg's qr, svd, eigh and eig against NumPy, by the factorisations' defining
properties (A rebuilt from the factors, orthonormal columns, A v = w v), not by signs: stacks,
dtypes, wide and tall matrices, empty ones, UPLO and NumPy's errors."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def rand(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def tol(dtype):
    return 2e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-10


def ct(x):
    return np.conj(np.swapaxes(x, -1, -2))


def orthonormal_columns(q, dtype):
    k = q.shape[-1]
    np.testing.assert_allclose(ct(q) @ q, np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k)),
                               atol=tol(dtype) * 10)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)])
def test_qr_modes(dtype, shape):
    a = rand(shape, dtype)
    for mode in ("reduced", "complete"):
        q, r = cp.linalg.qr(cp.asarray(a), mode=mode)
        nq, nr = np.linalg.qr(a, mode=mode)
        assert (q.shape, r.shape, q.dtype, r.dtype) == (nq.shape, nr.shape, nq.dtype, nr.dtype)
        q, r = q.get(), r.get()
        orthonormal_columns(q, dtype)
        np.testing.assert_allclose(q @ r, a, atol=tol(dtype) * 10)
        np.testing.assert_array_equal(np.triu(r), r)
    # R is unique up to the signs of its rows (phases when complex): compare magnitudes.
    r = cp.linalg.qr(cp.asarray(a), mode="r")
    np.testing.assert_allclose(np.abs(r.get()), np.abs(np.linalg.qr(a, mode="r")),
                               atol=tol(dtype) * 10)
    h, tau = cp.linalg.qr(cp.asarray(a), mode="raw")
    nh, ntau = np.linalg.qr(a, mode="raw")
    assert (h.shape, tau.shape) == (nh.shape, ntau.shape)


def test_qr_errors_and_empty():
    with pytest.raises(ValueError):
        cp.linalg.qr(cp.ones((2, 2)), mode="bad")
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.qr(cp.ones(3))
    q, r = cp.linalg.qr(cp.ones((3, 0)), mode="complete")
    assert_same(q, np.eye(3))
    assert r.shape == (3, 0)
    q, r = cp.linalg.qr(cp.asarray(np.arange(6.0).reshape(3, 2).astype(np.int64)))
    assert q.dtype == np.float64


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (3, 5, 5), (2, 3, 2)])
def test_svd(dtype, shape):
    a = rand(shape, dtype)
    ns = np.linalg.svd(a, compute_uv=False)
    for full in (True, False):
        u, s, vh = cp.linalg.svd(cp.asarray(a), full_matrices=full)
        nu, _, nvh = np.linalg.svd(a, full_matrices=full)
        assert (u.shape, s.shape, vh.shape) == (nu.shape, ns.shape, nvh.shape)
        assert (u.dtype, s.dtype, vh.dtype) == (nu.dtype, ns.dtype, nvh.dtype)
        u, s, vh = u.get(), s.get(), vh.get()
        k = s.shape[-1]
        np.testing.assert_allclose(s, ns, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)
        orthonormal_columns(u, dtype)
        orthonormal_columns(ct(vh), dtype)
        rebuilt = (u[..., :k] * s[..., None, :]) @ vh[..., :k, :]
        np.testing.assert_allclose(rebuilt, a, atol=tol(dtype) * 20)
    assert_same(cp.linalg.svd(cp.asarray(a), compute_uv=False), ns, rtol=tol(dtype) * 10,
                atol=tol(dtype) * 10)
    assert_same(cp.linalg.svdvals(cp.asarray(a)), ns, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)


def test_svd_empty_and_errors():
    u, s, vh = cp.linalg.svd(cp.zeros((3, 0)))
    assert_same(u, np.eye(3))
    assert s.shape == (0,) and vh.shape == (0, 0)
    with pytest.raises(TypeError):
        cp.linalg.svd(cp.ones((2, 2), dtype=np.float16))
    with pytest.raises(np.linalg.LinAlgError, match="SVD did not converge"):
        cp.linalg.svd(cp.asarray(np.full((3, 3), np.nan)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_eigh(dtype):
    m = rand((3, 4, 4), dtype)
    a = m + ct(m)
    for uplo in ("L", "U"):
        junk = a.copy()
        # Only the UPLO triangle is read: spoil the other one.
        idx = np.triu_indices(4, 1) if uplo == "L" else np.tril_indices(4, -1)
        junk[(slice(None),) + idx] = 99
        w, v = cp.linalg.eigh(cp.asarray(junk), UPLO=uplo)
        nw = np.linalg.eigvalsh(junk, UPLO=uplo)
        assert_same(w, nw, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)
        assert v.dtype == np.dtype(dtype)
        v = v.get()
        np.testing.assert_allclose(a @ v, v * nw[..., None, :], atol=tol(dtype) * 100)
        orthonormal_columns(v, dtype)
        assert_same(cp.linalg.eigvalsh(cp.asarray(junk), UPLO=uplo), nw, rtol=tol(dtype) * 10,
                    atol=tol(dtype) * 10)
    with pytest.raises(ValueError):
        cp.linalg.eigh(cp.asarray(a), UPLO="X")
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.eigh(cp.ones((2, 3)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_eig(dtype):
    a = rand((2, 5, 5), dtype, seed=3)
    w, v = cp.linalg.eig(cp.asarray(a))
    nw = np.linalg.eigvals(a)
    assert w.dtype == nw.dtype and v.dtype == nw.dtype
    w, v = w.get(), v.get()
    np.testing.assert_allclose(a @ v, v * w[..., None, :], atol=tol(dtype) * 100)
    np.testing.assert_allclose(np.linalg.norm(v, axis=-2), 1, rtol=tol(dtype) * 10)
    np.testing.assert_allclose(np.sort_complex(w.reshape(-1)), np.sort_complex(nw.reshape(-1)),
                               rtol=tol(dtype) * 100)
    np.testing.assert_allclose(np.sort_complex(cp.linalg.eigvals(cp.asarray(a)).get()[0]),
                               np.sort_complex(nw[0]), rtol=tol(dtype) * 100)


def test_eig_real_results_when_eigenvalues_are_real():
    a = np.array([[2.0, 1.0], [1.0, 3.0]])
    w, v = cp.linalg.eig(cp.asarray(a))
    assert w.dtype == np.float64 and v.dtype == np.float64
    np.testing.assert_allclose(np.sort(w.get()), np.sort(np.linalg.eigvals(a)))
    rot = np.array([[0.0, -1.0], [1.0, 0.0]], np.float32)
    assert cp.linalg.eigvals(cp.asarray(rot)).dtype == np.complex64


def test_diagonal_triu_tril():
    a = np.arange(24.0).reshape(2, 3, 4)
    for off in (-1, 0, 2):
        assert_same(cp.diagonal(cp.asarray(a), off, 1, 2), np.diagonal(a, off, 1, 2))
        assert_same(cp.triu(cp.asarray(a), off), np.triu(a, off))
        assert_same(cp.tril(cp.asarray(a), off), np.tril(a, off))
    assert_same(cp.asarray(a).diagonal(axis1=0, axis2=2), a.diagonal(axis1=0, axis2=2))
    assert_same(cp.triu(cp.arange(3)), np.triu(np.arange(3)))
