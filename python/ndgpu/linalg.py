"""ndgpu.linalg: norm and matmul (the rest of NumPy's linalg comes with cuSOLVER support)."""
from ndgpu import _core


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm, as numpy.linalg.norm; one fused pass over memory."""
    return _core._norm(x, ord, axis, keepdims)


def matmul(x1, x2, /):
    """The array API's linalg.matmul: numpy.matmul without out= or dtype=."""
    return _core.matmul(x1, x2)
