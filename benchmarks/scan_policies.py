"""cumsum of float32 2^28 under each CUB scan policy of libndgpu_cub (NDGPU_CUB_SCAN, see
docs/sorting.md), beside a device copy of the same array, in one process on the GPU:

    PYTHONPATH=python python3 -m benchmarks.scan_policies [--quick]

GB/s = bytes read + written, as the cumsum_f32 row; the fastest policy is the one to make
the default. Each policy's result is checked against the default's first.
"""
import argparse
import os

import numpy as np

from benchmarks.libs import load
from benchmarks.timing import Config, median_ms

POLICIES = ("cub", "blackwell", "wide", "vector", "streaming", "big")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    cfg = Config(quick=args.quick)
    lib = load(("ndgpu",))["ndgpu"]
    if isinstance(lib, str):
        raise SystemExit("ndgpu did not load: " + lib)
    xp = lib.xp
    # Small integers: every policy's float sums are exact, so they must agree bit for bit.
    host = np.random.default_rng(0).integers(-4, 4, cfg.n).astype(np.float32)
    x = lib.from_host(host)
    gbs = lambda ms: 2 * 4 * cfg.n / (ms * 1e-3) / 1e9  # noqa: E731
    print("device:", lib.device_name())
    print("%-10s %9s" % ("copy", "%.0f" % gbs(median_ms(lib, lambda: x.copy(), cfg))))
    reference = None
    for name in POLICIES:
        os.environ["NDGPU_CUB_SCAN"] = name
        got = xp.cumsum(x).get()
        if reference is None:
            reference = got
        ok = "ok" if np.array_equal(got, reference) else "WRONG"
        print("%-10s %9.0f  %s" % (name, gbs(median_ms(lib, lambda: xp.cumsum(x), cfg)), ok))
    os.environ.pop("NDGPU_CUB_SCAN")


if __name__ == "__main__":
    main()
