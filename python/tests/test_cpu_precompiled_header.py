"""The CPU backend's precompiled ndgpu/common.cuh (docs/architecture.md, "CPU"): the first
compile of a set of flags makes it in the background, and kernels compiled with it are the
very shared objects compiled without it."""
import glob
import json
import os
import subprocess
import sys
import time

import numpy as np
import pytest

import ndgpu as cp

pytestmark = pytest.mark.skipif(cp._core.backend_name() != "cpu", reason="the CPU backend's")

CALLS = """
import json
import numpy as np, ndgpu as cp
x = cp.arange(-3, 9, dtype=np.int16)
print("RESULT", json.dumps([cp.asnumpy(v).tolist() for v in (cp.cbrt(x), cp.exp2(x), x * x - 1)]))
"""


def run(cache, script, **env_changes):
    env = dict(os.environ)
    for name in ("NDGPU_NVRTC_CHECK", "NDGPU_CPU_PCH"):
        env.pop(name, None)
    # No pack: every call compiles.
    env.update(NDGPU_CACHE_DIR=str(cache), NDGPU_CPU_AOT_PACK="", **env_changes)
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")]
    return json.loads(lines[-1][len("RESULT "):]) if lines else None


def headers(cache):
    return glob.glob(str(cache / "include-*" / "ndgpu" / "common.cuh.gch" / "*.gch"))


def kernels(cache):
    return {os.path.basename(p): open(p, "rb").read()
            for p in glob.glob(str(cache / "kernels" / "*.bin"))}


def test_precompiled_header_changes_no_kernel(tmp_path):
    with_pch, without = tmp_path / "with", tmp_path / "without"
    run(with_pch, "import ndgpu as cp, numpy as np; cp.cbrt(cp.arange(3, dtype=np.int8))")
    deadline = time.time() + 300
    while not headers(with_pch) and time.time() < deadline:
        time.sleep(0.5)
    if not headers(with_pch):
        pytest.skip("the host compiler made no precompiled header (not GCC?)")
    got = run(with_pch, CALLS)
    plain = run(without, CALLS, NDGPU_CPU_PCH="0")
    assert not headers(without)
    x = np.arange(-3, 9, dtype=np.int16)
    want = [np.cbrt(x).tolist(), np.exp2(x).tolist(), (x * x - 1).tolist()]
    assert got == plain
    np.testing.assert_allclose(np.array(got[0]), want[0], rtol=1e-6)
    np.testing.assert_allclose(np.array(got[1]), want[1], rtol=1e-6)
    assert got[2] == want[2]
    a, b = kernels(with_pch), kernels(without)
    shared = set(a) & set(b)
    assert len(shared) >= 3, (sorted(a), sorted(b))
    for key in shared:
        assert a[key] == b[key], key
