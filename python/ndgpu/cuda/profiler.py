"""ndgpu.cuda.profiler: the CUDA profiler's collection switch, and profile() for a block."""
import contextlib

from ndgpu._core import _profiler_start as start  # noqa: F401
from ndgpu._core import _profiler_stop as stop  # noqa: F401


@contextlib.contextmanager
def profile():
    """Collects profile data for the block (cuProfilerStart/Stop)."""
    start()
    try:
        yield
    finally:
        stop()
