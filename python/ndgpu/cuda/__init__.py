"""ndgpu.cuda: devices (and, with the CUDA backend, streams and memory pools), named as CuPy's.

Device(n) is device n of the active backend: a GPU, or a virtual CPU device
(NDGPU_CPU_DEVICES=N) when no GPU is present.
"""
from ndgpu._core import Device  # noqa: F401
from ndgpu import _core


def is_available():
    """True when a CUDA GPU can be used."""
    return _core.cuda_device_count() > 0


class runtime:  # noqa: N801 - CuPy's spelling
    @staticmethod
    def getDeviceCount():  # noqa: N802
        return _core.cuda_device_count()
