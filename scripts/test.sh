#!/usr/bin/env bash
# The whole test suite on the CPU backend: builds the library, the C++ tests and the Python
# module in build/dev, runs GoogleTest and pytest. Every generated kernel is also compiled
# with NVRTC for sm_90 (when the CUDA toolkit's NVRTC is present), so a kernel that would not
# compile on a GPU fails here too. Prerequisites come from scripts/setup.sh (run first).
# Usage: bash scripts/test.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

jobs=$(nproc)
# Through ccache when it is installed: scripts/wheel_check.sh then reuses these objects.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$(pwd)"
fi
cmake -S . -B build/dev -G Ninja -DCMAKE_BUILD_TYPE=Release -DNDGPU_BUILD_TESTS=ON "${launcher[@]}" \
  >/dev/null
ninja -C build/dev -j"$jobs"

# A fresh kernel cache: every kernel the suites generate is compiled (and NVRTC-checked).
export NDGPU_CACHE_DIR="${NDGPU_CACHE_DIR:-$(mktemp -d)}"
if ldconfig -p 2>/dev/null | grep -q libnvrtc || ls /usr/local/cuda/lib64/libnvrtc.so* >/dev/null 2>&1; then
  export NDGPU_NVRTC_CHECK=1
  export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}/usr/local/cuda/lib64"
fi

# The C++ tests have no Python module to point the CPU backend at its BLAS: name it here.
NDGPU_BLAS=$(python3 -c "import os, scipy_openblas32 as s; print(os.path.join(s.get_lib_dir(), 'libscipy_openblas.so'))")
export NDGPU_BLAS

echo "== C++ tests =="
build/dev/ndgpu_tests --gtest_brief=1

echo "== Python tests =="
PYTHONPATH=python python3 -m pytest python/tests -q -n "$jobs" "$@"
