"""The CPU backend's ahead-of-time pack: a fresh process with an empty kernel cache runs its
first built-in calls on prebuilt shared objects, with no host compiler run, and they give
bit for bit what a run-time compile gives (docs/architecture.md, "Ahead-of-time kernels")."""
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import ndgpu as cp

PACK = os.path.join(os.path.dirname(cp.__file__), "cpu_kernels.pack")
pytestmark = [
    pytest.mark.skipif(cp._core.backend_name() != "cpu", reason="the CPU backend's pack"),
    pytest.mark.skipif(not os.path.exists(PACK), reason="built with NDGPU_CPU_AOT=OFF"),
]

# The inputs, made by the test and the child process alike.
INPUTS = """
rng = np.random.default_rng(7)
f64 = rng.standard_normal(1000)
f32 = rng.standard_normal(1000).astype(np.float32)
m64 = rng.standard_normal((64, 1000))
i1 = rng.integers(-1000, 1000, 1000, dtype=np.int32)
i2 = rng.integers(-1000, 1000, 1000, dtype=np.int32)
"""
# Each first call is timed alone; the results come back as raw bytes for an exact check.
FIRST_CALLS = """
import json, time
import numpy as np
import ndgpu as cp
""" + INPUTS + r"""
x, y, xf, m = cp.asarray(f64), cp.asarray(i1), cp.asarray(f32), cp.asarray(m64)
y2 = cp.asarray(i2)
calls = {
    "sin_f64": lambda: cp.sin(x),
    "add_i32": lambda: y + y2,
    "sum_axis1_f64": lambda: m.sum(axis=1),
    "exp_f32": lambda: cp.exp(xf),
    "max_f64": lambda: x.max(),
    "astype_f32": lambda: x.astype(cp.float32),
    "mul_scalar_f32": lambda: xf * 2.5,
    "sort_f64": lambda: cp.sort(x),
}
out = {}
for name, call in calls.items():
    t0 = time.perf_counter()
    r = cp.asnumpy(call())
    out[name] = {"ms": (time.perf_counter() - t0) * 1e3, "dtype": str(r.dtype),
                 "shape": list(r.shape), "bytes": r.tobytes().hex()}
print("RESULT " + json.dumps({"calls": out, "stats": cp._core._kernel_cache_stats()}))
"""


def run_script(script, cache_dir, **env_changes):
    """Runs `script` in a fresh process with the cache folder `cache_dir` (empty: only the
    pack can serve); returns its RESULT line's JSON and its stderr."""
    env = dict(os.environ)
    env.pop("NDGPU_CPU_AOT_PACK", None)
    env.pop("NDGPU_NVRTC_CHECK", None)  # its NVRTC compiles are no part of a first call
    env.update(NDGPU_CACHE_DIR=str(cache_dir), NDGPU_TRACE_COMPILE="1", **env_changes)
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):]), out.stderr


def run_first_calls(cache_dir, **env_changes):
    res, trace = run_script(FIRST_CALLS, cache_dir, **env_changes)
    arrays = {k: np.frombuffer(bytes.fromhex(v["bytes"]), dtype=v["dtype"]).reshape(v["shape"])
              for k, v in res["calls"].items()}
    return res, arrays, trace


def expected():
    v = {"np": np}
    exec(INPUTS, v)
    f64, f32, m64, i1, i2 = v["f64"], v["f32"], v["m64"], v["i1"], v["i2"]
    return {"sin_f64": np.sin(f64), "add_i32": i1 + i2, "sum_axis1_f64": m64.sum(axis=1),
            "exp_f32": np.exp(f32), "max_f64": np.array(f64.max()),
            "astype_f32": f64.astype(np.float32), "mul_scalar_f32": f32 * 2.5,
            "sort_f64": np.sort(f64)}


def time_bound_ms():
    # 20 ms on an idle machine; on a loaded one (CI's 2 cores shared by several builds) the
    # bound grows with the load per core, up to 10x.
    load = os.getloadavg()[0] / (os.cpu_count() or 1)
    return 20.0 * min(max(load, 1.0), 10.0)


