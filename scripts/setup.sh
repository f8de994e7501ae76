#!/usr/bin/env bash
# Installs what building and testing ndgpu needs on a fresh Debian/Ubuntu machine: CMake,
# Ninja, g++, GoogleTest, clang-format and ccache (the wheel job reuses the test build's
# objects) with apt (only when one is missing), clang (the fuzzers), KissFFT's header when apt
# can install it, then NumPy, scipy-openblas32 (the CPU backend's BLAS), nanobind, pytest,
# pytest-xdist, mypy (the stubs' type check), scikit-build-core (the wheel job builds
# without isolation) and mpmath (cupyx.scipy.special's reference values) with pip.
# scripts/test.sh runs it first.
# Usage: bash scripts/setup.sh
set -euo pipefail

need() { command -v "$1" >/dev/null 2>&1; }
if ! need cmake || ! need ninja || ! need c++ || ! need clang-format || ! need ccache \
  || [ ! -e /usr/include/gtest/gtest.h ]; then
  sudo=""
  if [ "$(id -u)" != 0 ] && need sudo; then sudo=sudo; fi
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq cmake ninja-build g++ libgtest-dev clang-format ccache >/dev/null
fi
# clang with libFuzzer for scripts/fuzz.sh (the fuzz targets of fuzz/).
if ! need clang++ && need apt-get; then
  sudo=""
  if [ "$(id -u)" != 0 ] && need sudo; then sudo=sudo; fi
  $sudo apt-get update -qq && $sudo apt-get install -y -qq clang >/dev/null
fi
# KissFFT's header (BSD-3-Clause) for the CPU backend's FFT; optional: a machine without apt
# builds without it, and the CPU backend's FFT then raises a clear error.
if [ ! -e /usr/include/kissfft/kissfft.hh ] && need apt-get; then
  sudo=""
  if [ "$(id -u)" != 0 ] && need sudo; then sudo=sudo; fi
  { $sudo apt-get update -qq && $sudo apt-get install -y -qq libkissfft-dev >/dev/null; } 2>&1 \
    || echo "setup.sh: libkissfft-dev not installed: no FFT on the CPU backend" >&2
fi
python3 -m pip install -q --disable-pip-version-check numpy scipy-openblas32 nanobind pytest \
  pytest-xdist mypy scikit-build-core mpmath 2>&1 \
  | grep -v "Running pip as the 'root' user" || true
