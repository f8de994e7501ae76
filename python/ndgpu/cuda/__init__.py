"""ndgpu.cuda: devices, streams, events and memory pools, named as CuPy's.

Device(n) is device n of the active backend: a GPU, or a virtual CPU device
(NDGPU_CPU_DEVICES=N) when no GPU is present. On the CPU backend work runs in order, so
streams are names only and events are host timestamps.
"""
from ndgpu import _core
from ndgpu._core import (  # noqa: F401
    Device,
    Event,
    MemoryPool,
    OutOfMemoryError,
    Stream,
    get_elapsed_time,
)

_default_pool = MemoryPool()


def get_default_memory_pool():
    return _default_pool


def is_available():
    """True when a CUDA GPU can be used."""
    return _core.cuda_device_count() > 0


def get_current_stream():
    return Stream(null=True)


class runtime:  # noqa: N801 - CuPy's spelling
    @staticmethod
    def getDeviceCount():  # noqa: N802
        return _core.cuda_device_count()
