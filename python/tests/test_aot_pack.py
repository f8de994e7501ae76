"""The ahead-of-time kernel pack: a fresh process's first ``a + b`` and ``a.sum()`` on a GPU
load prebuilt cubins and compile nothing (docs/architecture.md, "Ahead-of-time kernels")."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import ndgpu as cp

ON_CUDA = cp._core.backend_name() != "cpu"
PACK = os.path.join(os.path.dirname(cp.__file__), "aot_kernels.pack")

FIRST_CALLS = r"""
import json
import numpy as np
import ndgpu
h1 = np.linspace(-3, 5, 1000, dtype=np.float32)
h2 = np.linspace(2, 9, 1000, dtype=np.float32)[::-1].copy()
a, b = ndgpu.asarray(h1), ndgpu.asarray(h2)
c = a + b
s = a.sum()
stats = ndgpu._core._kernel_cache_stats()
print("RESULT " + json.dumps({"stats": stats, "add": ndgpu.asnumpy(c).tolist(),
                              "sum": float(ndgpu.asnumpy(s))}))
"""


def test_cache_stats_count_pack_hits():
    stats = cp._core._kernel_cache_stats()
    assert {"compiles", "disk_hits", "memory_hits", "damaged", "pack_hits"} <= set(stats)


@pytest.mark.skipif(not ON_CUDA, reason="the pack holds CUDA cubins")
def test_fresh_process_first_add_and_sum_compile_nothing(tmp_path):
    assert os.path.exists(PACK), "the build did not install " + PACK
    env = dict(os.environ)
    env["NDGPU_CACHE_DIR"] = str(tmp_path)  # empty: only the pack can serve
    env.pop("NDGPU_AOT_PACK", None)
    out = subprocess.run([sys.executable, "-c", FIRST_CALLS], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")][-1]
    res = json.loads(line[len("RESULT "):])
    assert res["stats"]["compiles"] == 0, res["stats"]
    assert res["stats"]["pack_hits"] >= 2, res["stats"]
    h1 = np.linspace(-3, 5, 1000, dtype=np.float32)
    h2 = np.linspace(2, 9, 1000, dtype=np.float32)[::-1].copy()
    np.testing.assert_array_equal(np.array(res["add"], dtype=np.float32), h1 + h2)
    np.testing.assert_allclose(res["sum"], float(h1.sum()), rtol=1e-5)


@pytest.mark.skipif(not ON_CUDA, reason="the pack holds CUDA cubins")
def test_fresh_process_random_first_calls_compile_nothing(tmp_path):
    # The CPU pack's test's calls: array parameters and a 2-D size, served by 1-D kernels.
    from test_cpu_aot_pack import RANDOM_CALLS
    script = ("import json\n" + RANDOM_CALLS +
              "out = {k: cp.asnumpy(f()).tolist() for k, f in calls.items()}\n"
              "print('RESULT ' + json.dumps([cp._core._kernel_cache_stats(), out]))\n")
    env = dict(os.environ, NDGPU_CACHE_DIR=str(tmp_path))
    env.pop("NDGPU_AOT_PACK", None)
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")][-1]
    stats, values = json.loads(line[len("RESULT "):])
    assert stats["compiles"] == 0, stats
    assert stats["pack_hits"] >= 5, stats
    here = {}
    exec(RANDOM_CALLS, here)
    for name, call in here["calls"].items():
        want = cp.asnumpy(call())
        np.testing.assert_array_equal(np.asarray(values[name], dtype=want.dtype), want,
                                      err_msg=name)
