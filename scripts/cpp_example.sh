#!/usr/bin/env bash
# The C++ package end to end: installs build/dev's library into a fresh prefix, builds
# examples/cpp against it with find_package(ndgpu), runs it on the CPU backend (two virtual
# devices) and compares its output with examples/cpp/expected_output.txt.
# Usage: bash scripts/cpp_example.sh (after build/dev is built, as scripts/test.sh does)
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install build/dev --prefix "$work/prefix" >/dev/null
cmake -S examples/cpp -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
ninja -C "$work/build" >/dev/null
NDGPU_DEVICE=cpu NDGPU_CPU_DEVICES=2 NDGPU_CACHE_DIR="$work/cache" "$work/build/seed_examples" \
  >"$work/output.txt"
diff -u examples/cpp/expected_output.txt "$work/output.txt"
echo "C++ example: output as expected"
