"""cp.show_config() and the search for NVIDIA's pip wheels (docs/cuda_backend.md)."""
import math
import os
import re
import shutil
import subprocess
import sys

import pytest

import ndgpu as cp


LIBRARIES = ("libcuda", "NVRTC", "cuBLAS", "cuBLASLt", "cuSOLVER", "cuFFT", "cuRAND", "CUB",
             "CPU BLAS", "CPU FFT")


def test_show_config_reports_backend_devices_and_every_library(capsys):
    cp.show_config()
    text = capsys.readouterr().out
    config = cp._core._config()
    assert text.startswith(f"ndgpu {cp.__version__}\n")
    backend = cp._core.backend_name()
    n = cp.cuda.runtime.getDeviceCount()
    assert config.backend == backend and f"backend: {backend}, devices: {n}\n" in text
    assert [d.id for d in config.devices] == [f"{backend}:{i}" for i in range(n)]
    for i, d in enumerate(config.devices):
        assert d.memory_bytes == cp.cuda.Device(i).mem_info[1] > 0
        # CuPy's compute_capability is "90"; show_config writes "9.0" (none for a CPU device)
        cc = cp.cuda.Device(i).compute_capability if backend == "cuda" else ""
        assert d.compute_capability == (cc[:-1] + "." + cc[-1] if cc else "")
        assert f"  {d.id}: {d.name}" in text
    assert [lib.name for lib in config.libraries] == list(LIBRARIES)
    for lib in config.libraries:
        line = next(t for t in text.splitlines() if t.startswith(f"  {lib.name}:"))
        if lib.path:
            assert lib.path in line
        else:  # missing: the line says why, and the names tried are kept
            assert " - (" in line and lib.note and (lib.tried or "CPU" in lib.name)
        if lib.version:
            assert line.endswith(f", version {lib.version}") or \
                f", version {lib.version} (" in line


def test_versions_agree_with_the_files_they_come_from():
    libraries = {lib.name: lib for lib in cp._core._config().libraries}
    # A toolkit library's soname carries its major version (libcublas.so.13 is cuBLAS 13).
    for name in ("NVRTC", "cuBLAS", "cuBLASLt", "cuSOLVER", "cuFFT", "cuRAND"):
        match = re.search(r"\.so\.(\d+)", os.path.basename(libraries[name].path))
        if match:
            assert libraries[name].version.split(".")[0] == match.group(1), libraries[name]
    driver = libraries["libcuda"]
    if driver.path:
        assert re.fullmatch(r"\d+\.\d+", driver.version), driver
    # The CPU backend's BLAS: the scipy-openblas32 wheel where it is installed, else the
    # system's OpenBLAS (as on the GPU machine); its version as OpenBLAS reports it.
    blas = libraries["CPU BLAS"]
    assert "blas" in os.path.basename(blas.path).lower()
    try:
        import scipy_openblas32
    except ImportError:
        return
    if os.path.dirname(blas.path) == scipy_openblas32.get_lib_dir():
        assert blas.version == scipy_openblas32.get_openblas_config().split()[1]


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
            "print({lib.name: lib.path for lib in cp._core._config().libraries}['cuRAND'])")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    env.pop("NDGPU_CURAND", None)
    out = subprocess.run([sys.executable, "-c", code, str(site)], env=env, check=True,
                         capture_output=True, text=True).stdout.strip()
    assert out == str(lib / "libcurand.so.10")
