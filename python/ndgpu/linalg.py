"""ndgpu.linalg: norm, matmul and the LU/Cholesky family (cuSOLVER on CUDA, LAPACK on the CPU)."""
from ndgpu import _core


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


def cholesky(a):
    return _core._linalg_cholesky(a)
