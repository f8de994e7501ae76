"""cupy.fft.config: the current device's FFT plan cache (cuFFT plans on CUDA, KissFFT plans
on the CPU backend), least recently used plans dropped first."""
from ndgpu import _core

_UNCHANGED = -2


class PlanCache:
    """The plan cache of the device current when a method is called (CuPy's PlanCache)."""

    def _info(self, size=_UNCHANGED, memsize=_UNCHANGED, clear=False):
        return _core._fft_plan_cache(size, memsize, clear)

    def get_size(self):
        return self._info()["max_size"]

    def set_size(self, size):
        """How many plans are kept; 0 disables the cache."""
        self._info(size=int(size))

    def get_curr_size(self):
        return self._info()["size"]

    def get_memsize(self):
        return self._info()["max_memsize"]

    def set_memsize(self, size):
        """The most bytes of work area the kept plans may need; -1 means no limit."""
        self._info(memsize=int(size))

    def get_curr_memsize(self):
        return self._info()["memsize"]

    def clear(self):
        self._info(clear=True)

    def show_info(self):
        info = self._info()
        print("------------------- ndgpu.fft plan cache -------------------")
        print(f"cache enabled? {info['max_size'] != 0}")
        print(f"current / max size   : {info['size']} / {info['max_size']} (counts)")
        print(f"current / max memsize: {info['memsize']} / {info['max_memsize']} (bytes)")
        print("cached plans (most recently used first):")
        for line in info["plans"]:
            print(f"  {line}")

    def __len__(self):
        return self.get_curr_size()


_cache = PlanCache()


def get_plan_cache():
    """The current device's plan cache."""
    return _cache


def clear_plan_cache():
    _cache.clear()


def get_plan_cache_size():
    return _cache.get_size()


def set_plan_cache_size(size):
    _cache.set_size(size)


def get_plan_cache_max_memsize():
    return _cache.get_memsize()


def set_plan_cache_max_memsize(size):
    _cache.set_memsize(size)


def show_plan_cache_info():
    """Prints the current device's plan cache."""
    _cache.show_info()


enable_nd_planning = True
use_multi_gpus = False
