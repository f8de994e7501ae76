"""ndgpu.lib.stride_tricks: views with chosen strides over an array's memory (C++:
ndgpu::as_strided, ndgpu::sliding_window_view)."""
from ndgpu import _core


def as_strided(x, shape=None, strides=None):
    """A view of x with `shape` and `strides` (bytes); ValueError if it would reach outside
    x's memory (NumPy reads whatever lies there)."""
    return _core._as_strided(x, shape, strides)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """The windows of window_shape along `axis` (every axis when None) as trailing axes, a
    view. ndgpu has no read-only arrays: writing through it writes x."""
    if isinstance(window_shape, int):
        window_shape = (window_shape,)
    if isinstance(axis, int):
        axis = (axis,)
    return _core._sliding_window_view(x, window_shape, axis)
