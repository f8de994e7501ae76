"""ndgpu.linalg: norm, matmul and the LU/Cholesky family (cuSOLVER on CUDA, LAPACK on the CPU)."""
from collections import namedtuple as _namedtuple

from ndgpu import _core
from ndgpu._core import tensordot  # noqa: F401  (numpy.linalg re-exports it too)


def __getattr__(name):
    # NumPy's own exception class, which ndgpu raises; imported on first use (NumPy is not
    # imported with ndgpu).
    if name == "LinAlgError":
        import numpy
        return numpy.linalg.LinAlgError
    raise AttributeError("module 'ndgpu.linalg' has no attribute %r" % name)


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm, as numpy.linalg.norm; one fused pass over memory."""
    return _core._norm(x, ord, axis, keepdims)


def matmul(x1, x2, /):
    """The array API's linalg.matmul: numpy.matmul without out= or dtype=."""
    return _core.matmul(x1, x2)


class SlogdetResult(tuple):
    """numpy.linalg.slogdet's result: (sign, logabsdet), also by name."""
    __slots__ = ()

    def __new__(cls, sign, logabsdet):
        return tuple.__new__(cls, (sign, logabsdet))

    sign = property(lambda self: self[0])
    logabsdet = property(lambda self: self[1])


def solve(a, b):
    """numpy.linalg.solve (b is a stack of matrices unless it is 1-D, as NumPy 2)."""
    return _core._linalg_solve(a, b)


def inv(a):
    return _core._linalg_inv(a)


def det(a):
    return _core._linalg_det(a)


def slogdet(a):
    return SlogdetResult(*_core._linalg_slogdet(a))


def cholesky(a, /, *, upper=False):
    return _core._linalg_cholesky(a, upper)


QRResult = _namedtuple("QRResult", ["Q", "R"])
SVDResult = _namedtuple("SVDResult", ["U", "S", "Vh"])
EighResult = _namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
EigResult = _namedtuple("EigResult", ["eigenvalues", "eigenvectors"])


def qr(a, mode="reduced"):
    """numpy.linalg.qr: QRResult(Q, R); R alone for mode='r'; (h, tau) for mode='raw'."""
    first, second = _core._linalg_qr(a, mode)
    if mode == "r":
        return first
    return (first, second) if mode == "raw" else QRResult(first, second)


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    u, s, vh = _core._linalg_svd(a, full_matrices, compute_uv, hermitian)
    return SVDResult(u, s, vh) if compute_uv else s


def svdvals(x, /):
    return _core._linalg_svd(x, False, False, False)[1]


def eigh(a, UPLO="L"):
    return EighResult(*_core._linalg_eigh(a, UPLO, True))


def eigvalsh(a, UPLO="L"):
    return _core._linalg_eigh(a, UPLO, False)[0]


def eig(a):
    return EigResult(*_core._linalg_eig(a, True))


def eigvals(a):
    return _core._linalg_eig(a, False)[0]


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    return _core._linalg_matrix_rank(A, tol, hermitian, rtol)


def pinv(a, rcond=None, hermitian=False, *, rtol=None):
    return _core._linalg_pinv(a, rcond, hermitian, rtol)


def lstsq(a, b, rcond=None):
    """numpy.linalg.lstsq: (x, residuals, rank, s)."""
    return _core._linalg_lstsq(a, b, rcond)


def cond(x, p=None):
    return _core._linalg_cond(x, p)


def matrix_power(a, n):
    return _core._linalg_matrix_power(a, n)


def tensorinv(a, ind=2):
    return _core._linalg_tensorinv(a, ind)


def tensorsolve(a, b, axes=None):
    return _core._linalg_tensorsolve(a, b, axes)


def multi_dot(arrays, *, out=None):
    return _core._linalg_multi_dot(arrays, out)


def cross(x1, x2, /, *, axis=-1):
    return _core._linalg_cross(x1, x2, axis)


def vecdot(x1, x2, /, *, axis=-1):
    return _core._linalg_vecdot(x1, x2, axis)


def outer(x1, x2, /):
    return _core._linalg_outer(x1, x2)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    return _core._linalg_vector_norm(x, axis, keepdims, ord)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return _core._linalg_matrix_norm(x, keepdims, ord)


def matrix_transpose(x, /):
    return _core._linalg_matrix_transpose(x)


def diagonal(x, /, *, offset=0):
    return _core._linalg_diagonal(x, offset)


def trace(x, /, *, offset=0, dtype=None):
    return _core._linalg_trace(x, offset, dtype)
