"""docs/missing_from_cupy.md is what scripts/missing_api.py writes now, and the script's
lists are right about names ndgpu has."""
import os
import subprocess
import sys

import ndgpu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import missing_api  # noqa: E402


def test_page_is_current():
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(ndgpu.__file__)))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "missing_api.py"),
                        "--check"], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr


def test_names_ndgpu_has_are_not_listed_and_names_it_lacks_are():
    found = missing_api.missing()
    assert "sum" not in found["ndgpu"] and "ElementwiseKernel" not in found["ndgpu"]
    assert "norm" not in found["ndgpu.linalg"]
    assert "ndenumerate" in found["ndgpu"] and not hasattr(ndgpu, "ndenumerate")
    assert "jit" in found["ndgpu.cupyx"]
