"""ndgpu.cuda: devices, streams, events and memory pools, named as CuPy's.

Device(n) is device n of the active backend: a GPU, or a virtual CPU device
(NDGPU_CPU_DEVICES=N) when no GPU is present. On the CPU backend work runs in order, so
streams are names only and events are host timestamps.
"""
from ndgpu import _core
from ndgpu._core import (  # noqa: F401
    Device,
    Event,
    ExternalStream,
    Memory,
    MemoryPointer,
    MemoryPool,
    OutOfMemoryError,
    PinnedMemoryPointer,
    PinnedMemoryPool,
    Stream,
    UnownedMemory,
    alloc,
    alloc_pinned_memory,
    get_allocator,
    get_current_stream,
    get_elapsed_time,
    get_pinned_memory_allocator,
    set_allocator,
    set_pinned_memory_allocator,
    using_allocator,
)
from ndgpu.cuda import compiler, graph, memory, nvtx, pinned_memory, profiler, runtime, stream  # noqa: F401,E501
from ndgpu.cuda.memory import MemoryAsyncPool  # noqa: F401
from ndgpu._core import _rt_get_device as get_device_id  # noqa: F401,E402
from ndgpu._core import _rt_runtime_get_version as get_local_runtime_version  # noqa: F401,E402,E501

_default_pool = MemoryPool()
_default_pinned_pool = PinnedMemoryPool()


def get_default_memory_pool():
    return _default_pool


def get_default_pinned_memory_pool():
    return _default_pinned_pool


def is_available():
    """True when the active backend has a device (a GPU, or a virtual CPU device)."""
    return _core._rt_get_device_count() > 0
