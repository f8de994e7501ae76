"""Where the `where` row's time goes, on a GPU machine: the comparison and the three-operand
where timed apart, each by the bytes it moves.

    python benchmarks/where_split.py [LOG2_N]     # default 28, the row's size

The row times where(x > 0.5, x, y) and counts 12 bytes per element (x and y read, the result
written). Unfused (NDGPU_DEFER=0) the comparison also reads x and writes a bool mask that
where reads: 18 bytes move, and the row sits near 12/18 of the bandwidth. By default the
comparison waits and where computes it inline (docs/architecture.md, deferred comparisons).
H200, 2026-12-03: the row 4393 GB/s fused, 2862 with NDGPU_DEFER=0.
"""
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))
import ndgpu as cp  # noqa: E402


def ms(fn, reps=20):
    for _ in range(3):
        fn()
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    for _ in range(reps):
        fn()
    end.record()
    end.synchronize()
    return cp.cuda.get_elapsed_time(start, end) / reps


def main():
    n = 1 << (int(sys.argv[1]) if len(sys.argv) > 1 else 28)
    x = cp.random.rand(n).astype(np.float32)
    y = cp.random.rand(n).astype(np.float32)
    m = x > 0.5
    compare, select = ms(lambda: x > 0.5), ms(lambda: cp.where(m, x, y))
    row = ms(lambda: cp.where(x > 0.5, x, y))
    print("x > 0.5          %6.0f GB/s  (5 B/elem)" % (5 * n / compare / 1e6))
    print("where(m, x, y)   %6.0f GB/s  (13 B/elem)" % (13 * n / select / 1e6))
    print("the row          %6.0f GB/s  (12 B/elem counted; %s)"
          % (12 * n / row / 1e6, "unfused, 18 moved" if os.environ.get("NDGPU_DEFER") == "0"
             else "fused"))


if __name__ == "__main__":
    main()
