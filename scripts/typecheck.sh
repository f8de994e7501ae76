#!/usr/bin/env bash
# Type-checks docs/examples/typecheck_sample.py with mypy against ndgpu's stubs (written at
# build time by tools/stubs/make_stubs.py); docs/examples/typecheck_errors.py must fail.
# Usage: bash scripts/typecheck.sh [--installed]  (default: the build tree's python/ndgpu;
# --installed: the ndgpu installed in the current Python, as from the wheel)
set -euo pipefail
cd "$(dirname "$0")/.."
args=(--follow-imports=silent --no-incremental --cache-dir=/dev/null)
if [ "${1:-}" != --installed ]; then export MYPYPATH=python; fi
python3 -m mypy "${args[@]}" docs/examples/typecheck_sample.py
if errors=$(python3 -m mypy "${args[@]}" docs/examples/typecheck_errors.py); then
  echo "typecheck.sh: mypy accepted docs/examples/typecheck_errors.py: the stubs know nothing" >&2
  exit 1
fi
test "$(grep -c 'has no attribute' <<<"$errors")" = 3 || { echo "$errors" >&2; exit 1; }
echo "typecheck.sh: the stubs type-check the sample and catch the 3 mistakes"
