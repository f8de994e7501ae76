"""ndgpu.cuda: devices, streams, events and memory pools, named as CuPy's.

Device(n) is device n of the active backend: a GPU, or a virtual CPU device
(NDGPU_CPU_DEVICES=N) when no GPU is present. On the CPU backend work runs in order, so
streams are names only and events are host timestamps.
"""
from ndgpu import _core
from ndgpu._core import (  # noqa: F401
    Device,
    Event,
    Memory,
    MemoryPointer,
    MemoryPool,
    OutOfMemoryError,
    Stream,
    get_current_stream,
    get_elapsed_time,
)
from ndgpu.cuda import runtime, stream  # noqa: F401

_default_pool = MemoryPool()


def get_default_memory_pool():
    return _default_pool


def is_available():
    """True when the active backend has a device (a GPU, or a virtual CPU device)."""
    return _core._rt_get_device_count() > 0
