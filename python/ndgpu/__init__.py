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
    flatiter,
    OutOfMemoryError,
    fromDlpack,
    from_dlpack,
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
    asanyarray,
    asarray,
    asnumpy,
    empty,
    empty_like,
    eye,
    frombuffer,
    fromfunction,
    fromiter,
    fromstring,
    full,
    full_like,
    geomspace,
    identity,
    linspace,
    logspace,
    meshgrid,
    mgrid,
    ogrid,
    ones,
    ones_like,
    vander,
    zeros,
    zeros_like,
)
from ndgpu._core import show_config  # noqa: F401
from ndgpu import cuda  # noqa: F401
from ndgpu.cuda import get_default_memory_pool, get_default_pinned_memory_pool, is_available  # noqa: F401,E501
from ndgpu._reductions import (  # noqa: F401,A004
    ReductionKernel, all, amax, amin, any, argmax, argmin, average, count_nonzero, cumprod,
    cumsum, diff, max, mean, min, nanargmax, nanargmin, nancumprod, nancumsum, nanmax, nanmean,
    nanmin, nanprod, nanstd, nansum, nanvar, prod, ptp, std, sum, var,
)
from ndgpu._core import (  # noqa: F401
    cross, diagonal, dot, einsum, inner, kron, matmul, matvec, outer, tensordot, trace, tril, triu,
    vdot, vecdot, vecmat)
from ndgpu import linalg  # noqa: F401
from ndgpu import random  # noqa: F401
from ndgpu import fft  # noqa: F401
from ndgpu import lib  # noqa: F401
from ndgpu._fusion import fuse  # noqa: F401
from ndgpu._vectorize import vectorize  # noqa: F401
from ndgpu._fusion import _Var as _FusionValue
from ndgpu import _numpy_protocols
_numpy_protocols.install(ndarray)
from ndgpu._io import (  # noqa: F401
    array2string, array_repr, array_str, base_repr, binary_repr, format_float_positional,
    format_float_scientific, fromfile, genfromtxt, get_printoptions, load, loadtxt,
    printoptions, save, savetxt, savez, savez_compressed, set_printoptions,
)
from ndgpu import _io
_io.install(ndarray)
from ndgpu._array_api import __array_api_version__, __array_namespace_info__, astype  # noqa: F401,E501
from ndgpu import _array_api
_array_api.install(ndarray)



def _find_cpu_blas():
    """scipy-openblas32's library, located without importing it; the CPU backend asks on its
    first matrix product."""
    import importlib.util
    import os
    try:
        spec = importlib.util.find_spec("scipy_openblas32")
    except (ImportError, ValueError):
        return None
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = os.path.join(folder, "lib", "libscipy_openblas.so")
        if os.path.exists(path):
            return path
    return None

# Background compiler warm-up and page-locking must finish before the process's C-level exit
# destroys what they use (NVRTC's statics among them).
_atexit.register(_core._wait_for_background_work)

# The ufuncs, under NumPy's names and aliases.
for _name in _core._ufunc_names():
    if _name != "rsqrt":  # CuPy's own ufunc: ndgpu.cupyx.rsqrt, not in NumPy's namespace
        globals()[_name] = getattr(_core, _name)
for _alias, _name in (("divide", "true_divide"), ("abs", "absolute"), ("mod", "remainder"),
                      ("pow", "power"), ("conj", "conjugate"), ("bitwise_not", "invert"),
                      ("bitwise_invert", "invert"), ("bitwise_left_shift", "left_shift"),
                      ("bitwise_right_shift", "right_shift"), ("acos", "arccos"),
                      ("asin", "arcsin"), ("atan", "arctan"), ("acosh", "arccosh"),
                      ("asinh", "arcsinh"), ("atanh", "arctanh"), ("atan2", "arctan2")):
    globals()[_alias] = getattr(_core, _name)
where, clip = _core.where, _core.clip
from ndgpu._core import (  # noqa: F401,E402,A004
    allclose, angle, around, array_equal, array_equiv, convolve, cross, cumulative_prod,
    cumulative_sum, ediff1d, fix, gradient, i0, imag, interp, iscomplex, iscomplexobj, isclose,
    isneginf, isposinf, isreal, isrealobj, nan_to_num, ndim, real, real_if_close, round, shape,
    sinc, size, trapezoid, unwrap)
