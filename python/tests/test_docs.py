"""Every `>>>` example in docs/*.md and the README runs and prints what the page says: each
page runs as a doctest in a fresh process on the CPU backend with two virtual devices."""
import glob
import os
import subprocess
import sys

import pytest

import ndgpu

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(ndgpu.__file__)))
PAGES = sorted(p for p in glob.glob(os.path.join(ROOT, "docs", "**", "*.md"), recursive=True)
               + [os.path.join(ROOT, "README.md")] if ">>>" in open(p).read())


def test_the_guide_has_examples():
    assert os.path.join(ROOT, "docs", "user_guide.md") in PAGES


@pytest.mark.parametrize("page", PAGES, ids=[os.path.relpath(p, ROOT) for p in PAGES])
def test_page_examples_print_what_the_page_says(page):
    env = dict(os.environ, NDGPU_DEVICE="cpu", NDGPU_CPU_DEVICES="2",
               PYTHONPATH=PYTHON_DIR + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "doctest", "-o", "NORMALIZE_WHITESPACE", "-o",
                        "ELLIPSIS", page], env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
