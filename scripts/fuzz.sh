#!/usr/bin/env bash
# The libFuzzer targets of fuzz/ (fuzz/README.md): builds them with clang in build/fuzz and
# runs each for a while from its seed corpus in fuzz/corpus/<target>. A crash, leak or
# sanitizer report stops the target and leaves its input in build/fuzz/findings/; the exit
# status is then non-zero. Prints each target's executions and coverage.
#
#   bash scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# SECONDS_PER_TARGET defaults to 25 (CI's short run); TARGET defaults to all of them.
# Environment: CLANGXX (default clang++), FUZZ_RUNS (stop each target after this many
# executions instead of a time: 1000000 for a release check).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2

SECONDS_EACH=${1:-25}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} = 0 ] && TARGETS=(kernel_signature cuda_signature quick_tier dtype_name basic_index)
BUILD_DIR=build/fuzz
CLANGXX=${CLANGXX:-clang++}
command -v "$CLANGXX" >/dev/null || { echo "fuzz.sh: $CLANGXX not found" >&2; exit 2; }

LAUNCHER=()
command -v ccache >/dev/null && LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$(pwd)")}
# Only the fuzz targets are built: each compiles the few library sources it fuzzes.
CXX="$CLANGXX" cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -g1" -DNDGPU_BUILD_FUZZERS=ON -DNDGPU_BUILD_TESTS=OFF \
  -DNDGPU_BUILD_PYTHON=OFF -DNDGPU_BUILD_CUB=OFF -DNDGPU_AOT_ARCHS= "${LAUNCHER[@]}" >/dev/null \
  || exit 2
ninja -C "$BUILD_DIR" "${TARGETS[@]/#/fuzz_}" || exit 2

export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1
FINDINGS="$BUILD_DIR/findings"
mkdir -p "$FINDINGS"
STATUS=0
SUMMARY=()
for t in "${TARGETS[@]}"; do
  # New inputs go to a scratch folder: the seed corpus in the repository stays small.
  work=$(mktemp -d "${TMPDIR:-/tmp}/ndgpu-fuzz-$t.XXXXXX")
  limit=(-max_total_time="$SECONDS_EACH")
  [ -n "${FUZZ_RUNS:-}" ] && limit=(-runs="$FUZZ_RUNS")
  echo "== $t"
  "$BUILD_DIR/fuzz/fuzz_$t" "$work" "fuzz/corpus/$t" "${limit[@]}" -max_len=4096 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$FINDINGS/$t-" >"$work.log" 2>&1
  rc=$?
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$work.log" | grep -Eo '[0-9]+$')
  cov=$(grep -Eo 'cov: [0-9]+' "$work.log" | tail -1 | grep -Eo '[0-9]+')
  ft=$(grep -Eo 'ft: [0-9]+' "$work.log" | tail -1 | grep -Eo '[0-9]+')
  line="$t: exit status $rc, ${runs:-?} executions, cov ${cov:-?}, ft ${ft:-?}"
  if [ "$rc" != 0 ]; then
    STATUS=1
    line="$line -- FAILED (input in $FINDINGS/)"
    grep -E 'ERROR|runtime error|SUMMARY|==[0-9]+==' "$work.log" | head -20
    cp "$work.log" "$FINDINGS/$t.log"
  fi
  echo "$line"
  SUMMARY+=("$line")
  rm -rf "$work" "$work.log"
done
echo "================ fuzz summary ================"
printf '%s\n' "${SUMMARY[@]}"
exit $STATUS
