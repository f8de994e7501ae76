#!/usr/bin/env bash
# The sanitizer lane (docs/reliability.md): builds the library, the C++ tests and the Python
# module with AddressSanitizer and UndefinedBehaviorSanitizer in build/asan (NDGPU_SANITIZE=ON,
# which also instruments the kernels the CPU backend compiles at run time), runs the suites
# under them and prints the error count of each run. Exit status non-zero when a suite fails
# or a sanitizer reports anything.
#
#   bash scripts/sanitize.sh [--ci] [extra pytest args]
#
#   (default)  the whole C++ suite and the whole Python suite
#   --ci       the whole C++ suite and a representative part of the Python suite (CI_TESTS
#              below): what CI runs, about 11.5 minutes on 2 cores, cold ccache
#
# Environment: BUILD_DIR (default build/asan), JOBS (build jobs, default: the number of CPUs),
# PYTEST_WORKERS (default: JOBS).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2

CI=0
PYTEST_ARGS=()
for arg in "$@"; do
  case "$arg" in
    --ci) CI=1 ;;
    -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
    *) PYTEST_ARGS+=("$arg") ;;
  esac
done

# The Python files CI runs: argument conversion, indexing, both kernel engines, raw kernels,
# reductions and ufuncs, copies and views (the code that handles user input and memory).
CI_TESTS=(test_reliability.py test_argument_audit.py test_indexing.py test_elementwise_kernel.py
  test_reduction_kernel.py test_raw_kernel.py test_views.py test_broadcast.py test_creation.py
  test_manipulation.py test_scans.py test_dimension_errors.py)

BUILD_DIR=${BUILD_DIR:-build/asan}
JOBS=${JOBS:-$(nproc)}
WORKERS=${PYTEST_WORKERS:-$JOBS}
LAUNCHER=()
command -v ccache >/dev/null && LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$(pwd)")}

# -O0: an instrumented -O1 compile takes twice the CPU time, and CI builds this from a cold
# ccache; -g1 gives line numbers. No CUB library and no ahead-of-time pack: the CPU backend
# needs neither. (Run-time kernels still compile at -O1: NDGPU_KERNEL_SANITIZE_FLAGS.)
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O0 -g1" \
  -DNDGPU_SANITIZE=ON -DNDGPU_BUILD_TESTS=ON -DNDGPU_BUILD_CUB=OFF -DNDGPU_AOT_ARCHS= \
  "${LAUNCHER[@]}" >/dev/null || exit 2
LOGS=$(mktemp -d "${TMPDIR:-/tmp}/ndgpu-sanitize.XXXXXX")

# mark_time, then elapsed: ELAPSED is the wall and CPU seconds (of this shell's children) since
# the mark. `times` runs in this shell: in a subshell its children's times start at zero.
mark_time() { MARK_WALL=$SECONDS; times >"$LOGS/times"; MARK_CPU=$(cpu_seconds); }
cpu_seconds() { tail -1 "$LOGS/times" | tr 'ms' '  ' | awk '{ printf "%d", $1*60+$2+$3*60+$4 }'; }
elapsed() {
  times >"$LOGS/times"
  ELAPSED="$((SECONDS - MARK_WALL)) s, $(($(cpu_seconds) - MARK_CPU)) s CPU"
}

mark_time
ninja -C "$BUILD_DIR" -j"$JOBS" ndgpu_tests _core || exit 2
elapsed
SUMMARY=("build: $ELAPSED")

