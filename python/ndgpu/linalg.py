"""ndgpu.linalg: norm (the rest of NumPy's linalg comes with cuSOLVER/cuBLAS support)."""
from ndgpu import _core


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm, as numpy.linalg.norm; one fused pass over memory."""
    return _core._norm(x, ord, axis, keepdims)
