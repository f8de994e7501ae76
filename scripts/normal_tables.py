"""Prints the table of device/ndgpu/rng_normal_f32.cuh: float32 normals by inversion.

    python3 scripts/normal_tables.py > /tmp/t.txt   # then paste over the header's table
    python3 scripts/normal_tables.py --check        # the worst error over each row instead

A word w gives m = 2w + 1 (mod 2^32, odd) and f = float(m) in [1, 2^32], so v = f 2^-33 lies
in (0, 0.5]; the sample is -Phi^-1(v) with w's top bit as its sign. Row j = (bits(f) >> 20) -
1016 holds the floats f in [2^e (1 + s/8), 2^e (1 + (s+1)/8)), e = j >> 3, s = j & 7: a cubic
(c0, c1, c2, c3) in d = f - (the row's first float), fitted with Lawson's weighted minimax
iterations to relative error and rounded to float32 one coefficient at a time (the lower ones
refitted after each). Row 256 holds f = 2^32 alone: zeros, the sample 0.
"""
import struct
import sys

import mpmath
import numpy as np

mpmath.mp.dps = 40
ROWS = 257


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def hexf(x):
    """A float32 as a C hex literal, exactly: 0x1.6c1832p+0f."""
    if x == 0:
        return "0.0f"
    mant, exp = float(f32(x)).hex().split("p")
    mant = mant.rstrip("0").rstrip(".")
    return "%sp%sf" % (mant, exp)


def minus_ndtri(f):
    """-Phi^-1(f 2^-33), to double precision."""
    v = mpmath.mpf(f) * mpmath.mpf(2) ** -33
    return float(-mpmath.sqrt(2) * mpmath.erfinv(2 * v - 1))


def row_floats(j):
    """The row's first float, its width and the floats f = float(m) it may hold (a sample)."""
    e, s = j >> 3, j & 7
    lo, width = 2.0**e * (1 + s / 8), 2.0**e / 8
    step = 2.0 ** max(e - 23, 0)
    if e <= 9:  # f an integer: every one in the row
        f = np.arange(np.ceil(lo), lo + width)
    else:
        k = np.unique(np.round(np.linspace(0, width / step - 1, 600)))
        f = lo + k * step
    return lo, width, f


def horner_f32(c, d):
    """c0 + d (c1 + d (c2 + d c3)) in float32 with fused multiply-adds (to within a rare
    double rounding: the exact product and sum rounded to double, then to float32)."""
    p = np.full(d.shape, c[3], dtype=np.float32)
    for k in (2, 1, 0):
        p = (p.astype(np.float64) * d.astype(np.float64) + c[k]).astype(np.float32)
    return p


def fit_row(j):
    lo, width, f = row_floats(j)
    if len(f) == 0:  # no float32 of the row is an odd integer's nearest: never read
        return [0.0] * 4, f, f, f
    d = f - lo
    t = np.array([minus_ndtri(x) for x in f])
    scale = width / 2
    y = d / scale - 1  # in [-1, 1): a well-conditioned basis for the fit
    # Weighted by float32's ulp of the value (the error measured), floored near 0.
    rel = 1 / np.spacing(np.maximum(np.abs(t), 1e-2).astype(np.float32)).astype(np.float64)
    c = [0.0] * 4
    fixed = np.zeros_like(t)
    for k in (3, 2, 1, 0):  # fit, round the top coefficient, refit the rest
        basis = np.vander(y, k + 1, increasing=True)
        weights = np.ones_like(t)
        for _ in range(40):  # Lawson: weight the points by how far off they are
            w = np.sqrt(weights) * rel
            a = np.linalg.lstsq(basis * w[:, None], (t - fixed) * w, rcond=None)[0]
            err = np.abs(basis @ a - (t - fixed)) * rel
            if err.max() < 1e-12:  # exact (a row of a few floats): done
                break
            weights = weights * (err + 1e-6 * err.max())
            weights /= weights.sum()
        # a is in powers of y = (d - scale) / scale; convert to powers of d.
        poly = np.polynomial.Polynomial(a)(np.polynomial.Polynomial([-1.0, 1 / scale]))
        coef = list(poly.coef) + [0.0] * (4 - len(poly.coef))
        c[k] = f32(coef[k])
        fixed = fixed + c[k] * d**k
    return c, f, d, t


def table():
    rows, worst = [], []
    for j in range(ROWS - 1):
        c, f, d, t = fit_row(j)
        got = horner_f32(c, d.astype(np.float32)).astype(np.float64)
        ulp = np.spacing(np.abs(t).astype(np.float32)).astype(np.float64)
        big = np.abs(t) > 0.05
        worst.append(((np.abs(got - t) / ulp)[big].max() if big.any() else 0.0,
                      np.abs(got - t).max() if len(t) else 0.0))
        rows.append(c)
    rows.append([0.0] * 4)
    return rows, worst


if __name__ == "__main__":
    rows, worst = table()
    if "--check" in sys.argv:
        for j, (u, a) in enumerate(worst):
            print("row %3d: %.2f ulp (|z| > 0.05), %.2e absolute" % (j, u, a))
        print("worst: %.2f ulp, %.2e absolute" % (max(u for u, _ in worst),
                                                   max(a for _, a in worst)))
        sys.exit(0)
    print("NDGPU_RNG_TABLE kNormalInverse[%d * 4] = {" % ROWS)
    for c in rows:
        print("    " + ", ".join(hexf(x) for x in c) + ",")
    print("};")
