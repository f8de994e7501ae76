"""ndgpu.cuda.memory: CuPy's cupy.cuda.memory names (allocation and allocators)."""
from ndgpu._core import (  # noqa: F401
    Memory,
    MemoryPointer,
    MemoryPool,
    OutOfMemoryError,
    UnownedMemory,
    alloc,
    get_allocator,
    set_allocator,
    using_allocator,
)

# ndgpu's pool is already stream-ordered (blocks freed on one stream are reused there first),
# so CuPy's cudaMallocAsync-backed pool is the same pool under its name.
MemoryAsyncPool = MemoryPool
