"""Array creation: argument handling only; the work is done in C++."""
from ndgpu import _core
from ndgpu._core import ndarray

empty = _core.empty
zeros = _core.zeros
ones = _core.ones
full = _core.full
arange = _core.arange
linspace = _core.linspace
eye = _core.eye
logspace, geomspace, meshgrid, mgrid, ogrid = (_core.logspace, _core.geomspace, _core.meshgrid,
                                               _core.mgrid, _core.ogrid)
vander, fromfunction, frombuffer, fromstring, fromiter = (
    _core.vander, _core.fromfunction, _core.frombuffer, _core.fromstring, _core.fromiter)


def identity(n, dtype=None):
    return _core.eye(n, dtype=dtype)


def _needs_cast(a, dtype):
    import numpy
    return numpy.dtype(dtype) != a.dtype


def array(obj, dtype=None, copy=True, order="K", subok=False, ndmin=0, *, blocking=False):
    """A new array on the current device from an ndgpu array, a NumPy array, a list or a scalar.
    copy=None copies only when needed; copy=False refuses a device array's dtype change
    (ValueError, NumPy 2's rule), while host data still moves to the device, as CuPy's."""
    if isinstance(obj, ndarray):
        a = _core._to_current_device(obj)
        if dtype is not None:
            if copy is False and _needs_cast(a, dtype):
                raise ValueError("Unable to avoid copy while creating an array as requested.")
            a = a.astype(dtype, copy=False)
        if copy and a is obj or (copy and a._pointer == obj._pointer):
            a = a.copy(order="F" if order == "F" else "C")
    elif hasattr(obj, "__cuda_array_interface__"):  # CuPy, PyTorch, Numba: shared, not copied
        a = _core._from_cuda_array_interface(obj)
        if dtype is not None:
            a = a.astype(dtype, copy=False)
        if copy:
            a = a.copy(order="F" if order == "F" else "C")
    elif isinstance(obj, (list, tuple)) and (
            a := _core._from_nested_sequence(obj, dtype)) is not None:
        pass  # a list holding ndgpu arrays, stacked on the device: a new array
    else:
        # The device copy is the copy: converting on the host without one saves a pass.
        import numpy  # on first need (see ndgpu/__init__.py)
        host = numpy.asarray(obj, dtype=dtype, order=order if order in ("C", "F") else None)
        if not (host.flags.c_contiguous or host.flags.f_contiguous):
            host = numpy.ascontiguousarray(host)
        a = _core._from_numpy(host)
    while a.ndim < ndmin:
        a = a[None]
    return a


def asarray(a, dtype=None, order=None, *, device=None, copy=None, blocking=False):
    """Like array(), but returns `a` itself when it is already on the current device (and
    copy is not True). Host data is read before it returns, so `blocking` is always met.
    device= (NumPy 2, the array API) makes the array there."""
    if device is not None:
        with _core._device_of(device):
            return asarray(a, dtype, order, copy=copy, blocking=blocking)
    if copy:
        return array(a, dtype=dtype, copy=True, order=order or "K")
    if isinstance(a, ndarray):
        out = _core._to_current_device(a)
        if dtype is None or not _needs_cast(out, dtype):
            return out
        if copy is False:
            raise ValueError("Unable to avoid copy while creating an array as requested.")
        return out.astype(dtype)
    return array(a, dtype=dtype, copy=False, order=order or "K")


asanyarray = asarray  # ndgpu has no ndarray subclasses


def asnumpy(a, stream=None, order="C", out=None, *, blocking=True):
    """A NumPy array holding `a`'s values (copied to the host when `a` is an ndgpu array);
    into `out` when given, as ndarray.get(out=). The copy is complete on return, which meets
    either `blocking`."""
    import numpy
    if isinstance(a, ndarray):
        if out is not None:
            return a.get(stream, out=out)
        return numpy.asarray(a.get(), order=order)
    if out is not None:
        numpy.copyto(out, a)
        return out
    return numpy.asarray(a, order=order)


def _like(a, dtype, order, shape):
    # 'K' and 'A' follow `a`'s layout (F only when `a` is F- and not C-contiguous), as NumPy.
    if order in ("K", "A", None):
        keep_f = shape is None and a.flags.f_contiguous and not a.flags.c_contiguous
        order = "F" if keep_f else "C"
    return (a.shape if shape is None else shape), (a.dtype if dtype is None else dtype), order


def empty_like(a, dtype=None, order="K", subok=None, shape=None, *, device=None):
    s, d, o = _like(a, dtype, order, shape)
    return _core.empty(s, d, o, device=device)


def zeros_like(a, dtype=None, order="K", subok=None, shape=None, *, device=None):
    s, d, o = _like(a, dtype, order, shape)
    return _core.zeros(s, d, o, device=device)


def ones_like(a, dtype=None, order="K", subok=None, shape=None, *, device=None):
    s, d, o = _like(a, dtype, order, shape)
    return _core.ones(s, d, o, device=device)


def full_like(a, fill_value, dtype=None, order="K", subok=None, shape=None, *, device=None):
    s, d, o = _like(a, dtype, order, shape)
    return _core.full(s, fill_value, d, o, device=device)
