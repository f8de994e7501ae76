"""cupyx.profiler.benchmark: CPU and per-device times of repeated calls, reported as CuPy's."""
import math
import time

import numpy

import ndgpu


class _PerfCaseResult:
    """name, cpu_times (seconds, one per run) and gpu_times (devices x runs), printed as
    CuPy prints them."""

    def __init__(self, name, cpu_times, gpu_times, devices):
        self.name = name
        self.cpu_times = numpy.asarray(cpu_times, dtype=numpy.float64)
        self.gpu_times = numpy.asarray(gpu_times, dtype=numpy.float64).reshape(len(devices), -1)
        self.devices = devices

    @staticmethod
    def _to_str_per_item(device_name, t):
        us = t * 1e6
        s = "    {}: {:9.03f} us".format(device_name, us.mean())
        if t.size > 1:
            s += "   +/- {:6.03f} (min: {:9.03f} / max: {:9.03f}) us".format(
                us.std(), us.min(), us.max())
        return s

    def to_str(self, show_gpu=False):
        items = [self._to_str_per_item("CPU", self.cpu_times)]
        if show_gpu:
            items += [self._to_str_per_item("GPU-{}".format(d), self.gpu_times[i])
                      for i, d in enumerate(self.devices)]
        return "{:<20s}:{}".format(self.name, " ".join(items))

    def __str__(self):
        return self.to_str(show_gpu=True)

    __repr__ = __str__


def benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10,  # noqa: B006
              max_duration=math.inf, devices=None):
    """Calls func(*args, **kwargs) n_warmup times, then up to n_repeat times (stopping once
    max_duration seconds have been spent), timing each call on the host and, with events on
    each device's current stream, on the devices (default: the current one)."""
    if devices is None:
        devices = (ndgpu.cuda.runtime.getDevice(),)
    for _ in range(n_warmup):
        func(*args, **kwargs)
    cpu_times, gpu_times = [], [[] for _ in devices]
    starts, ends = _events(devices), _events(devices)
    spent = 0.0
    for _ in range(n_repeat):
        for d, e in zip(devices, starts):
            with ndgpu.cuda.Device(d):
                e.record()
        t0 = time.perf_counter()
        func(*args, **kwargs)
        t1 = time.perf_counter()
        for i, (d, start, end) in enumerate(zip(devices, starts, ends)):
            with ndgpu.cuda.Device(d):
                end.record()
                end.synchronize()
                gpu_times[i].append(ndgpu.cuda.get_elapsed_time(start, end) * 1e-3)
        cpu_times.append(t1 - t0)
        spent += t1 - t0
        if spent >= max_duration:
            break
    return _PerfCaseResult(name or func.__name__, cpu_times, gpu_times, devices)


def _events(devices):
    out = []
    for d in devices:
        with ndgpu.cuda.Device(d):
            out.append(ndgpu.cuda.Event())
    return out
