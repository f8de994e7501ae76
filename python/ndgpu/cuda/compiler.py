"""ndgpu.cuda.compiler: what a failed kernel compile raises. CuPy's CompileException is
ndgpu's CompileError (with the compiler's log and the generated source)."""
from ndgpu._core import CompileError as CompileException  # noqa: F401
