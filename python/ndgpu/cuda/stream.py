"""ndgpu.cuda.stream: CuPy's cupy.cuda.stream module (streams and events)."""
from ndgpu._core import Event, Stream, get_current_stream, get_elapsed_time  # noqa: F401
