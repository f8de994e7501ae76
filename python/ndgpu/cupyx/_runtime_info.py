"""cupyx.get_runtime_info: a report of the versions and devices in use."""
import platform

import numpy

import ndgpu


class _RuntimeInfo:
    def __init__(self):
        rt = ndgpu.cuda.runtime
        self.ndgpu_version = ndgpu.__version__
        self.backend = ndgpu._core.backend_name()
        self.numpy_version = numpy.__version__
        self.python_version = platform.python_version()
        self.cuda_runtime_version = rt.runtimeGetVersion()
        self.cuda_driver_version = rt.driverGetVersion()
        self.devices = [rt.getDeviceProperties(i)["name"].decode()
                        for i in range(rt.getDeviceCount())]

    def __str__(self):
        rows = [("ndgpu Version", self.ndgpu_version), ("Backend", self.backend),
                ("NumPy Version", self.numpy_version), ("Python Version", self.python_version),
                ("CUDA Runtime Version", self.cuda_runtime_version),
                ("CUDA Driver Version", self.cuda_driver_version),
                ("Device Count", len(self.devices))]
        rows += [("Device %d Name" % i, name) for i, name in enumerate(self.devices)]
        return "".join("%-26s: %s\n" % row for row in rows)


def get_runtime_info(full=True):
    return _RuntimeInfo()
