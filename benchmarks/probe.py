"""Fresh-process probes: ``python3 benchmarks/probe.py LIB WHAT``.

WHAT is one of
  import        seconds to ``import LIB`` (numpy included, interpreter start excluded)
  compile_ewk   first ElementwiseKernel construct + call, ms
  compile_rk    first ReductionKernel construct + call (axis=1), ms
  compile_raw   first RawKernel construct + call, ms
  first_ops     first ``a + b`` then first ``a.sum()`` on 1000 float32, ms each

The parent gives each probe an empty kernel cache (NDGPU_CACHE_DIR / CUPY_CACHE_DIR in a
fresh temporary folder), and every kernel body carries a random constant, so no cache of any
kind can hit. Inputs are uploaded from NumPy (a copy, no kernel) and the device synchronized
before the clock starts. Prints one line ``RESULT {json}``.
"""
import json
import sys
import time


def _load(name):
    if name == "torch":
        import torch
        return torch, torch.cuda.synchronize
    mod = __import__(name)
    return mod, lambda: mod.cuda.Device().synchronize()


def _upload(name, xp, h):
    if name == "torch":
        return xp.from_numpy(h).cuda()
    return xp.asarray(h)


def _timed(fn, sync):
    t0 = time.perf_counter()
    fn()
    sync()
    return (time.perf_counter() - t0) * 1e3


def probe(name, what):
    if what == "import":
        t0 = time.perf_counter()
        __import__(name)
        return {"s": time.perf_counter() - t0}

    import os
    import random
    import numpy as np

    xp, sync = _load(name)
    rng = random.Random(os.urandom(16))
    c = "%.9f" % rng.uniform(0.1, 0.9)
    tag = "%08x" % rng.getrandbits(32)
    h1 = np.random.default_rng(1).random((16, 1024), dtype=np.float32) + np.float32(0.5)
    h2 = np.random.default_rng(2).random((16, 1024), dtype=np.float32) + np.float32(0.5)
    x, y = _upload(name, xp, h1), _upload(name, xp, h2)
    sync()

    if what == "first_ops":
        a, b = _upload(name, xp, h1[0, :1000].copy()), _upload(name, xp, h2[0, :1000].copy())
        sync()
        res = {}
        for key, fn in (("add", lambda: a + b), ("sum", lambda: a.sum())):
            try:
                res[key + "_ms"] = _timed(fn, sync)
            except Exception as e:  # noqa: BLE001 - a missing sum must not hide add
                res[key + "_error"] = "%s: %s" % (type(e).__name__, e)
        return res
    if name == "torch":
        return {"error": "NotApplicable: CuPy kernel API"}

    if what == "compile_ewk":
        def fn():
            k = xp.ElementwiseKernel('float32 x, float32 y', 'float32 z',
                                     'z = (x - y) * (x - y) + %sf' % c, 'sqd_' + tag)
            k(x, y)
    elif what == "compile_rk":
        def fn():
            k = xp.ReductionKernel('T x', 'T y', 'x * x + %sf' % c, 'a + b', 'y = sqrt(a)',
                                   '0', 'l2n_' + tag)
            k(x, axis=1)
    elif what == "compile_raw":
        src = (r'extern "C" __global__ void add_%s(const float* x1, const float* x2,'
               r' float* y) { int t = blockDim.x * blockIdx.x + threadIdx.x;'
               r' y[t] = x1[t] + x2[t] + %sf; }' % (tag, c))
        z = xp.empty_like(x)
        sync()

        def fn():
            k = xp.RawKernel(src, 'add_' + tag)
            k((x.size // 256,), (256,), (x, y, z))
    else:
        return {"error": "unknown probe %r" % what}
    return {"ms": _timed(fn, sync)}


def main(argv):
    name, what = argv[1], argv[2]
    try:
        res = probe(name, what)
    except BaseException as e:  # noqa: BLE001 - report every failure to the parent
        res = {"error": "%s: %s" % (type(e).__name__, e)}
    print("RESULT " + json.dumps(res), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
