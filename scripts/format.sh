#!/usr/bin/env bash
# Formats every C++ source and header of ndgpu (src, include, device, python/src, tests,
# tools, benchmarks) with the repository's .clang-format, in place.
# With --check, changes nothing: lists the files clang-format would change and exits 1 if
# there are any (what CI runs). CLANG_FORMAT picks the binary (default clang-format).
# Usage: bash scripts/format.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  *) echo "format.sh: unknown argument: $1 (usage: format.sh [--check])" >&2; exit 2 ;;
esac
clang_format=${CLANG_FORMAT:-clang-format}

# Tracked files and new ones git does not ignore: generated sources in build/ stay out.
mapfile -t files < <(git ls-files --cached --others --exclude-standard -- \
  '*.cpp' '*.hpp' '*.h' '*.cuh' '*.cu' | sort -u)

if [ "$check" = 0 ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 32 -P "$(nproc)" "$clang_format" -i --style=file
  exit 0
fi

unformatted=()
for f in "${files[@]}"; do
  if ! "$clang_format" --style=file "$f" | cmp -s - "$f"; then unformatted+=("$f"); fi
done
if [ "${#unformatted[@]}" != 0 ]; then
  echo "format.sh: ${#unformatted[@]} file(s) not formatted (run bash scripts/format.sh):" >&2
  printf '  %s\n' "${unformatted[@]}" >&2
  exit 1
fi
echo "format.sh: ${#files[@]} files formatted"
