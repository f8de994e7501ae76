"""ndgpu: NumPy-compatible n-dimensional arrays on GPUs, with a CPU backend that runs the same
kernels. ``import ndgpu as cp`` runs CuPy code.

The semantics live in C++ (the ``_core`` extension); this package only arranges names.
NumPy is imported on first need (its scalar types below, host conversions), not by
``import ndgpu``: it is most of an import's time.
"""
import atexit as _atexit
import math as _math

from ndgpu import _core
from ndgpu._core import (  # noqa: F401
    CompileError,
    ElementwiseKernel,
    OutOfMemoryError,
    RawKernel,
    RawModule,
    can_cast,
    ndarray,
    promote_types,
    result_type,
    ufunc,
)
from ndgpu._creation import (  # noqa: F401
    arange,
    array,
    asarray,
    asnumpy,
    empty,
    empty_like,
    eye,
    full,
    full_like,
    identity,
    linspace,
    ones,
    ones_like,
    zeros,
    zeros_like,
)
from ndgpu import cuda  # noqa: F401
from ndgpu._reductions import (  # noqa: F401,A004
    ReductionKernel, all, amax, amin, any, argmax, argmin, average, count_nonzero, cumprod,
    cumsum, diff, max, mean, min, nanargmax, nanargmin, nancumprod, nancumsum, nanmax, nanmean,
    nanmin, nanprod, nanstd, nansum, nanvar, prod, ptp, std, sum, var,
)
from ndgpu import linalg  # noqa: F401
from ndgpu._fusion import fuse  # noqa: F401
from ndgpu._fusion import _Var as _FusionValue

# Background compiler warm-up and page-locking must finish before the process's C-level exit
# destroys what they use (NVRTC's statics among them).
_atexit.register(_core._wait_for_background_work)

# The ufuncs, under NumPy's names and aliases.
for _name in ("add", "subtract", "multiply", "true_divide", "floor_divide", "negative",
              "absolute", "equal", "not_equal", "less", "less_equal", "greater",
              "greater_equal", "maximum", "minimum", "exp", "log", "log1p", "sqrt"):
    globals()[_name] = getattr(_core, _name)
divide = true_divide  # noqa: F821
where, clip = _core.where, _core.clip
abs = absolute  # noqa: A001,F821

# NumPy's scalar types and dtype objects, as CuPy re-exports them (PEP 562: resolved from
# NumPy on first access, so `import ndgpu` does not import NumPy).
_NUMPY_NAMES = {
    "bool_": "bool_", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
    "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
    "float16": "float16", "float32": "float32", "float64": "float64", "complex64": "complex64",
    "complex128": "complex128", "dtype": "dtype", "float_": "float64", "complex_": "complex128",
    "intp": "int64",
}
newaxis = None
inf, nan, pi, e = _math.inf, _math.nan, _math.pi, _math.e


def __getattr__(name):
    if name in _NUMPY_NAMES:
        import numpy
        value = getattr(numpy, _NUMPY_NAMES[name])
        globals()[name] = value  # later lookups are plain attribute reads
        return value
    raise AttributeError("module 'ndgpu' has no attribute %r" % name)


def __dir__():
    return sorted(set(globals()) | set(_NUMPY_NAMES))


def get_array_module(*args):
    """numpy for host arrays and scalars, ndgpu when any argument is an ndgpu array (or a
    value traced by fuse)."""
    for a in args:
        if isinstance(a, (ndarray, _FusionValue)):
            import ndgpu
            return ndgpu
    import numpy
    return numpy


__version__ = "0.1.0"
