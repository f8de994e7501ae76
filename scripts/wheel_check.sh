#!/usr/bin/env bash
# CI's wheel job: builds a wheel with `pip wheel . --no-deps` (scikit-build-core; the compiles
# go through ccache with the compiler and include paths of build/dev, so they are the test
# build's objects, and in build/<wheel tag> as pyproject.toml sets, so a rerun is quick),
# installs it into a fresh virtual environment, runs from it (outside the checkout, so nothing
# of the source tree is imported) the seed's examples, show_config(), the import and first
# `a + b` times (scripts/first_use_times.py) and the type check, and prints each step's time.
# In CI the ahead-of-time kernel pack and CUB's library are left out (they need NVRTC/nvcc and
# minutes; the CPU backend uses neither); WHEEL_FULL=1 keeps them.
# OFFLINE=1 (a machine without network, e.g. the GPU machine): nothing is fetched. The build
# needs scikit-build-core and nanobind installed; the venv sees this Python's packages (NumPy,
# NVIDIA's wheels; also when python3 is itself a venv, as on the GPU machine); the wheel
# installs with --no-index, its dependencies from those packages or from wheels in
# $WHEELHOUSE (default .whl/ in the checkout); a dependency found in neither (the GPU machine
# lacks scipy-openblas32) is reported and ndgpu installed without it (--no-deps). The type
# check runs only when mypy is installed. WHEEL_DIR=folder keeps a copy of the wheel there.
# Usage: [OFFLINE=1] [WHEELHOUSE=dir] [WHEEL_FULL=1] [WHEEL_DIR=dist] bash scripts/wheel_check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
offline=${OFFLINE:-0}

settings=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$repo" CCACHE_STATSLOG="$work/ccache.log"
  settings+=(-C cmake.define.CMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# ccache keys on the compiler's name: the one CMake picks for build/dev (c++), not g++.
export CXX=${CXX:-c++}
# The installed scikit-build-core and nanobind (scripts/setup.sh): an isolated build would put
# nanobind's headers in a new temporary folder each time, and ccache would miss.
wheel_args=()
if python3 -c "import scikit_build_core, nanobind" 2>/dev/null; then
  wheel_args=(--no-build-isolation)
elif [ "$offline" = 1 ]; then
  echo "wheel_check: OFFLINE=1 builds without isolation: install scikit-build-core and" \
    "nanobind into $(command -v python3) (or carry their wheels)" >&2
  exit 1
fi
if [ "${WHEEL_FULL:-0}" != 1 ]; then
  settings+=(-C "cmake.define.NDGPU_AOT_ARCHS=" -C cmake.define.NDGPU_BUILD_CUB=OFF)
fi
venv_args=() install_args=()
if [ "$offline" = 1 ]; then
  wheel_args+=(--no-index)
  venv_args=(--system-site-packages) install_args=(--no-index)
  wheelhouse=${WHEELHOUSE:-$repo/.whl}
  if [ -d "$wheelhouse" ]; then install_args+=(--find-links "$wheelhouse"); fi
fi

step() { printf '== %s: %ss\n' "$1" "$(($(date +%s) - $2))"; }
t=$(date +%s)
python3 -m pip wheel . --no-deps "${wheel_args[@]}" -w "$work/dist" "${settings[@]}" 2>&1 \
  | tail -n 3
step "pip wheel" "$t"
ls "$work"/dist/*.whl
if [ -n "${WHEEL_DIR:-}" ]; then mkdir -p "$WHEEL_DIR" && cp "$work"/dist/*.whl "$WHEEL_DIR"/; fi
if [ -e "$work/ccache.log" ]; then
  echo "ccache: $(grep -cE '^(direct|preprocessed)_cache_hit$' "$work/ccache.log" || true)" \
    "compiles found, $(grep -c '^cache_miss$' "$work/ccache.log" || true) compiled"
fi

t=$(date +%s)
py="$work/venv/bin/python"
pip=("$py" -m pip)
if ! python3 -m venv "${venv_args[@]}" "$work/venv" 2>"$work/venv.err"; then
  # A Python without ensurepip (Debian's without python3-venv): a venv without pip, into
  # which this Python's pip installs.
  cat "$work/venv.err" >&2
  rm -rf "$work/venv"
  python3 -m venv --without-pip "${venv_args[@]}" "$work/venv"
  pip=(python3 -m pip --python "$py")
fi
if [ "$offline" = 1 ]; then
  # --system-site-packages shows the base interpreter's packages only: when python3 is a venv
  # itself, its own site-packages (NumPy, NVIDIA's wheels) are added with a .pth file.
  python3 -c "import site; print('\n'.join(site.getsitepackages()))" \
    >"$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/_outer_site.pth"
fi
pip_install() { "${pip[@]}" install -q --disable-pip-version-check "$@"; }
if ! pip_install "${install_args[@]}" "$work"/dist/*.whl; then
  [ "$offline" = 1 ] || exit 1
  echo "wheel_check: a dependency above is neither installed nor in ${wheelhouse}: ndgpu" \
    "installed without it (--no-deps)"
  pip_install "${install_args[@]}" --no-deps "$work"/dist/*.whl
fi
if [ "$offline" != 1 ]; then pip_install mypy; fi
"$py" -c "import numpy" || { echo "wheel_check: NumPy is not importable in the venv" >&2; exit 1; }
step "install into a fresh venv" "$t"

t=$(date +%s)
# The seed's kernels from the user's kernel cache (the same source as the test build's).
(cd "$work" && NDGPU_CPU_DEVICES=2 "$py" "$repo/examples/seed_examples.py" >"$work/seed.txt")
tail -n 3 "$work/seed.txt"
(cd "$work" && "$py" - "$work" <<'PY'
import os, sys
import ndgpu
here = os.path.dirname(ndgpu.__file__)
assert here.startswith(sys.argv[1]), "ndgpu imported from " + here
for f in ("py.typed", "__init__.pyi", os.path.join("_core", "__init__.pyi")):
    assert os.path.exists(os.path.join(here, f)), f + " is not in the wheel"
print("wheel: ndgpu", ndgpu.__version__, "from", here, "with py.typed and stubs")
ndgpu.show_config()
PY
)
(cd "$work" && NDGPU_CACHE_DIR="$work/cache-first" "$py" "$repo/scripts/first_use_times.py")
step "seed examples, show_config and first use from the wheel" "$t"

t=$(date +%s)
if "$py" -c "import mypy" 2>/dev/null; then
  PATH="$work/venv/bin:$PATH" bash scripts/typecheck.sh --installed
  step "mypy against the installed stubs" "$t"
else
  echo "== no mypy in this Python: type check skipped"
fi
