"""Differential fuzz against NumPy: random calls, ndgpu's result against NumPy's.

    PYTHONPATH=python python3 scripts/fuzz_numpy.py reductions|ufuncs|norm [--seed S] [--n N]

Random dtypes, shapes (empty and size-1 axes too), layouts (transposed, strided,
zero-stride, reversed), axes, keepdims, ddof, NaN/inf; a call must give NumPy's dtype, shape
and values (within a tolerance per precision), or raise NumPy's exception type. Prints each
mismatch and a count; exits 1 when there is one. Runs on the current backend (NDGPU_DEVICE).
"""
import argparse
import random
import sys
import warnings

import numpy as np

import ndgpu as cp

REDUCTIONS = ["sum", "prod", "max", "min", "argmax", "argmin", "mean", "var", "std", "any", "all",
              "count_nonzero", "ptp", "nansum", "nanprod", "nanmax", "nanmin", "nanmean", "nanvar",
              "nanstd", "nanargmax", "nanargmin", "cumsum", "cumprod", "nancumsum", "nancumprod",
              "diff"]
ONE_AXIS = {"cumsum", "cumprod", "nancumsum", "nancumprod", "argmax", "argmin", "nanargmax",
            "nanargmin", "diff"}
# Reductions and scans that take out= (NumPy's count_nonzero and diff do not).
OUT_OK = set(REDUCTIONS) - {"count_nonzero", "diff"}
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "maximum", "minimum",
          "equal", "less", "greater_equal", "not_equal"]
UNARY = ["negative", "absolute", "exp", "log", "sqrt", "log1p"]
# fuse: dtypes whose results NumPy and ndgpu's loops define alike, and the traced ops.
FUSE_DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint8, np.float16, np.float32,
               np.float64, np.complex64]
FUSE_OPS = ["add", "sub", "mul", "div", "neg", "abs", "less", "max", "exp_scaled", "scalar",
            "where"]
FUSE_IMPL = {
    "where": lambda xp, v, x, c: xp.where(abs(x) > 1, v, x),
    "add": lambda xp, v, x, c: v + x,
    "sub": lambda xp, v, x, c: v + x if v.dtype == np.bool_ and getattr(x, "dtype", None) == np.bool_
    else v - x,
    "mul": lambda xp, v, x, c: v * x,
    "div": lambda xp, v, x, c: v / (abs(x) + 1),
    "neg": lambda xp, v, x, c: v if v.dtype == np.bool_ else -v,
    "abs": lambda xp, v, x, c: abs(v),
    "less": lambda xp, v, x, c: v < x,
    "max": lambda xp, v, x, c: xp.maximum(v, x),
    "exp_scaled": lambda xp, v, x, c: xp.exp(v / 100),
    "scalar": lambda xp, v, x, c: v * c + c,
}
DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64, np.float16,
          np.float32, np.float64, np.complex64, np.complex128]


