"""The side-by-side table: workload | CuPy | PyTorch | ndgpu | target | ndgpu ÷ best peer.

The ratio is oriented so that > 1 always means ndgpu is better: ndgpu/best for rates
(GB/s, TFLOP/s, Gnum/s), best/ndgpu for times (ms, µs, s).
"""
from benchmarks.workloads.base import HIGHER_IS_BETTER  # one list of the units
PEERS = ("cupy", "torch")
COLUMNS = ("cupy", "torch", "ndgpu")
HEAD = ("workload", "unit", "CuPy", "PyTorch", "ndgpu", "target", "nd/best", "met")


def fmt(value, unit):
    if value is None:
        return "?"
    if unit == "GB/s":
        return "%.0f" % value if value >= 100 else "%.2f" % value
    if unit == "s":
        return "%.3f" % value
    if value >= 100:
        return "%.0f" % value
    return "%.1f" % value if value >= 10 else "%.2f" % value


def cell_text(cell, unit):
    if cell is None or cell.get("status") == "skip":
        return "—"
    if cell.get("status") == "ok":
        return fmt(cell.get("value"), unit)
    return "err" if cell.get("status") == "error" else "n/a"  # na, unavailable


def _value(row, lib):
    c = row["cells"].get(lib)
    return c["value"] if c and c.get("status") == "ok" else None


def ratio(row):
    nd = _value(row, "ndgpu")
    peers = [v for v in (_value(row, p) for p in PEERS) if v is not None]
    if nd is None or not peers or nd <= 0:
        return None
    if row["unit"] in HIGHER_IS_BETTER:
        return nd / max(peers)
    return min(peers) / nd


def target_text(row):
    t = row.get("target")
    if not t:
        return "—"
    op, val = t
    sym = {">=": "≥", "<=": "≤"}[op]
    names = {"cupy": "CuPy", "best": "best"}
    return "%s %s" % (sym, names[val] if isinstance(val, str) else "%g" % val)


def target_met(row):
    t = row.get("target")
    nd = _value(row, "ndgpu")
    if not t or nd is None:
        return None
    op, val = t
    if val == "cupy":
        val = _value(row, "cupy")
        if val is None:
            return None
    elif val == "best":  # the best of the peers measured
        peers = [v for v in (_value(row, p) for p in PEERS) if v is not None]
        if not peers:
            return None
        val = max(peers) if op == ">=" else min(peers)
    return nd >= val if op == ">=" else nd <= val


def render(rows):
    """The table as a list of lines (a header, a rule, one line per workload)."""
    body = []
    for row in rows:
        r = ratio(row)
        met = target_met(row)
        body.append((row["title"], row["unit"])
                    + tuple(cell_text(row["cells"].get(lib), row["unit"]) for lib in COLUMNS)
                    + (target_text(row), "—" if r is None else "%.2f" % r,
                       "—" if met is None else ("yes" if met else "no")))
    widths = [max(len(HEAD[i]), *(len(b[i]) for b in body)) if body else len(HEAD[i])
              for i in range(len(HEAD))]

    def line(cols):
        out = []
        for i, c in enumerate(cols):
            out.append(c.ljust(widths[i]) if i < 2 else c.rjust(widths[i]))
        return "| " + " | ".join(out) + " |"

    return [line(HEAD), "|" + "|".join("-" * (w + 2) for w in widths) + "|"] + [
        line(b) for b in body]


def error_lines(rows, limit=160):
    """One line per failed cell (status error or n/a), with the error text shortened."""
    out = []
    for row in rows:
        for lib in COLUMNS:
            c = row["cells"].get(lib)
            if c and c.get("status") in ("error", "na") and c.get("error"):
                text = " ".join(str(c["error"]).split())
                if len(text) > limit:
                    text = text[:limit - 3] + "..."
                out.append("  %-13s %-6s %s: %s" % (row["workload"], lib,
                                                   c["status"], text))
    return out
