"""docs/api_reference.md is what scripts/api_reference.py writes from the module now."""
import os
import subprocess
import sys

import ndgpu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_page_is_current_and_lists_signatures():
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(ndgpu.__file__)))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "api_reference.py"),
                        "--check"], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    with open(os.path.join(ROOT, "docs", "api_reference.md")) as f:
        text = f.read()
    assert "- `sum(a: object, axis: object | None = None," in text
    assert "- ufunc `add(x1, x2, /, out=None," in text
    assert "## `ndgpu.linalg`" in text and "- `norm(x, ord=None, axis=None" in text
