"""Prints the table of device/ndgpu/rng_normal_f32.cuh (float32 normals' log and sincos).

    python3 scripts/normal_tables.py > /tmp/t.txt   # then paste over the header's tables

log: bucket j holds the floats z whose bits lie in [0x3f330000 + j 2^17, + 2^17), z in
[0.7, 1.4); its entry is (invc, 2 log invc) with invc the float nearest 1 / sqrt(zlo zhi), so
that r = z invc - 1 is small and -2 log z = 2 log invc - 2 log1p(r). The bucket holding 1.0
has invc = 1 exactly, which keeps -2 log u accurate relative to itself as u -> 1.
sincos: entry j is (sin, cos) of 2 pi j / 64, rounded to float32.
"""
import math
import struct


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def from_bits(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def hexf(x):
    """A float32 as a C hex literal, exactly: 0x1.6c1832p+0f."""
    if x == 0:
        return "0.0f"
    mant, exp = float(f32(x)).hex().split("p")
    mant = mant.rstrip("0").rstrip(".")
    return "%sp%sf" % (mant, exp)


def log_table():
    rows = []
    for j in range(64):
        lo = 0x3F330000 + (j << 17)
        hi = lo + (1 << 17) - 1
        if lo <= 0x3F800000 <= hi:
            rows.append((1.0, 0.0))
            continue
        invc = f32(1.0 / math.sqrt(from_bits(lo) * from_bits(hi)))
        rows.append((invc, f32(2.0 * math.log(invc))))
    return rows


def sincos_table():
    return [(f32(math.sin(2 * math.pi * j / 64)), f32(math.cos(2 * math.pi * j / 64)))
            for j in range(64)]


def emit(rows):
    for k in range(0, 64, 2):
        pair = rows[k:k + 2]
        print("    " + ", ".join("%s, %s" % (hexf(a), hexf(b)) for a, b in pair) + ",")


if __name__ == "__main__":
    print("NDGPU_RNG_TABLE kNormalTables[256] = {")
    print("    // log: (invc, 2 log invc) per bucket")
    emit(log_table())
    print("    // sincos: (sin, cos) of 2 pi j / 64")
    emit(sincos_table())
    print("};")
