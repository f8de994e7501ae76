"""ndgpu.cuda.graph: CuPy's cupy.cuda.graph (graphs made by Stream.begin_capture/end_capture;
CUDA backend only)."""
from ndgpu._core import Graph  # noqa: F401