# The Python package with the sanitized module: the sources linked, the module beside them.
PKG="$BUILD_DIR/python/ndgpu"
for f in python/ndgpu/*; do
  case "$(basename "$f")" in
    _core.*.so | *.pack | libndgpu_cub*.so | __pycache__) ;;
    *) ln -sfn "$(pwd)/$f" "$PKG/$(basename "$f")" ;;
  esac
done

export NDGPU_CACHE_DIR="$LOGS/cache"
NDGPU_BLAS=$(python3 -c "import os, scipy_openblas32 as s; print(os.path.join(s.get_lib_dir(), 'libscipy_openblas.so'))")
export NDGPU_BLAS
# Every report goes to a file per process (pytest workers and compilers included), so that
# reports are counted even when a process halts on its first one.
SAN_COMMON="halt_on_error=1:abort_on_error=0"
export UBSAN_OPTIONS="$SAN_COMMON:print_stacktrace=1"
# The suites ask for arrays too big to allocate on purpose (MemoryError): the allocator then
# returns null, as malloc does, instead of ASan aborting.
SAN_COMMON="$SAN_COMMON:allocator_may_return_null=1"
STATUS=0

# count_reports DIR: sanitizer reports written under DIR.
count_reports() {
  # LeakSanitizer's own fatal errors count too (its tracer crashing at exit, see below).
  cat "$1"/*.* 2>/dev/null |
    grep -cE '^==[0-9]+==ERROR: (Address|Leak)Sanitizer|runtime error:|LeakSanitizer has encountered a fatal error'
}

# run_suite NAME CMD...: CMD with its reports in $LOGS/NAME, then a line of counts.
run_suite() {
  local name=$1 dir="$LOGS/$1" rc
  shift
  mark_time
  mkdir -p "$dir"
  echo "== $name =="
  ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$dir/asan" UBSAN_OPTIONS="$UBSAN_OPTIONS:log_path=$dir/ubsan" \
    "$@" 2>&1 | tee "$dir/output.txt" | tail -25
  rc=${PIPESTATUS[0]}
  local reports
  reports=$(count_reports "$dir")
  echo "== $name: exit status $rc, $reports sanitizer report(s)"
  if [ "$reports" != 0 ]; then
    for f in "$dir"/asan.* "$dir"/ubsan.*; do
      [ -f "$f" ] && { echo "-- $f"; head -40 "$f"; }
    done | head -120
  fi
  [ "$rc" = 0 ] && [ "$reports" = 0 ] || STATUS=1
  elapsed
  SUMMARY+=("$name: exit status $rc, $reports sanitizer report(s), $ELAPSED")
}

# C++: leaks are checked too (the suite owns every allocation it makes). Without
# intercept_tls_get_addr=0 LeakSanitizer's tracer crashes at exit (signal 11) after a run that
# compiled its kernels: GCC 12's libsanitizer takes a dynamic TLS block of a loaded kernel (its
# thread_local __shared__ arrays and thread indices) that starts 16 bytes into a page for a
# glibc 2.19 block header and reads a bogus range from before it ("DTLS 112 at 0xe36-
# 0x1c00001f38" on 2026-12-02). Kernels' TLS then goes unscanned; they keep no heap pointers there.
ASAN_OPTIONS="$SAN_COMMON:detect_leaks=1:intercept_tls_get_addr=0" \
  run_suite cpp "$BUILD_DIR/ndgpu_tests" --gtest_brief=1

# Python: libasan must be the process's first library (LD_PRELOAD), and pymalloc is bypassed
# so that ASan sees Python's objects. Leaks are not checked: CPython and NumPy keep interned
# objects and module state until exit by design, which LeakSanitizer reports by the thousand.
LIBASAN=$(c++ -print-file-name=libasan.so)
# libstdc++ preloaded too: otherwise ASan's __cxa_throw interceptor finds no real __cxa_throw
# (python itself does not link libstdc++) and the first C++ exception aborts the process.
LIBSTDCXX=$(c++ -print-file-name=libstdc++.so)
TESTS=(python/tests)
if [ "$CI" = 1 ]; then
  TESTS=()
  for t in "${CI_TESTS[@]}"; do [ -f "python/tests/$t" ] && TESTS+=("python/tests/$t"); done
fi
XDIST=()
python3 -c "import xdist" 2>/dev/null && [ "$WORKERS" -gt 1 ] && XDIST=(-n "$WORKERS")
ASAN_OPTIONS="$SAN_COMMON:detect_leaks=0" PYTHONMALLOC=malloc LD_PRELOAD="$LIBASAN $LIBSTDCXX" \
  PYTHONPATH="$BUILD_DIR/python" run_suite python \
  python3 -m pytest "${TESTS[@]}" -q -p no:cacheprovider "${XDIST[@]}" "${PYTEST_ARGS[@]}"

echo "================ sanitizer lane summary ================"
printf '%s\n' "${SUMMARY[@]}"
echo "reports and logs: $LOGS"
exit $STATUS
