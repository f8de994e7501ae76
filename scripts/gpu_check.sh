#!/usr/bin/env bash
# One command for a GPU machine: build, run both test suites on the GPU, run the seed
# examples, run the side-by-side benchmarks, time a bare cuLaunchKernel (the floor under the
# dispatch rows), and print a summary (tests per suite, then the benchmark table) last.
#
#   scripts/gpu_check.sh [--quick] [--bench-only | --tests-only | --sanitize]
#
#   --quick       pass --quick to benchmarks/run.py (small sizes; a smoke test)
#   --bench-only  build, then benchmarks only
#   --tests-only  build, then C++ tests, Python tests and seed examples only
#   --sanitize    build, then parts of the suites under compute-sanitizer (about 5 min; see
#                 step 3b and docs/reliability.md): memcheck over both suites' kernel tests,
#                 racecheck over the reductions; error counts per run, non-zero exit on any
#
# Every step runs even when an earlier one failed (a step that needs a missing build output
# is marked "skip" and counts as failed); the exit status is non-zero if any step failed.
# With $OUT set, everything is also logged to $OUT/gpu_check.log, per-step logs go to
# $OUT/logs/ and the benchmark JSON to $OUT/bench.json (else build/gpu_check/ and
# build/bench.json). Nothing is downloaded: the machine has no network.
# Environment: PYTHON (default python3), BUILD_DIR (default build/gpu), PYTEST_WORKERS (8),
# GPU_CHECK_DEVICE (default cuda; cpu for a dry run on a machine without a GPU), BENCH_ONLY
# (benchmarks/run.py's --only: names or patterns, e.g. 'ufunc_sweep_*,f64_*').

set -u
cd "$(dirname "$0")/.." || exit 2
REPO=$(pwd)

QUICK=""
DO_TESTS=1
DO_BENCH=1
DO_SANITIZE=0
for arg in "$@"; do
  case "$arg" in
    --quick) QUICK="--quick" ;;
    --bench-only) DO_TESTS=0 ;;
    --tests-only) DO_BENCH=0 ;;
    --sanitize) DO_BENCH=0; DO_TESTS=0; DO_SANITIZE=1 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "gpu_check: unknown argument: $arg" >&2; exit 2 ;;
  esac
done
if [ "$DO_TESTS" = 0 ] && [ "$DO_BENCH" = 0 ] && [ "$DO_SANITIZE" = 0 ]; then
  echo "gpu_check: --bench-only and --tests-only exclude each other" >&2; exit 2
fi

PYTHON=${PYTHON:-python3}
BUILD_DIR=${BUILD_DIR:-build/gpu}
PYTEST_WORKERS=${PYTEST_WORKERS:-8}
if [ -n "${OUT:-}" ]; then
  mkdir -p "$OUT/logs"
  LOG_DIR="$OUT/logs"
  BENCH_JSON="$OUT/bench.json"
  exec > >(tee -a "$OUT/gpu_check.log") 2>&1
else
  LOG_DIR="build/gpu_check"
  BENCH_JSON="build/bench.json"
fi
mkdir -p "$LOG_DIR" build

NDGPU_CACHE_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ndgpu-cache.XXXXXX")
NDGPU_DEVICE=${GPU_CHECK_DEVICE:-cuda}  # GPU_CHECK_DEVICE=cpu: a dry run without a GPU
export NDGPU_CACHE_DIR NDGPU_DEVICE
export PYTHONPATH="$REPO/python${PYTHONPATH:+:$PYTHONPATH}"
trap 'rm -rf "$NDGPU_CACHE_DIR"' EXIT

STEPS=()       # step names, in order
declare -A STATUS DURATION DETAIL
T_START=$SECONDS

# run_step NAME TIMEOUT_S CMD...: run CMD with a time limit, its output shown and kept in
# $LOG_DIR/NAME.log; record ok/FAIL/TIMEOUT and the time taken.
run_step() {
  local name=$1 limit=$2
  shift 2
  local log="$LOG_DIR/$name.log" t0=$SECONDS rc
  STEPS+=("$name")
  echo
  echo "======== $name: $* (limit ${limit}s)"
  timeout --kill-after=30 "$limit" "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  DURATION[$name]=$((SECONDS - t0))
  case $rc in
    0) STATUS[$name]=ok ;;
    124|137) STATUS[$name]=TIMEOUT ;;
    *) STATUS[$name]="FAIL($rc)" ;;
  esac
  echo "======== $name: ${STATUS[$name]} in ${DURATION[$name]}s"
  return "$rc"
}

skip_step() {
  STEPS+=("$1")
  STATUS[$1]=skip
  DURATION[$1]=0
  DETAIL[$1]=$2
  echo
  echo "======== $1: skipped ($2)"
}

echo "gpu_check: $(date -Is) on $(hostname), repo $(git rev-parse --short HEAD 2>/dev/null)"
command -v nvidia-smi >/dev/null && nvidia-smi -L
command -v nvcc >/dev/null && nvcc --version | tail -1
$PYTHON --version
echo "NDGPU_DEVICE=$NDGPU_DEVICE NDGPU_CACHE_DIR=$NDGPU_CACHE_DIR"

