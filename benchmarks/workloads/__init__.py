"""Every workload of ../shared/BENCHMARKS.md, in its table's order."""
import fnmatch

from benchmarks.workloads import (bandwidth, cpu_numpy, fft, fresh, indexing, kernels, linalg,
                                  manipulation, math_rows, overhead, random, sorting, transfer,
                                  ufuncs)

_ORDERED = ["copy", "add", "mul_add", "fuse", "sum", "sum_axis0", "sum_axis1", "norm", "gather",
            "bool_mask", "concatenate", "transpose", "where", "astype_f16", "pow2", "power_2_5", "sin",
            "arctan2", "mod", "clip", "ufunc_sweep_f32", "ufunc_sweep_f64"] + [
            w.name for w in math_rows.WORKLOADS] + [
            "squared_diff", "l2norm", "raw_add", "compile_ewk",
            "compile_ewk_nvrtc", "compile_rk", "compile_rk_nvrtc", "compile_raw",
            "first_add", "first_sum", "dispatch_add", "dispatch_sin", "dispatch_sum", "slice_view",
            "reshape_view", "small_gather", "item_float", "empty",
            "matmul_f32", "matmul_f16", "matmul_batched", "solve_f64", "svd_f32", "svd_f64",
            "eigh_f32", "eigh_f64", "inv_batched", "eigh_batched",
            "einsum_batched", "random_normal",
            "random_normal_rng", "random_uniform", "random_uniform_rng", "sort_f32", "argsort_f32",
            "cumsum_f32", "unique_i32", "searchsorted_f32", "median_axis1", "histogram_f32",
            "sort_cpu", "argsort_cpu", "fft_c64", "rfft2_f32", "fft_batch", "fft_cpu_c128", "h2d",
            "d2h", "import"] + [w.name for w in cpu_numpy.WORKLOADS]

_ALL = {w.name: w
        for m in (bandwidth, indexing, manipulation, kernels, fresh, overhead, random, transfer,
                  linalg, sorting, fft, ufuncs, math_rows, cpu_numpy)
        for w in m.WORKLOADS}
assert sorted(_ALL) == sorted(_ORDERED), set(_ALL) ^ set(_ORDERED)
WORKLOADS = [_ALL[n] for n in _ORDERED]


def select(names):
    """The workloads named (comma-separated names or fnmatch patterns such as f64_*; empty
    means all), in table order."""
    if not names:
        return list(WORKLOADS)
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in wanted if not fnmatch.filter(_ORDERED, n)]
    if unknown:
        raise SystemExit("unknown workload(s): %s; known: %s" % (", ".join(unknown),
                                                                 ", ".join(_ORDERED)))
    return [w for w in WORKLOADS if any(fnmatch.fnmatchcase(w.name, n) for n in wanted)]
