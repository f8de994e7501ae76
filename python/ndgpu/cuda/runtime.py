"""ndgpu.cuda.runtime: CuPy's runtime API names over the active backend. On the CPU backend
the virtual devices (NDGPU_CPU_DEVICES) are the devices, and the CUDA versions are 0."""
from ndgpu._core import CUDARuntimeError  # noqa: F401
from ndgpu._core import _rt_device_synchronize as deviceSynchronize  # noqa: F401,N812
from ndgpu._core import _rt_driver_get_version as driverGetVersion  # noqa: F401,N812
from ndgpu._core import _rt_get_device as getDevice  # noqa: F401,N812
from ndgpu._core import _rt_get_device_count as getDeviceCount  # noqa: F401,N812
from ndgpu._core import _rt_get_device_properties as getDeviceProperties  # noqa: F401,N812
from ndgpu._core import _rt_mem_get_info as memGetInfo  # noqa: F401,N812
from ndgpu._core import _rt_runtime_get_version as runtimeGetVersion  # noqa: F401,N812
from ndgpu._core import _rt_set_device as setDevice  # noqa: F401,N812

is_hip = False