def tolerance(dtype):
    """Relative and absolute tolerance for results of a float or complex dtype."""
    return {2: 2e-2, 4: 1e-4, 8: 1e-9}[dtype.itemsize // (2 if dtype.kind == "c" else 1)]


class Fuzz:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.fails = 0

    def values(self, shape, dtype, specials=0.0):
        """Random values of `dtype`; with probability `specials` a few NaN/inf elements."""
        r = np.random.default_rng(self.rng.randrange(1 << 30))
        d = np.dtype(dtype)
        if d.kind == "b":
            return r.integers(0, 2, shape).astype(bool)
        if d.kind in "iu":
            return r.integers(0 if d.kind == "u" else -20, 20, shape).astype(d)
        v = r.standard_normal(shape) * 4
        if d.kind == "c":
            v = v + 1j * r.standard_normal(shape)
        v = np.asarray(v)
        if v.size and self.rng.random() < specials:
            v.flat[r.integers(0, v.size, 2)] = self.rng.choice([np.nan, np.inf, -np.inf])
        return v.astype(d)

    def layout(self, a):
        """`a`'s values in another memory layout (same values, NumPy semantics)."""
        kind = self.rng.choice(["c", "T", "step", "bcast", "rev"])
        if a.ndim == 0 or kind == "c":
            return a
        if kind == "T":
            return np.ascontiguousarray(a.T).T
        if kind == "step":
            return np.repeat(a, 2, axis=-1)[..., ::2]
        if kind == "rev":
            return np.ascontiguousarray(a[..., ::-1])[..., ::-1]
        return np.broadcast_to(a[..., :1], a.shape)

    def compare(self, tag, np_fn, nd_fn, tol_dtype=None, errors_only=False):
        """Runs both; counts and prints a mismatch of exception type, dtype, shape or values."""
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                expected, np_error = np.asarray(np_fn()), None
            except Exception as e:  # noqa: BLE001 - any NumPy error is the reference
                expected, np_error = None, type(e)
            try:
                got, nd_error = nd_fn(), None
            except Exception as e:  # noqa: BLE001
                got, nd_error = None, e
        if np_error or nd_error:
            # NumPy's own exception classes (UFuncTypeError, ...) count as their builtin base.
            base = np_error and next(c for c in np_error.__mro__ if c.__module__ == "builtins")
            if np_error is None or nd_error is None or not isinstance(nd_error, base):
                self.fail("ERROR", tag, np_error, repr(nd_error)[:160])
            return
        if errors_only:
            return
        host = got.get() if hasattr(got, "get") else np.asarray(got)
        if host.dtype != expected.dtype or host.shape != expected.shape:
            self.fail("META", tag, expected.dtype, host.dtype, expected.shape, host.shape)
            return
        kind = expected.dtype.kind
        if kind in "fc":
            t = tolerance(expected.dtype)
            if tol_dtype is not None and np.dtype(tol_dtype).kind in "fc":
                t = max(t, tolerance(np.dtype(tol_dtype)))
            # Real and imaginary parts apart: inf + 1j against inf + 1.0000001j is close.
            ok = all(np.allclose(part(host), part(expected), rtol=t, atol=t, equal_nan=True)
                     for part in (np.real, np.imag))
        else:
            ok = np.array_equal(host, expected)
        if not ok:
            self.fail("VALUE", tag, expected.ravel()[:4], host.ravel()[:4])

    def fail(self, what, tag, *detail):
        self.fails += 1
        print(what, tag, *detail)

    def shape(self, max_nd=3):
        return tuple(self.rng.choice([0, 1, 2, 3, 5, 7]) if self.rng.random() < 0.15
                     else self.rng.randrange(1, 6) for _ in range(self.rng.randrange(0, max_nd + 1)))

    def reductions(self):
        fn = self.rng.choice(REDUCTIONS)
        dtype = self.rng.choice(DTYPES)
        if dtype == np.complex64 and fn in ("ptp", "argmax", "argmin", "nanargmax", "nanargmin"):
            return
        a = self.layout(self.values(self.shape(), dtype, specials=0.3))
        kw = {}
        if a.ndim and (fn == "diff" or self.rng.random() < 0.7):
            if fn in ONE_AXIS or self.rng.random() < 0.5:
                kw["axis"] = self.rng.randrange(-a.ndim, a.ndim)
            else:
                kw["axis"] = tuple(self.rng.sample(range(a.ndim), self.rng.randrange(1, a.ndim + 1)))
        if fn == "diff":
            if a.ndim == 0:
                return
            kw["n"] = self.rng.randrange(0, 3)
        elif fn not in ONE_AXIS - {"argmax", "argmin", "nanargmax", "nanargmin"} \
                and fn != "count_nonzero" and self.rng.random() < 0.3:
            kw["keepdims"] = True
        if fn in ("var", "std", "nanvar", "nanstd") and self.rng.random() < 0.4:
            kw["ddof"] = self.rng.randrange(0, 3)
        if fn in OUT_OK and self.rng.random() < 0.25:
            return self.reduction_out(fn, a, kw)
        self.compare("%s%s %s %s" % (fn, kw, a.dtype, a.shape),
                     lambda: getattr(np, fn)(a, **kw), lambda: getattr(cp, fn)(cp.asarray(a), **kw))

    def reduction_out(self, fn, a, kw):
        """The same call into a given output of a random dtype (NumPy's casts and errors)."""
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            try:
                plain = np.asarray(getattr(np, fn)(a, **kw))
            except Exception:  # noqa: BLE001 - the plain call's errors are tested without out=
                return
        shape = plain.shape
        out_dtype = self.rng.choice(DTYPES)
        # Into an output that cannot hold every result (int64 into int8, float into int),
        # NumPy's values depend on its buffering (max's first element passes through out,
        # nanvar accumulates in out) and C's undefined casts: only its errors are compared.
        errors_only = not np.can_cast(plain.dtype, out_dtype, "safe")

        def run_np():
            out = np.zeros(shape, out_dtype)
            assert getattr(np, fn)(a, out=out, **kw) is out
            return out

        def run_nd():
            out = cp.zeros(shape, out_dtype)
            assert getattr(cp, fn)(cp.asarray(a), out=out, **kw) is out
            return out
        # NumPy may compute in the input's precision or the output's: either is right.
        self.compare("%s%s out=%s %s %s" % (fn, kw, np.dtype(out_dtype), a.dtype, a.shape),
                     run_np, run_nd, tol_dtype=a.dtype, errors_only=errors_only)

    def ufuncs(self):
        binary = self.rng.random() < 0.6
        name = self.rng.choice(BINARY if binary else UNARY)
        shape = self.shape()
        ins = []
        for k in range(2 if binary else 1):
            if k and self.rng.random() < 0.15:
                ins.append(self.rng.choice([2, -3, 1.5, True, 2j]))
                continue
            s = tuple(1 if self.rng.random() < 0.3 else n for n in shape)
            ins.append(self.layout(self.values(s, self.rng.choice(DTYPES))))
        use_out = self.rng.random() < 0.3

        def run_nd():
            args = [cp.asarray(x) if isinstance(x, np.ndarray) else x for x in ins]
            ufunc = getattr(cp, name)
            if not use_out:
                ufunc(*args)
                return ufunc(*args)  # twice: the second call takes the dispatch shortcut
            ref = np.asarray(getattr(np, name)(*ins))
            out = cp.empty(ref.shape, ref.dtype)
            ufunc(*args, out=out)
            assert ufunc(*args, out=out) is out
            return out
        self.compare("%s %s %s out=%s" % (name, [getattr(x, "dtype", x) for x in ins], shape,
                                          use_out),
                     lambda: getattr(np, name)(*ins), run_nd)

    def fuse(self):
        """A random expression of 1-3 arrays and scalars, fused, against NumPy running it."""
        nargs = self.rng.randrange(1, 4)
        shape = self.shape(max_nd=2)
        args = []
        for k in range(nargs):
            # Scalar arguments: floats and complex (a Python int argument is cast to the
            # loop's dtype unchecked, docs/fuse.md; Python's abs(True) is an int).
            if k and self.rng.random() < 0.25:
                args.append(self.rng.choice([1.5, -0.25, 2.5j]))
            else:
                s = tuple(1 if self.rng.random() < 0.3 else n for n in shape)
                args.append(self.values(s, self.rng.choice(FUSE_DTYPES)))
        steps = [self.rng.choice(FUSE_OPS) for _ in range(self.rng.randrange(1, 5))]
        picks = [self.rng.randrange(nargs) for _ in steps]
        const = self.rng.choice([2, 0.5, -1, 3.0])
        final = self.rng.choice([None, None, "sum", "max", "mean"])
        # (NumPy's sum of a 0-d array takes axis=-1, a quirk ndgpu does not copy: axis=None)
        axis = self.rng.choice([None, -1]) if final and shape else None
        after = final and self.rng.random() < 0.4  # elementwise work on the reduction's result

        def body(*xs):
            xp = cp.get_array_module(*xs)
            v = xs[0]
            for op, k in zip(steps, picks):
                v = FUSE_IMPL[op](xp, v, xs[k], const)
            if after:
                return v + getattr(xp, final)(v, axis=axis, keepdims=True)
            return getattr(xp, final)(v, axis=axis) if final else v

        fused = cp.fuse()(body)
        tag = "fuse %s %s final=%s(axis=%s) after=%s %s" % (
            steps, [getattr(a, "dtype", a) for a in args], final, axis, after, shape)
        # Intermediates (abs of complex64 is float32) round as their own dtype: the
        # tolerance is the least precise input's.
        inexact = [a.dtype for a in args if isinstance(a, np.ndarray) and a.dtype.kind in "fc"]
        low = max(inexact, key=tolerance) if inexact else None
        self.compare(tag, lambda: body(*args),
                     lambda: fused(*[cp.asarray(a) if isinstance(a, np.ndarray) else a for a in args]),
                     tol_dtype=low)

    def norm(self):
        dtype = self.rng.choice([np.float32, np.float64, np.int32, np.int8, np.complex64,
                                 np.float16, np.bool_])
        nd = self.rng.choice([1, 2, 3])
        a = self.values(tuple(self.rng.choice([0, 1, 2, 3, 5, 17]) for _ in range(nd)), dtype,
                        specials=0.2)
        kw = {}
        if nd == 1 or self.rng.random() < 0.4:
            if nd >= 2:
                kw["axis"] = self.rng.randrange(-nd, nd)
            kw["ord"] = self.rng.choice([None, 0, 1, 2, np.inf, -np.inf, 3, 0.5, -1, -2])
        else:
            axes = tuple(self.rng.sample(range(nd), 2))
            if nd > 2 or self.rng.random() < 0.5:
                kw["axis"] = axes
            kw["ord"] = self.rng.choice([None, "fro", 1, -1, np.inf, -np.inf])
        if self.rng.random() < 0.3:
            kw["keepdims"] = True
        self.compare("norm%s %s %s" % (kw, a.dtype, a.shape), lambda: np.linalg.norm(a, **kw),
                     lambda: cp.linalg.norm(cp.asarray(a), **kw))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=["reductions", "ufuncs", "norm", "fuse"])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n", type=int, default=400)
    args = ap.parse_args()
    fuzz = Fuzz(args.seed)
    for _ in range(args.n):
        getattr(fuzz, args.what)()
    print("%s: %d calls, %d mismatches" % (args.what, args.n, fuzz.fails))
    sys.exit(1 if fuzz.fails else 0)


if __name__ == "__main__":
    main()