# 1. configure and build
GTEST_ARGS=()  # googletest sources carried to a machine without GoogleTest (.gtest/, ignored)
[ -d .gtest/googletest ] && GTEST_ARGS=(-DNDGPU_GTEST_SOURCE_DIR="$REPO/.gtest/googletest")
run_step configure 300 cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DPython_EXECUTABLE="$(command -v "$PYTHON")" "${GTEST_ARGS[@]}"
if [ "${STATUS[configure]}" = ok ]; then
  run_step build 1200 ninja -C "$BUILD_DIR"
else
  skip_step build "configure failed"
fi
module_ok() { "$PYTHON" -c "import ndgpu" >/dev/null 2>&1; }

# 2. tests, 3. seed examples
if [ "$DO_TESTS" = 1 ]; then
  if [ -x "$BUILD_DIR/ndgpu_tests" ]; then
    run_step cpp_tests 900 "$BUILD_DIR/ndgpu_tests"
    log="$LOG_DIR/cpp_tests.log"
    passed=$(grep -Eo '^\[  PASSED  \] [0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)
    failed=$(grep -Eo '^\[  FAILED  \] [0-9]+ tests?,' "$log" | grep -Eo '[0-9]+' | tail -1)
    skipped=$(grep -Eo '^\[  SKIPPED \] [0-9]+ tests?,' "$log" | grep -Eo '[0-9]+' | tail -1)
    DETAIL[cpp_tests]="${passed:-0} passed, ${failed:-0} failed, ${skipped:-0} skipped"
  else
    skip_step cpp_tests "no $BUILD_DIR/ndgpu_tests"
  fi

  if module_ok; then
    xdist=()
    "$PYTHON" -c "import xdist" 2>/dev/null && xdist=(-n "$PYTEST_WORKERS")
    run_step python_tests 1200 "$PYTHON" -m pytest python/tests -q "${xdist[@]}" -p no:cacheprovider
    line=$(grep -E '[0-9]+ (passed|failed|error)' "$LOG_DIR/python_tests.log" | tail -1 | tr -d '=')
    DETAIL[python_tests]=$(echo "$line" | sed -E 's/^ +| +$//g')
    run_step seed_examples 300 "$PYTHON" examples/seed_examples.py
  else
    skip_step python_tests "import ndgpu fails"
    skip_step seed_examples "import ndgpu fails"
  fi
fi

# 3b. compute-sanitizer (about 5 minutes on one H200 once built): memcheck over a part of each
# suite that launches every kind of kernel (elementwise, reductions, scans, sorts, indexing,
# copies, raw kernels, cuBLAS and cuFFT calls), racecheck over the C++ reduction and
# raw-kernel tests. The memory pool is bypassed (NDGPU_CUDA_POOL=0) so that memcheck sees each
# array's bounds. SANITIZE_GTEST / SANITIZE_PYTEST choose other parts; SANITIZE_FULL=1 runs
# memcheck over both whole suites (an hour or more). Each run's "ERROR SUMMARY: N errors"
# lines are summed (one per process): a step fails on any error or failed test.
SANITIZER=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer)}
for c in "$(dirname "$(command -v nvcc 2>/dev/null || echo .)")/compute-sanitizer" \
  /usr/local/cuda/bin/compute-sanitizer /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
  [ -z "$SANITIZER" ] && [ -x "$c" ] && SANITIZER=$c
