"""NumPy's dispatch protocols, as CuPy has them: np.add(x, 1), np.sin(x), np.add.reduce(x)
run ndgpu's ufunc (__array_ufunc__), and NumPy functions ndgpu implements (np.concatenate,
np.mean, np.linalg.norm, ...) run ndgpu's (__array_function__); what ndgpu lacks raises
NumPy's TypeError. Host NumPy arrays mixed with ndgpu arrays in a ufunc are refused, as in
CuPy (no implicit transfers)."""
import importlib
import sys

# NumPy's public modules whose functions have ndgpu counterparts under the same names.
_MODULES = {"numpy": "ndgpu", "numpy.linalg": "ndgpu.linalg", "numpy.fft": "ndgpu.fft",
            "numpy.random": "ndgpu.random"}


def _ndgpu_counterpart(module, name):
    target = _MODULES.get(module)
    if target is None:
        return None
    try:
        mod = importlib.import_module(target)
    except ImportError:
        return None
    return getattr(mod, name, None)


def _is_host_array(x):  # NumPy is imported already when it calls us: import ndgpu does not
    return isinstance(x, sys.modules["numpy"].ndarray) and x.ndim > 0


def _is_host_scalar_array(x):
    return isinstance(x, sys.modules["numpy"].ndarray) and x.ndim == 0


_MISSING = object()
_UFUNCS = {}  # NumPy ufunc -> ndgpu's (None where ndgpu has none), filled on first use


def array_ufunc(self, ufunc, method, *inputs, **kwargs):
    ours = _UFUNCS.get(ufunc, _MISSING)
    if ours is _MISSING:
        ours = _UFUNCS[ufunc] = _ndgpu_counterpart("numpy", ufunc.__name__)
    if ours is None or any(_is_host_array(x) for x in inputs):
        return NotImplemented
    # NumPy hands its scalars over as 0-d arrays (np.float64(1.5) > x): back to scalars.
    inputs = tuple(x[()] if _is_host_scalar_array(x) else x for x in inputs)
    if method == "__call__" and not kwargs:  # np.float32(2) * x: the common case, kept short
        return ours(*inputs)
    out = kwargs.get("out")
    if out is not None:  # NumPy passes out= as a tuple, one per output
        if any(_is_host_array(o) for o in out):
            return NotImplemented
        kwargs["out"] = out[0] if len(out) == 1 else out
    if method == "__call__":
        return ours(*inputs, **kwargs)
    fn = getattr(ours, method, None)
    return NotImplemented if fn is None else fn(*inputs, **kwargs)


def array_function(self, func, types, args, kwargs):
    import numpy
    from ndgpu import ndarray
    if not all(issubclass(t, (ndarray, numpy.ndarray)) for t in types):
        return NotImplemented
    module = func.__module__ or "numpy"
    if module.startswith("numpy._core") or module.startswith("numpy.lib"):
        module = "numpy"
    ours = _ndgpu_counterpart(module, func.__name__)
    if ours is None or ours is func:
        return NotImplemented
    return ours(*args, **kwargs)


def install(ndarray):
    ndarray.__array_ufunc__ = array_ufunc
    ndarray.__array_function__ = array_function
