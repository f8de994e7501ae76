"""The libraries under test (ndgpu, CuPy, PyTorch) behind one small adapter.

An adapter knows how to synchronize its device, create a GPU timer, move a host array onto
its device, and release cached memory. Workloads branch on ``lib.name`` only where the APIs
really differ (PyTorch); CuPy and ndgpu share the CuPy API through ``lib.xp``.
"""
import gc
import os
import sys

import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY_DIR = os.path.join(REPO, "python")

ORDER = ("cupy", "torch", "ndgpu")  # peers first: an ndgpu crash must not lose their numbers
LABELS = {"cupy": "CuPy", "torch": "PyTorch", "ndgpu": "ndgpu"}


class NotApplicable(Exception):
    """The workload has no equivalent in this library (shown as a dash, not as n/a)."""


def subprocess_env(extra=None):
    """Environment for fresh-process probes: ndgpu's dev build importable, caches untouched."""
    env = dict(os.environ)
    paths = [PY_DIR] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    env.update(extra or {})
    return env


def ensure_ndgpu_path():
    if PY_DIR not in sys.path:
        sys.path.insert(0, PY_DIR)


class Lib:
    name = "?"

    def __init__(self, module):
        self.xp = module
        self.timer_kind = "wall+sync"
        self.version = getattr(module, "__version__", "?")

    # --- device -------------------------------------------------------------------------
    def sync(self):
        raise NotImplementedError

    def device_name(self):
        return "?"

    def free(self):
        gc.collect()

    # --- data ---------------------------------------------------------------------------
    def from_host(self, h):
        return self.xp.asarray(h)

    def to_host(self, d):
        return self.xp.asnumpy(d)

    # --- timing -------------------------------------------------------------------------
    def events(self):
        """A (start, end, elapsed_ms) triple of GPU events, or None for wall clock."""
        return None


class CupyLib(Lib):
    name = "cupy"

    def __init__(self, module):
        super().__init__(module)
        self.timer_kind = "cuda-event"

    def sync(self):
        self.xp.cuda.Device().synchronize()

    def device_name(self):
        try:
            props = self.xp.cuda.runtime.getDeviceProperties(self.xp.cuda.Device().id)
            name = props["name"]
            return name.decode() if isinstance(name, bytes) else str(name)
        except Exception as e:  # noqa: BLE001
            return "? (%s)" % e

    def free(self):
        gc.collect()
        self.xp.get_default_memory_pool().free_all_blocks()
        self.xp.get_default_pinned_memory_pool().free_all_blocks()

    def events(self):
        cuda = self.xp.cuda
        return cuda.Event(), cuda.Event(), cuda.get_elapsed_time


class TorchLib(Lib):
    name = "torch"

    def __init__(self, module):
        super().__init__(module)
        if not module.cuda.is_available():
            raise RuntimeError("torch.cuda.is_available() is False")
        self.timer_kind = "cuda-event"
        self.device = module.device("cuda")

    def sync(self):
        self.xp.cuda.synchronize()

    def device_name(self):
        return self.xp.cuda.get_device_name()

    def free(self):
        gc.collect()
        self.xp.cuda.empty_cache()

    def from_host(self, h):
        return self.xp.from_numpy(np.ascontiguousarray(h)).to(self.device)

    def to_host(self, d):
        return d.cpu().numpy()

    def events(self):
        ev = self.xp.cuda.Event
        return (ev(enable_timing=True), ev(enable_timing=True),
                lambda s, e: s.elapsed_time(e))


class NdgpuLib(Lib):
    name = "ndgpu"

    def __init__(self, module):
        super().__init__(module)
        self.backend = _ndgpu_backend(module)
        cuda = getattr(module, "cuda", None)
        self._has_events = (cuda is not None and hasattr(cuda, "Event")
                            and hasattr(cuda, "get_elapsed_time"))
        if self._has_events:
            try:  # an Event that cannot be created on this backend means wall clock
                s, e = cuda.Event(), cuda.Event()
                s.record()
                e.record()
                e.synchronize()
                cuda.get_elapsed_time(s, e)
                self.timer_kind = "ndgpu-event"
            except Exception:  # noqa: BLE001
                self._has_events = False

    def sync(self):
        self.xp.cuda.Device().synchronize()

    def device_name(self):
        return "%s backend, device %s" % (self.backend, self.xp.cuda.Device())

    def free(self):
        gc.collect()
        for getter in ("get_default_memory_pool", "get_default_pinned_memory_pool"):
            fn = getattr(self.xp, getter, None) or getattr(self.xp.cuda, getter, None)
            if fn is not None:
                try:
                    fn().free_all_blocks()
                except Exception:  # noqa: BLE001
                    pass

    def events(self):
        if not self._has_events:
            return None
        cuda = self.xp.cuda
        return cuda.Event(), cuda.Event(), cuda.get_elapsed_time


def _ndgpu_backend(module):
    core = getattr(module, "_core", None)
    b = getattr(core, "backend_name", None)
    try:
        return b() if callable(b) else str(b)
    except Exception:  # noqa: BLE001
        return "?"


def _import(name):
    if name == "ndgpu":
        ensure_ndgpu_path()
        import ndgpu
        return NdgpuLib(ndgpu)
    if name == "cupy":
        import cupy
        cupy.cuda.runtime.getDeviceCount()  # raises when no driver or no device
        return CupyLib(cupy)
    if name == "torch":
        import torch
        return TorchLib(torch)
    raise ValueError(name)


def load(names):
    """{name: Lib or error text} for each requested library, in ORDER."""
    out = {}
    for name in ORDER:
        if name not in names:
            continue
        try:
            out[name] = _import(name)
        except BaseException as e:  # noqa: BLE001 - ImportError, driver errors, SystemExit
            out[name] = "%s: %s" % (type(e).__name__, e)
    return out


# --- deterministic random inputs, identical for every library --------------------------
_HOST_CACHE = {}
_HOST_CACHE_MAX = 4


def host_random(n, dtype=np.float32, seed=0):
    """n random values in [0.5, 1.5) (no zeros, no denormals), cached across workloads."""
    key = (n, np.dtype(dtype).str, seed)
    arr = _HOST_CACHE.get(key)
    if arr is None:
        rng = np.random.default_rng(seed)
        arr = rng.random(n, dtype=np.float32)
        arr += np.float32(0.5)
        if np.dtype(dtype) != np.float32:
            arr = arr.astype(dtype)
        if len(_HOST_CACHE) >= _HOST_CACHE_MAX:
            _HOST_CACHE.pop(next(iter(_HOST_CACHE)))
        _HOST_CACHE[key] = arr
    return arr


def rand(lib, shape, dtype=np.float32, seed=0):
    """A device array of ``shape`` filled with host_random data (same values in every lib)."""
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    n = int(np.prod(shape))
    h = host_random(n, dtype, seed).reshape(shape)
    d = lib.from_host(h)
    lib.sync()
    return d
