"""ndgpu.cupyx.scipy: SciPy's routines on ndgpu arrays, as cupyx.scipy (special so far)."""
from ndgpu.cupyx.scipy import special  # noqa: F401
