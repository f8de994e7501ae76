"""cp.show_config() and the search for NVIDIA's pip wheels (docs/cuda_backend.md)."""
import math
import os
import shutil
import subprocess
import sys

import pytest

import ndgpu as cp


def test_show_config_names_every_library(capsys):
    cp.show_config()
    text = capsys.readouterr().out
    assert text.startswith("ndgpu ")
    for name in ("libcuda", "NVRTC", "cuBLAS", "cuSOLVER", "cuFFT", "cuRAND", "CPU BLAS",
                 "CPU FFT"):
        assert f"  {name}:" in text
    report = {name: path for name, path, _, _ in cp._core._library_report()}
    # The CPU backend's BLAS: the scipy-openblas32 wheel where it is installed, else the
    # system's OpenBLAS (as on the GPU machine).
    assert "blas" in os.path.basename(report["CPU BLAS"]).lower()


def test_a_wheel_in_site_packages_comes_before_the_toolkit(tmp_path):
    # A fake CUDA 13 wheel: site-packages/nvidia/cu13/lib/libcurand.so.10, a copy of a small
    # shared library (any loads: show_config only opens it; a copy, since the loader would
    # hand back an already loaded file under its first name).
    if not getattr(math, "__file__", None):
        pytest.skip("math is built into this Python: no small shared library to copy")
    site = tmp_path / "site-packages"
    lib = site / "nvidia" / "cu13" / "lib"
    lib.mkdir(parents=True)
    shutil.copy(math.__file__, lib / "libcurand.so.10")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import ndgpu as cp; "
            "print(dict((n, p) for n, p, _, _ in cp._core._library_report())['cuRAND'])")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    env.pop("NDGPU_CURAND", None)
    out = subprocess.run([sys.executable, "-c", code, str(site)], env=env, check=True,
                         capture_output=True, text=True).stdout.strip()
    assert out == str(lib / "libcurand.so.10")