def test_fresh_process_first_calls_compile_nothing(tmp_path):
    res, arrays, trace = run_first_calls(tmp_path / "first")
    assert res["stats"]["compiles"] == 0, (res["stats"], trace)
    assert res["stats"]["pack_hits"] >= 6, res["stats"]
    assert "ndgpu: compile " not in trace, trace
    for name, want in expected().items():
        assert arrays[name].dtype == want.dtype, name
        np.testing.assert_allclose(arrays[name], want, rtol=1e-6, atol=1e-9, err_msg=name)
    # One first call is one sample, and a stall of a shared machine can land on it (CI saw
    # exp_f32 at 55 ms once; 0.5 ms is usual): slow calls are timed again in up to two more
    # fresh processes, and each call's best time must be within the bound.
    best = {k: v["ms"] for k, v in res["calls"].items()}
    for attempt in (1, 2):
        if all(ms <= time_bound_ms() for ms in best.values()):
            break
        again, _, _ = run_first_calls(tmp_path / f"again{attempt}")
        assert again["stats"]["compiles"] == 0, again["stats"]
        best = {k: min(ms, again["calls"][k]["ms"]) for k, ms in best.items()}
    bound = time_bound_ms()
    slow = {k: round(ms, 1) for k, ms in best.items() if ms > bound}
    assert not slow, f"first calls over {bound:.0f} ms in three fresh processes: {slow}"


def test_pack_kernels_equal_run_time_compiles_bit_for_bit(tmp_path):
    packed, from_pack, _ = run_first_calls(tmp_path / "pack")
    # NDGPU_CPU_AOT_PACK="" disables the pack; the quick tier off makes every kernel compile.
    compiled, from_compiler, _ = run_first_calls(tmp_path / "compiled", NDGPU_CPU_AOT_PACK="",
                                                 NDGPU_QUICK_TIER="0")
    assert compiled["stats"]["pack_hits"] == 0 and compiled["stats"]["compiles"] >= 6
    assert packed["stats"]["compiles"] == 0
    for name in from_pack:
        assert from_pack[name].tobytes() == from_compiler[name].tobytes(), name


def test_another_compiler_command_skips_the_pack(tmp_path):
    # The compiler command is part of every key: the pack serves only the build's default.
    script = ("import json, numpy as np, ndgpu as cp\n"
              "r = cp.asnumpy(cp.sin(cp.asarray(np.arange(5.0))))\n"
              "print('RESULT ' + json.dumps([cp._core._kernel_cache_stats(), r.tolist()]))\n")
    (stats, values), _ = run_script(script, tmp_path, NDGPU_QUICK_TIER="0",
                                    NDGPU_CXX=shutil.which("c++") or "/usr/bin/c++")
    assert stats["pack_hits"] == 0 and stats["compiles"] == 1, stats
    np.testing.assert_allclose(values, np.sin(np.arange(5.0)), rtol=1e-15)


# Random first calls with array parameters (each element its own) and a 2-D size: the pack's
# 1-D kernels serve them (generate() hands kernels 1-D views).
RANDOM_CALLS = """
import numpy as np
import ndgpu as cp
g = cp.random.default_rng(5)
mu = cp.asarray(np.linspace(-1.0, 1.0, 600))
calls = {
    "normal": lambda: g.normal(mu, 0.5),
    "uniform_f32": lambda: g.uniform(0.0, mu + 2.0, dtype=np.float32),
    "poisson": lambda: g.poisson(mu * mu * 10.0),
    "exponential": lambda: g.exponential(mu + 2.0),
    "randn_2d": lambda: g.standard_normal((20, 30), dtype=np.float32),
}
"""


def test_fresh_process_random_array_parameters_compile_nothing(tmp_path):
    script = ("import json\n" + RANDOM_CALLS +
              "out = {k: cp.asnumpy(f()).tolist() for k, f in calls.items()}\n"
              "print('RESULT ' + json.dumps([cp._core._kernel_cache_stats(), out]))\n")
    (stats, values), trace = run_script(script, tmp_path)
    assert stats["compiles"] == 0, (stats, trace)
    assert stats["pack_hits"] >= 5, stats
    here = {}  # the same calls in this process, through its own cache
    exec(RANDOM_CALLS, here)
    for name, call in here["calls"].items():
        want = cp.asnumpy(call())
        np.testing.assert_array_equal(np.asarray(values[name], dtype=want.dtype), want,
                                      err_msg=name)