done
sanitize_step() {  # NAME TOOL LIMIT CMD...
  local name=$1 tool=$2 limit=$3
  shift 3
  # API errors are not reported: the suites provoke some on purpose (a bad image, a missing
  # kernel name) to test ndgpu's messages. racecheck sums up as "RACECHECK SUMMARY".
  NDGPU_CUDA_POOL=0 run_step "$name" "$limit" "$SANITIZER" --tool "$tool" --error-exitcode 99 \
    --report-api-errors no --print-limit 20 --target-processes all "$@"
  local log="$LOG_DIR/$name.log" n runs tests
  n=$(grep -Eo '(ERROR|RACECHECK) SUMMARY: [0-9]+( hazards displayed \([0-9]+)?' "$log" |
    grep -Eo '[0-9]+$' | awk '{s += $1} END {print s + 0}')
  runs=$(grep -cE '(ERROR|RACECHECK) SUMMARY:' "$log")
  tests=$(grep -E '^\[  PASSED  \] [0-9]+|[0-9]+ (passed|failed)' "$log" | tail -1 | tr -d '=[]' |
    sed -E 's/^ +| +$//g')
  DETAIL[$name]="$n $tool error(s) in $runs process(es); ${tests:-no test count}"
  if [ "$n" != 0 ]; then
    STATUS[$name]="FAIL($n)"
  elif [ "$runs" = 0 ] && [ "${STATUS[$name]}" = ok ]; then
    STATUS[$name]="FAIL(no summary)"  # the sanitizer did not run the program
  fi
}
if [ "$DO_SANITIZE" = 1 ]; then
  if [ -z "$SANITIZER" ]; then
    skip_step sanitizer "compute-sanitizer not found (set COMPUTE_SANITIZER)"
  else
    GT=${SANITIZE_GTEST:-"Elementwise.*:Reductions.*:ReductionPlainRows.*:Scans.*:Sorting.*:\
Indexing.*:IndexingRoutines.*:Selection.*:Copy.*:TransposeCopy.*:Ufunc*:Matmul.*:Fft.*:\
CudaTransfer.*:CudaBackend.*:RawHeaders.*:-CudaBackend.PoolOnDevice"}
    PYT=${SANITIZE_PYTEST:-"python/tests/test_elementwise_kernel.py \
python/tests/test_reduction_kernel.py python/tests/test_raw_kernel.py python/tests/test_indexing.py \
python/tests/test_scans.py python/tests/test_sorting.py"}
    limit_cpp=150 limit_py=180
    if [ "${SANITIZE_FULL:-0}" = 1 ]; then
      GT="*:-CudaBackend.PoolOnDevice:CudaMemoryPool*" PYT="python/tests --deselect \
python/tests/test_cuda_api.py --deselect python/tests/test_cuda_streams.py"
      limit_cpp=1800 limit_py=5400
    fi
    if [ -x "$BUILD_DIR/ndgpu_tests" ]; then
      sanitize_step memcheck_cpp memcheck "$limit_cpp" "$BUILD_DIR/ndgpu_tests" --gtest_brief=1 \
        --gtest_filter="$GT"
      sanitize_step racecheck_cpp racecheck 90 "$BUILD_DIR/ndgpu_tests" --gtest_brief=1 \
        --gtest_filter='Reductions.*:ReductionPlainRows.*:RawHeaders.*'
    else
      skip_step memcheck_cpp "no $BUILD_DIR/ndgpu_tests"
    fi
    if module_ok; then
      # No xdist workers: one pytest process, so one report covers the run.
      # shellcheck disable=SC2086
      sanitize_step memcheck_python memcheck "$limit_py" "$PYTHON" -m pytest $PYT -q \
        -p no:cacheprovider
    else
      skip_step memcheck_python "import ndgpu fails"
    fi
  fi
fi

# 4. benchmarks
if [ "$DO_BENCH" = 1 ]; then
  if module_ok; then
    run_step benchmarks 1800 "$PYTHON" benchmarks/run.py --json "$BENCH_JSON" $QUICK \
      ${BENCH_ONLY:+--only "$BENCH_ONLY"}
    DETAIL[benchmarks]="$BENCH_JSON"
  else
    skip_step benchmarks "import ndgpu fails"
  fi
fi

# 5. the launch floor: what a bare cuLaunchKernel costs on this host now (the dispatch rows
# sit on it; it drifts by seconds and minutes on shared machines, see benchmarks/README.md)
if [ "$DO_BENCH" = 1 ] && [ "$NDGPU_DEVICE" = cuda ] && command -v nvcc >/dev/null && command -v nvidia-smi >/dev/null; then
  floor_bin="$BUILD_DIR/launch_cost"
  run_step launch_floor 120 bash -c "nvcc -cubin -arch=native benchmarks/cpp/launch_cost_kernels.cu \
    -o '$floor_bin.cubin' && g++ -O2 -std=c++17 benchmarks/cpp/launch_cost.cpp \
    -I\$(dirname \$(command -v nvcc))/../include -L\$(dirname \$(command -v nvcc))/../lib64 -lcuda \
    -o '$floor_bin' && '$floor_bin' '$floor_bin.cubin'"
  DETAIL[launch_floor]=$(grep -E '^interleaved' "$LOG_DIR/launch_floor.log" | awk '{print $5}' \
    | sort -n | awk '{v[NR]=$1} END {if (NR) printf "bare cuLaunchKernel median %.2f us (%.2f-%.2f)", v[int((NR+1)/2)], v[1], v[NR]}')
fi

# 6. summary, last
echo
echo "================================ gpu_check summary ================================"
any_failed=0
printf '%-14s %-10s %6s  %s\n' step status time detail
for s in "${STEPS[@]}"; do
  printf '%-14s %-10s %5ss  %s\n' "$s" "${STATUS[$s]}" "${DURATION[$s]}" "${DETAIL[$s]:-}"
  [ "${STATUS[$s]}" = ok ] || any_failed=1
done
for s in cpp_tests python_tests memcheck_cpp memcheck_python racecheck_cpp racecheck_python; do
  f="$LOG_DIR/$s.log"
  [ -f "$f" ] || continue
  names=$(grep -E '^\[  FAILED  \] [A-Za-z_]|^(FAILED|ERROR) ' "$f" | sort -u | head -12)
  if [ -n "$names" ]; then
    echo "-- $s failures (first 12; full log $f):"
    echo "$names" | cut -c1-160
  fi
done
if [ "$DO_BENCH" = 1 ] && [ -f "$BENCH_JSON" ]; then
  "$PYTHON" benchmarks/run.py --table-from "$BENCH_JSON" || any_failed=1
fi
echo "gpu_check: $([ $any_failed = 0 ] && echo ALL OK || echo FAILURES) in $((SECONDS - T_START))s"
exit $any_failed
