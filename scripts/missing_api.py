"""Writes docs/missing_from_cupy.md: the names CuPy has that ndgpu does not yet.

CuPy is not installed where this runs, so CuPy's surface is approximated: NumPy's public names
in numpy, numpy.linalg, numpy.fft and numpy.random (CuPy mirrors them nearly completely),
less the NumPy names CuPy does not have either (listed below), plus the CuPy-only names
listed below. `python/tests/test_missing_api.py` checks the page is current.
Usage: PYTHONPATH=python python3 scripts/missing_api.py [--check]
"""
import importlib
import os
import sys

from generated_page import write_or_check

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "missing_from_cupy.md")

NAMESPACES = (("ndgpu", "numpy"), ("ndgpu.linalg", "numpy.linalg"), ("ndgpu.fft", "numpy.fft"),
              ("ndgpu.random", "numpy.random"))

# NumPy names that CuPy does not offer either (datetimes, strings, records, masked arrays,
# matrices, NumPy's own build and error machinery).
NOT_IN_CUPY = {
    "numpy": """busday_count busday_offset busdaycalendar is_busday datetime_as_string
        datetime_data datetime64 timedelta64 char rec ma matrix asmatrix bmat memmap recarray
        record chararray nditer nested_iters frompyfunc add_docstring add_newdoc
        add_newdoc_ufunc setbufsize getbufsize seterrcall geterrcall ctypeslib emath dtypes
        f2py test show_runtime typing version lib strings core matlib object_ str_ bytes_
        void character flexible longdouble clongdouble float128 complex256 ScalarType sctypeDict typecodes
        get_include info errstate seterr geterr""",
    "numpy.random": """BitGenerator MT19937 PCG64 PCG64DXSM Philox SFC64 SeedSequence
        bit_generator mtrand test""",
    "numpy.linalg": "test",
    "numpy.fft": "test",
}

# CuPy's names that NumPy does not have, by CuPy namespace (ndgpu's namespace to look in).
CUPY_ONLY = {
    "ndgpu": """asnumpy get_array_module ElementwiseKernel ReductionKernel RawKernel RawModule
        fuse memoize clear_memo get_default_memory_pool get_default_pinned_memory_pool
        is_available fromDlpack cuda testing""",
    "ndgpu.cuda": """Device Stream ExternalStream Event get_elapsed_time get_current_stream
        MemoryPool MemoryAsyncPool PinnedMemoryPool MemoryPointer Memory ManagedMemory alloc
        alloc_pinned_memory malloc_managed set_allocator get_allocator using_allocator
        set_pinned_memory_allocator get_device_id runtime driver nvtx profiler compiler memory
        pinned_memory stream graph texture cub thrust nccl cufft cublas cusolver cusparse
        curand Function Module is_available get_local_runtime_version""",
    "ndgpu.cupyx": """scatter_add scatter_max scatter_min rsqrt empty_pinned empty_like_pinned
        zeros_pinned zeros_like_pinned errstate get_runtime_info profiler jit scipy
        optimizing time distributed lapack linalg""",
    "ndgpu.cupyx.scipy": """fft fftpack interpolate linalg ndimage signal sparse spatial special
        stats""",
    "ndgpu.cupyx.scipy.special": """erf erfc erfcx erfinv erfcinv ndtr ndtri log_ndtr expit logit
        log_expit gammaln gamma digamma psi i0 i0e i1 i1e j0 j1 y0 y1 entr rel_entr xlogy xlog1py
        yn k0 k0e k1 k1e polygamma loggamma multigammaln zeta zetac beta betaln betainc
        betaincinv gammainc gammaincc gammaincinv gammainccinv softmax log_softmax logsumexp
        kl_div huber pseudo_huber exp1 expi expn lpmv sph_harm ellipk ellipkm1 ellipj binom
        boxcox boxcox1p inv_boxcox inv_boxcox1p exp10 rgamma poch""",
}


def public(module):
    return {n for n in dir(module) if not n.startswith("_")}


def missing():
    import ndgpu
    result = {}
    for ours_name, theirs_name in NAMESPACES:
        ours = importlib.import_module(ours_name)
        theirs = importlib.import_module(theirs_name)
        skip = set(NOT_IN_CUPY.get(theirs_name, "").split())
        result[ours_name] = sorted(n for n in public(theirs) - skip if not hasattr(ours, n))
    for ours_name, names in CUPY_ONLY.items():
        ours = importlib.import_module(ours_name) if ours_name != "ndgpu" else ndgpu
        gone = sorted(n for n in names.split() if not hasattr(ours, n))
        result[ours_name] = sorted(set(result.get(ours_name, [])) | set(gone))
    return result


def page():
    lines = [
        "# What CuPy has that ndgpu does not yet",
        "",
        "Written by `scripts/missing_api.py` (CI checks it is current: "
        "`python/tests/test_missing_api.py`); run it again after adding a name.",
        "",
        "CuPy is not installed where the script runs, so CuPy's surface is approximated: "
        "NumPy's public names in `numpy`, `numpy.linalg`, `numpy.fft` and `numpy.random` "
        "(which CuPy mirrors nearly completely), less the NumPy names CuPy lacks too "
        "(datetimes, strings, records, masked arrays, matrices: the script lists them), plus "
        "the CuPy-only names the script lists (kernels, `cupy.cuda`, `cupyx`, the subpackages "
        "of `cupyx.scipy` and the main functions of `cupyx.scipy.special`). Other subpackages "
        "are one entry each: `cupyx.scipy.ndimage`, `cupyx.jit`, `cupy.cuda.texture`, ... "
        "NumPy's names come from the installed NumPy, so the page follows it.",
        "",
    ]
    for namespace, names in missing().items():
        cupy_name = namespace.replace("ndgpu.cupyx", "cupyx").replace("ndgpu", "cupy")
        lines.append(f"## `{cupy_name}` ({len(names)})")
        lines.append("")
        lines.append(", ".join(f"`{n}`" for n in names) if names else "Nothing.")
        lines.append("")
    return "\n".join(lines)


def main():
    write_or_check(PAGE, page())


if __name__ == "__main__":
    main()
