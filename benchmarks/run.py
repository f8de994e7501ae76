"""ndgpu beside CuPy and PyTorch, in one process: every workload of BENCHMARKS.md.

    python3 benchmarks/run.py --json out.json [--quick] [--only add,sum,...]
                              [--libs ndgpu,cupy,torch] [--all-peers] [--list]
    python3 benchmarks/run.py --table-from out.json     # re-print a saved run's table

Each (workload, library) cell is measured on its own; any exception is caught, recorded in
the JSON with its text and shown as n/a (missing feature) or err. The JSON is rewritten after
every cell, so a crash keeps what was measured. Peers run before ndgpu in each row.
"""
import argparse
import datetime
import json
import os
import platform
import sys
import time
import traceback

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(_HERE))  # the repo root, for `benchmarks.*`
if sys.path[1:2] == [_HERE]:
    del sys.path[1]  # this folder itself, so `import benchmarks` means the package

from benchmarks import libs, table  # noqa: E402
from benchmarks.libs import NotApplicable  # noqa: E402
from benchmarks.timing import Config  # noqa: E402
from benchmarks.workloads import WORKLOADS, select  # noqa: E402

MISSING_FEATURE = (AttributeError, NotImplementedError, ImportError)


def _error_text(e):
    msg = str(e)
    if msg.split(":", 1)[0].endswith("Error"):  # already named (a fresh-process probe's)
        return msg
    return "%s: %s" % (type(e).__name__, msg)


def measure(w, lib, cfg):
    """One cell: {'status': ok|na|error|skip, 'value', 'unit', 'error', ...}."""
    cell = {"value": None, "unit": w.unit, "error": None}
    t0 = time.perf_counter()
    try:
        res = w.fn(lib, cfg)
        value, info = res if isinstance(res, tuple) else (res, {})
        cell.update(info)
        cell["value"] = float(value)
        cell["status"] = "ok"
        cell["timer"] = lib.timer_kind
    except NotApplicable as e:
        cell.update(status="skip", error="not applicable: %s" % e)
    except MISSING_FEATURE as e:
        cell.update(status="na", error=_error_text(e))
    except Exception as e:  # noqa: BLE001 - a failing cell must not stop the run
        cell.update(status="error", error=_error_text(e),
                    traceback=traceback.format_exc(limit=8))
    finally:
        try:
            lib.free()
        except Exception:  # noqa: BLE001
            pass
    cell["seconds"] = round(time.perf_counter() - t0, 3)
    return cell


def meta(loaded, cfg):
    m = {"time": datetime.datetime.now().isoformat(timespec="seconds"),
         "host": platform.node(), "python": platform.python_version(), "quick": cfg.quick,
         "all_peers": cfg.all_peers, "ndgpu_device_env": os.environ.get("NDGPU_DEVICE"),
         "libraries": {}}
    for name, lib in loaded.items():
        if isinstance(lib, str):
            m["libraries"][name] = {"available": False, "error": lib}
        else:
            info = {"available": True, "version": str(lib.version), "timer": lib.timer_kind}
            try:
                info["device"] = lib.device_name()
            except Exception as e:  # noqa: BLE001
                info["device"] = "? (%s)" % e
            m["libraries"][name] = info
    return m


def save(path, doc):
    if not path:
        return
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
    os.replace(tmp, path)


def print_report(doc, out=sys.stdout):
    libs_meta = doc["meta"]["libraries"]
    print("\n== libraries", file=out)
    for name in libs.ORDER:
        if name in libs_meta:
            i = libs_meta[name]
            print("  %-6s %s" % (name, "%s, %s, timer %s" % (i["version"], i["device"], i["timer"])
                                  if i["available"] else "n/a (%s)" % i["error"][:150]), file=out)
    errs = table.error_lines(doc["results"])
    if errs:
        print("== cells that failed (details in the JSON)", file=out)
        for e in errs:
            print(e, file=out)
    print("== benchmarks%s (> 1 in nd/best means ndgpu is better)"
          % (" [--quick: small sizes, targets do not apply]" if doc["meta"]["quick"] else ""),
          file=out)
    for line in table.render(doc["results"]):
        print(line, file=out)
    math = [(r["workload"], r["cells"]["ndgpu"]) for r in doc["results"]
            if "percent_of_compute" in r["cells"].get("ndgpu", {})]
    if math:  # workloads/math_rows.py: how near each row is to its function's compute limit
        print("== ndgpu's math rows: Gelem/s, and the function alone in registers", file=out)
        for name, c in math:
            print("  %-18s %8.4g Gelem/s  compute-only %8.4g Gelem/s  %5.1f%% of it"
                  % (name, c["gelem_s"], c["compute_gelem_s"], c["percent_of_compute"]), file=out)
    beside = [(r["workload"], r["cells"]["ndgpu"]) for r in doc["results"]
              if "numpy_gbps" in r["cells"].get("ndgpu", {})]
    if beside:  # the CPU backend's rows (workloads/cpu_numpy.py): NumPy in the same process
        print("== CPU backend beside NumPy (GB/s; ratio > 1: ndgpu faster)", file=out)
        for name, c in beside:
            print("  %-16s ndgpu %7.2f  numpy %7.2f  ratio %5.2f"
                  % (name, c["value"], c["numpy_gbps"], c["ratio"]), file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", help="write every cell here (rewritten after each cell)")
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    ap.add_argument("--only", default="", help="comma-separated workload names")
    ap.add_argument("--libs", default="ndgpu,cupy,torch", help="libraries to load")
    ap.add_argument("--all-peers", action="store_true",
                    help="also measure PyTorch where BENCHMARKS.md has no PyTorch figure")
    ap.add_argument("--list", action="store_true", help="list the workloads and exit")
    ap.add_argument("--table-from", metavar="JSON", help="print a saved run's report and exit")
    args = ap.parse_args(argv)

    if args.list:
        for w in WORKLOADS:
            print("%-13s %-34s %s" % (w.name, w.title, w.unit))
        return 0
    if args.table_from:
        with open(args.table_from) as f:
            print_report(json.load(f))
        return 0

    cfg = Config(quick=args.quick, all_peers=args.all_peers)
    workloads = select(args.only)
    wanted = {n.strip() for n in args.libs.split(",") if n.strip()}
    loaded = libs.load(wanted)
    doc = {"meta": meta(loaded, cfg), "results": []}
    for name, lib in loaded.items():
        print("# %-6s %s" % (name, lib if isinstance(lib, str) else "loaded (%s)" % lib.timer_kind),
              flush=True)

    for w in workloads:
        row = {"workload": w.name, "title": w.title, "unit": w.unit,
               "target": list(w.target) if w.target else None, "cells": {}}
        doc["results"].append(row)
        measured = w.libraries(cfg)
        for name in libs.ORDER:
            lib = loaded.get(name)
            if name not in measured:
                row["cells"][name] = {"status": "skip", "value": None, "unit": w.unit,
                                      "error": None}
                continue
            if lib is None or isinstance(lib, str):
                row["cells"][name] = {"status": "unavailable", "value": None, "unit": w.unit,
                                      "error": lib or "not requested"}
                continue
            cell = measure(w, lib, cfg)
            row["cells"][name] = cell
            shown = table.cell_text(cell, w.unit)
            print("  %-13s %-6s %10s %-7s (%.1fs)%s" % (
                w.name, name, shown, w.unit, cell["seconds"],
                "  " + cell["error"][:120] if cell["status"] in ("na", "error") else ""),
                flush=True)
            save(args.json, doc)
        save(args.json, doc)

    print_report(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
