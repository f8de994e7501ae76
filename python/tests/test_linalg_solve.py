"""numpy.linalg's solve, inv, det, slogdet and cholesky against NumPy: stacks, dtypes, empty
matrices, NumPy 2's vector rule for solve, and LinAlgError where NumPy raises it."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


def well_conditioned(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if shape[-1] == shape[-2]:
        a = a + shape[-1] * np.eye(shape[-1])
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def close(actual, expected, dtype):
    rtol = 1e-4 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-10
    assert_same(actual, expected, rtol=rtol, atol=rtol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_solve_and_inv(dtype):
    a = well_conditioned((4, 4), dtype)
    b = well_conditioned((4, 3), dtype, seed=1)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), np.linalg.solve(a, b), dtype)
    close(cp.linalg.inv(cp.asarray(a)), np.linalg.inv(a), dtype)


@pytest.mark.parametrize("sa,sb", [((3, 3), (3,)), ((2, 3, 3), (3,)), ((2, 3, 3), (2, 3, 1)),
                                   ((1, 3, 3), (4, 3, 2)), ((0, 3, 3), (3, 2))])
def test_solve_stacks(sa, sb):
    a = well_conditioned(sa, np.float64)
    b = np.random.default_rng(2).standard_normal(sb)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), np.linalg.solve(a, b), np.float64)


def test_integer_input_and_float16():
    a = np.array([[2, 1], [1, 3]])
    close(cp.linalg.inv(cp.asarray(a)), np.linalg.inv(a), np.float64)
    with pytest.raises(TypeError):
        cp.linalg.inv(cp.asarray(a.astype(np.float16)))


@pytest.mark.parametrize("dtype", [np.float64, np.complex128, np.float32])
def test_det_and_slogdet(dtype):
    a = well_conditioned((3, 4, 4), dtype)
    a[1] = a[1][[1, 0, 2, 3]]  # a row swap flips the sign
    close(cp.linalg.det(cp.asarray(a)), np.linalg.det(a), dtype)
    sign, logdet = cp.linalg.slogdet(cp.asarray(a))
    ns, nl = np.linalg.slogdet(a)
    close(sign, ns, dtype)
    close(logdet, nl, dtype)
    assert cp.linalg.slogdet(cp.asarray(a)).logabsdet.shape == (3,)


def test_singular_matrices():
    s = np.array([[1.0, 2.0], [2.0, 4.0]])
    assert_same(cp.linalg.det(cp.asarray(s)), np.linalg.det(s))
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.inv(cp.asarray(s))
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.solve(cp.asarray(s), cp.asarray(np.ones(2)))
    with pytest.raises(np.linalg.LinAlgError):
        cp.linalg.det(cp.asarray(np.ones((2, 3))))


@pytest.mark.parametrize("dtype", [np.float64, np.complex128])
def test_cholesky(dtype):
    m = well_conditioned((2, 4, 4), dtype)
    a = m @ np.conj(np.swapaxes(m, -1, -2)) + 4 * np.eye(4)  # Hermitian positive definite
    a[:, 0, 3] = 99  # NumPy reads the lower triangle only
    close(cp.linalg.cholesky(cp.asarray(a)), np.linalg.cholesky(a), dtype)
    a = m @ np.conj(np.swapaxes(m, -1, -2)) + 4 * np.eye(4)
    a[:, 3, 0] = 99  # upper=True: the upper triangle only
    close(cp.linalg.cholesky(cp.asarray(a), upper=True), np.linalg.cholesky(a, upper=True), dtype)
    with pytest.raises(np.linalg.LinAlgError, match="positive definite"):
        cp.linalg.cholesky(cp.asarray(-np.eye(3)))


def test_linalg_names_numpy_has():
    import numpy
    assert cp.linalg.LinAlgError is numpy.linalg.LinAlgError
    with pytest.raises(cp.linalg.LinAlgError):
        cp.linalg.inv(cp.zeros((2, 2)))
    a = numpy.arange(24.0).reshape(2, 3, 4)
    b = numpy.arange(12.0).reshape(4, 3)
    numpy.testing.assert_allclose(cp.linalg.tensordot(cp.asarray(a), cp.asarray(b), axes=1).get(),
                                  numpy.linalg.tensordot(a, b, axes=1))
