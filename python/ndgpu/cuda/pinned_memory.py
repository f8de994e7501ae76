"""ndgpu.cuda.pinned_memory: CuPy's page-locked host memory names."""
from ndgpu._core import (  # noqa: F401
    PinnedMemoryPointer,
    PinnedMemoryPool,
    alloc_pinned_memory,
    get_pinned_memory_allocator,
    set_pinned_memory_allocator,
)
