"""ndgpu.cupyx: what CuPy programs import from cupyx, to import from here instead
(``from ndgpu import cupyx``): pinned host arrays, the runtime report, the scatter functions and
``profiler.benchmark``, and ``scipy.special``."""
import numpy

from ndgpu import _core
from ndgpu.cupyx import profiler  # noqa: F401
from ndgpu.cupyx import scipy  # noqa: F401
from ndgpu.cupyx._runtime_info import get_runtime_info  # noqa: F401

rsqrt = _core.rsqrt  # the ufunc 1/sqrt(x), as cupyx.rsqrt


def geterr():
    """This thread's error handling of ndgpu's own checks: {'linalg': 'raise' or 'ignore'}."""
    return {"linalg": _core._linalg_error_mode()}


def seterr(*, linalg=None):
    """Sets how numpy.linalg routines treat singular or non-converging inputs on this thread:
    'raise' (ndgpu's default: LinAlgError, as NumPy) or 'ignore' (no check, as CuPy's default).
    Returns the previous settings."""
    old = geterr()
    if linalg is not None:
        _core._set_linalg_error_mode(linalg)
    return old


class errstate:
    """with errstate(linalg='ignore'): ... sets seterr's modes for the block, then restores
    them."""

    def __init__(self, *, linalg=None):
        self._linalg = linalg

    def __enter__(self):
        self._old = seterr(linalg=self._linalg)

    def __exit__(self, *exc):
        seterr(**self._old)


def empty_pinned(shape, dtype=float, order="C"):
    """A NumPy array in page-locked host memory of the current device (ordinary host memory on
    the CPU backend), so transfers to and from it are single DMAs."""
    dtype = numpy.dtype(dtype)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    nbytes = int(numpy.prod(shape, dtype=numpy.int64)) * dtype.itemsize
    raw = _core._pinned_buffer(nbytes)
    if raw is None:
        return numpy.empty(shape, dtype, order)
    return numpy.ndarray(shape, dtype, buffer=raw, order=order)


def zeros_pinned(shape, dtype=float, order="C"):
    a = empty_pinned(shape, dtype, order)
    a.fill(0)
    return a


def empty_like_pinned(a, dtype=None, order="K", subok=None, shape=None):
    dtype = a.dtype if dtype is None else dtype
    shape = a.shape if shape is None else shape
    f = order == "F" or (order in ("K", "A") and a.flags.f_contiguous and not a.flags.c_contiguous)
    return empty_pinned(shape, dtype, "F" if f else "C")


def zeros_like_pinned(a, dtype=None, order="K", subok=None, shape=None):
    out = empty_like_pinned(a, dtype, order, subok, shape)
    out.fill(0)
    return out


def scatter_add(a, slices, value):
    """cupyx.scatter_add: a[slices] += value with repeated indices accumulating
    (ndarray.scatter_add)."""
    a.scatter_add(slices, value)


def scatter_max(a, slices, value):
    """cupyx.scatter_max: a[slices] = maximum(a[slices], value), repeated indices combined."""
    a.scatter_max(slices, value)


def scatter_min(a, slices, value):
    """cupyx.scatter_min: a[slices] = minimum(a[slices], value), repeated indices combined."""
    a.scatter_min(slices, value)
