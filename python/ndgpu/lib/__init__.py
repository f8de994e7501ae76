"""ndgpu.lib: CuPy's cupy.lib (stride_tricks)."""
from ndgpu.lib import stride_tricks  # noqa: F401