from ndgpu._core import bartlett, blackman, hamming, hanning, kaiser  # noqa: F401,E402
from ndgpu._core import argwhere, compress, extract, flatnonzero, nonzero, take  # noqa: F401,E402
from ndgpu._core import (  # noqa: F401,E402
    argpartition, argsort, bincount, digitize, histogram, histogram_bin_edges, intersect1d, isin,
    lexsort, median, nanmedian, nanpercentile, nanquantile, partition, percentile, quantile,
    searchsorted, setdiff1d, setxor1d, sort, sort_complex, union1d, unique, unique_all,
    unique_counts, unique_inverse, unique_values)
from ndgpu._core import corrcoef, correlate, cov, histogram2d, histogramdd  # noqa: F401,E402
from ndgpu._core import (  # noqa: F401,E402
    poly, poly1d, polyadd, polyder, polydiv, polyfit, polyint, polymul, polysub, polyval, roots)
from ndgpu._core import (  # noqa: F401,E402
    choose, diag, diag_indices, diag_indices_from, diagflat, diagonal, fill_diagonal, indices,
    ix_, mask_indices, place, put, put_along_axis, putmask, ravel_multi_index, select,
    take_along_axis, tri, tril, tril_indices, tril_indices_from, triu, triu_indices,
    triu_indices_from, unravel_index)
from ndgpu._index_tricks import c_, index_exp, r_, s_  # noqa: F401,E402
from ndgpu._core import isfortran, may_share_memory, shares_memory  # noqa: F401,E402
from ndgpu._core import (  # noqa: F401,E402
    array_split, ascontiguousarray, atleast_1d, atleast_2d, broadcast_arrays, broadcast_to,
    column_stack, concatenate, copy, expand_dims, flip, fliplr, flipud, hstack, moveaxis, ravel,
    repeat, reshape, split, squeeze, stack, swapaxes, tile, transpose, vstack)
from ndgpu._core import (  # noqa: F401,E402
    append, asarray_chkfinite, asfortranarray, atleast_3d, block, broadcast, broadcast_shapes,
    copyto, delete, dsplit, dstack, hsplit, insert, matrix_transpose, pad, permute_dims, require,
    resize, roll, rollaxis, rot90, trim_zeros, unstack, vsplit)
from ndgpu._core import packbits, unpackbits  # noqa: F401,E402
from ndgpu._memo import clear_memo, memoize  # noqa: F401,E402
from ndgpu._core import apply_along_axis, apply_over_axes, piecewise  # noqa: F401,E402
concat, row_stack = concatenate, vstack

# NumPy's scalar types and dtype objects, as CuPy re-exports them (PEP 562: resolved from
# NumPy on first access, so `import ndgpu` does not import NumPy).
_NUMPY_NAMES = {
    "bool_": "bool_", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
    "uint8": "uint8", "uint16": "uint16", "uint32": "uint32", "uint64": "uint64",
    "float16": "float16", "float32": "float32", "float64": "float64", "complex64": "complex64",
    "complex128": "complex128", "dtype": "dtype", "float_": "float64", "complex_": "complex128",
    "intp": "int64",
}
from ndgpu import _dtypes  # noqa: E402
from ndgpu._dtypes import common_type  # noqa: F401,E402
_NUMPY_NAMES.update((_n, _n) for _n in _dtypes.NUMPY_NAMES)
newaxis = None
inf, nan, pi, e = _math.inf, _math.nan, _math.pi, _math.e


def __getattr__(name):
    if name in ("testing", "cupyx"):  # imported on first use: they import NumPy
        import importlib
        return importlib.import_module("ndgpu." + name)
    if name in _NUMPY_NAMES:
        import numpy
        value = getattr(numpy, _NUMPY_NAMES[name])
        if name != "bool":  # cached, it would shadow the builtin in this module
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

# Public functions' __doc__: ndgpu's signature, then NumPy's text, read when first asked for.
from ndgpu import _docs  # noqa: E402
for _namespace in (globals(), vars(linalg), vars(fft), vars(random)):
    _docs.install(_namespace)
del _namespace
_docs.install_members(ndarray, "ndgpu")  # x.sum.__doc__, ndarray.T.__doc__: NumPy's too
