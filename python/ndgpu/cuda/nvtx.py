"""ndgpu.cuda.nvtx: NVTX ranges and marks for Nsight (no-ops without a profiler)."""
from ndgpu._core import _nvtx_mark as Mark  # noqa: F401,N812
from ndgpu._core import _nvtx_range_pop as RangePop  # noqa: F401,N812
from ndgpu._core import _nvtx_range_push as RangePush  # noqa: F401,N812

MarkC = Mark
RangePushC = RangePush
