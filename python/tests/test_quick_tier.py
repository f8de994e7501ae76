"""The quick tier: a new ElementwiseKernel's first call runs on the interpreter while its
kernel compiles in the background. Both tiers must give NumPy's values, bit for bit the same."""
import uuid

import numpy as np
import pytest

import ndgpu as cp
from conftest import sample

core = cp._core


@pytest.fixture
def quick_on():
    previous = core._quick_tier()
    core._set_quick_tier("on")  # every device; the CPU backend builds the interpreter once
    yield
    core._wait_for_background_work()
    core._set_quick_tier(previous)


def fresh(in_params, out_params, body, name="quick"):
    """A kernel no cache holds: a unique comment changes the source, not the meaning."""
    return cp.ElementwiseKernel(in_params, out_params,
                                "%s /* %s */" % (body, uuid.uuid4().hex), name)


def interpreted():
    return core._kernel_cache_stats()["interpreted_launches"]


def both_tiers(kernel, *args, **kwargs):
    """The first call (interpreted) and a call after the background compile (compiled)."""
    before = interpreted()
    first = kernel(*args, **kwargs)
    assert interpreted() == before + 1, "the first call did not run on the interpreter"
    core._wait_for_background_work()
    second = kernel(*args, **kwargs)
    assert interpreted() == before + 1, "the compiled kernel did not take over"
    return first, second


def assert_bits(a, b):
    """Equal values and dtypes, NaNs included, bit for bit."""
    a, b = np.asarray(a), np.asarray(b)
    assert a.dtype == b.dtype and a.shape == b.shape
    assert a.tobytes() == b.tobytes(), (a, b)


def assert_tiers_agree(first, second):
    """Every output of the interpreted call equals the compiled call's, bit for bit."""
    as_tuple = lambda r: r if isinstance(r, tuple) else (r,)  # noqa: E731
    for u, v in zip(as_tuple(first), as_tuple(second)):
        assert_bits(u.get(), v.get())


def test_seed_squared_diff_first_call_is_interpreted(quick_on):
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    y = np.broadcast_to(np.arange(5, dtype=np.float32)[::-1], x.shape).copy()
    k = fresh("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)", "squared_diff")
    first, second = both_tiers(k, cp.asarray(x), cp.asarray(y))
    np.testing.assert_array_equal(first.get(), (x - y) * (x - y))
    assert_bits(first.get(), second.get())


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_multiply_add_is_not_contracted(quick_on, dtype):
    x, y, w = (sample((1000,), dtype, seed=s) for s in range(3))
    k = fresh("T x, T y, T w", "T z", "z = x * y + w")
    first, second = both_tiers(k, cp.asarray(x), cp.asarray(y), cp.asarray(w))
    np.testing.assert_array_equal(first.get(), x * y + w)  # NumPy rounds the product first
    assert_bits(first.get(), second.get())


def test_mixed_types_follow_cpp_conversions(quick_on):
    a = sample((257,), np.int32, seed=1)
    b = sample((257,), np.float32, seed=2)
    c = sample((257,), np.float64, seed=3)
    k = fresh("int32 a, float32 b, float64 c", "float64 z, int16 s",
              "z = a / 2 + b * 2.5f - c; s = a * 3 - 7")
    first, second = both_tiers(k, cp.asarray(a), cp.asarray(b), cp.asarray(c))
    half = (np.abs(a) // 2 * np.sign(a)).astype(np.int32)  # C truncates toward zero
    z = (half.astype(np.float32) + b * np.float32(2.5)).astype(np.float64) - c
    np.testing.assert_array_equal(first[0].get(), z)
    np.testing.assert_array_equal(first[1].get(), (a * 3 - 7).astype(np.int16))
    assert_tiers_agree(first, second)


def test_scalars_placeholders_and_index(quick_on):
    x = sample((300,), np.float32, seed=4)
    k = fresh("T x, T s", "T y", "y = x * s + (T)i")
    first, second = both_tiers(k, cp.asarray(x), np.float32(1.5))
    expect = x * np.float32(1.5) + np.arange(300, dtype=np.float32)
    np.testing.assert_array_equal(first.get(), expect)
    assert_bits(first.get(), second.get())


def test_integer_ops_and_guarded_division(quick_on):
    a = sample((500,), np.int64, seed=5)
    b = sample((500,), np.int64, seed=6)
    b[::7] = 0
    k = fresh("int64 a, int64 b", "int64 q, int64 r, uint32 m",
              "q = b != 0 ? a / b : -1; r = b != 0 ? a % b : 0;"
              " m = ((unsigned int)a << 3) ^ (unsigned int)(b & 5)")
    first, second = both_tiers(k, cp.asarray(a), cp.asarray(b))
    nz = b != 0
    safe_b = np.where(nz, b, 1)
    q = np.where(nz, np.abs(a) // np.abs(safe_b) * np.sign(a) * np.sign(safe_b), -1)
    r = np.where(nz, a - q * safe_b, 0)
    m = ((a.astype(np.uint32) << np.uint32(3)) ^ (b & 5).astype(np.uint32)).astype(np.uint32)
    np.testing.assert_array_equal(first[0].get(), q)
    np.testing.assert_array_equal(first[1].get(), r)
    np.testing.assert_array_equal(first[2].get(), m)
    assert_tiers_agree(first, second)


def test_math_functions_match_numpy(quick_on):
    x = np.linspace(-3, 3, 401).astype(np.float64)
    x[::50] = np.nan
    k = fresh("float64 x", "float64 a, float64 b, bool nan_or_big",
              "a = exp(x) * sin(x) + sqrt(fabs(x)); b = fmax(x, 0.5) + pow(fabs(x) + 1.0, x);"
              " nan_or_big = isnan(x) || x > 2.0")
    first, second = both_tiers(k, cp.asarray(x))
    with np.errstate(invalid="ignore"):
        np.testing.assert_allclose(first[0].get(), np.exp(x) * np.sin(x) + np.sqrt(np.abs(x)),
                                   rtol=1e-14)
        np.testing.assert_allclose(first[1].get(), np.fmax(x, 0.5) + (np.abs(x) + 1.0) ** x,
                                   rtol=1e-14)
        np.testing.assert_array_equal(first[2].get(), np.isnan(x) | (x > 2.0))
    assert_tiers_agree(first, second)


def test_output_read_and_given_outputs(quick_on):
    x = sample((64,), np.float32, seed=7)
    z0 = sample((64,), np.float32, seed=8)
    z = cp.asarray(z0)
    k = fresh("float32 x", "float32 z", "z += x * 2.0f")
    before = interpreted()
    k(cp.asarray(x), z)
    assert interpreted() == before + 1
    np.testing.assert_array_equal(z.get(), z0 + x * np.float32(2))


def test_small_int_types_promote(quick_on):
    a = sample((100,), np.uint8, seed=9)
    b = sample((100,), np.int16, seed=10)
    f = sample((100,), np.bool_, seed=11)
    k = fresh("uint8 a, int16 b, bool f", "int32 s, uint8 w, bool g",
              "s = a * b - f; w = a + 250; g = a > b && !f")
    first, second = both_tiers(k, cp.asarray(a), cp.asarray(b), cp.asarray(f))
    ai, bi = a.astype(np.int32), b.astype(np.int32)
    np.testing.assert_array_equal(first[0].get(), ai * bi - f.astype(np.int32))
    np.testing.assert_array_equal(first[1].get(), (ai + 250).astype(np.uint8))
    np.testing.assert_array_equal(first[2].get(), (ai > bi) & ~f)
    assert_tiers_agree(first, second)


def test_bodies_outside_the_interpreter_compile(quick_on):
    x = cp.asarray(sample((50,), np.float32))
    before = interpreted()
    # A preamble function, raw indexing, and a loop: the interpreter does not take these.
    k1 = cp.ElementwiseKernel("float32 x", "float32 y", "y = twice(x)", "pre",
                              preamble="__device__ float twice(float v) { return 2 * v; }")
    np.testing.assert_array_equal(k1(x).get(), 2 * x.get())
    k2 = fresh("raw float32 x", "float32 y", "y = x[_ind.size() - 1 - i]")
    np.testing.assert_array_equal(k2(x, size=50).get(), x.get()[::-1])
    k3 = fresh("float32 x", "float32 y", "y = 0; for (int j = 0; j < 3; ++j) y += x")
    np.testing.assert_allclose(k3(x).get(), 3 * x.get(), rtol=1e-6)
    assert interpreted() == before


def test_strided_and_broadcast_calls_are_interpreted(quick_on):
    h = sample((40, 40), np.float32)
    row = sample((40,), np.float64, seed=3)
    k = fresh("float32 x, float64 r", "float64 y", "y = x * r + i")
    # A strided view beside a broadcast row, and a transposed output.
    out = cp.empty((40, 20), dtype=np.float64).T
    x = cp.asarray(h)[:, ::2].T  # (20, 40), strides (8, 160)
    first, second = both_tiers(k, x, cp.asarray(row), out)
    expect = h[:, ::2].T.astype(np.float64) * row + np.arange(800).reshape(20, 40)
    np.testing.assert_array_equal(out.get(), expect)
    assert_bits(first.get(), second.get())


def test_large_and_overlapping_calls_compile(quick_on):
    k = fresh("float32 x", "float32 y", "y = x + 1.0f")
    big = np.ones((1 << 22) + 1, dtype=np.float32)
    big_d = cp.asarray(big)
    # Two outputs over the same memory: the tiers' store orders could differ.
    two = fresh("float32 x", "float32 y, float32 z", "y = x; z = x * 2.0f")
    buf = cp.asarray(np.zeros(11, dtype=np.float32))
    ones = cp.asarray(np.ones(10, dtype=np.float32))
    before = interpreted()
    np.testing.assert_array_equal(k(big_d).get(), big + 1)
    two(ones, buf[:10], buf[1:])
    assert interpreted() == before  # (the values where they overlap depend on thread order)


def test_off_mode_never_interprets():
    previous = core._quick_tier()
    core._set_quick_tier("off")
    try:
        before = interpreted()
        x = sample((10,), np.float64)
        k = fresh("float64 x", "float64 y", "y = x * x")
        np.testing.assert_array_equal(k(cp.asarray(x)).get(), x * x)
        assert interpreted() == before
    finally:
        core._set_quick_tier(previous)
    with pytest.raises(ValueError):
        core._set_quick_tier("sometimes")


def fresh_reduction(in_params, out_params, map_expr, reduce_expr, post, identity, **kw):
    return cp.ReductionKernel(in_params, out_params, "%s /* %s */" % (map_expr, uuid.uuid4().hex),
                              reduce_expr, post, identity, "quick_red", **kw)


def test_seed_l2norm_first_call_is_interpreted(quick_on):
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    k = fresh_reduction("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0")
    first, second = both_tiers(k, cp.asarray(x), axis=1)
    np.testing.assert_allclose(first.get(), np.array([5.4772253, 15.9687195], np.float32),
                               rtol=1e-6)
    assert_bits(first.get(), second.get())


@pytest.mark.parametrize("shape", [(1, 1), (3, 7), (5, 300), (64, 1000), (2, 4096)])
def test_row_reductions_match_numpy(quick_on, shape):
    h = sample(shape, np.float64, seed=12)
    k = fresh_reduction("float64 x", "float64 y", "x", "max(a, b)", "y = a * 2.0", "-1e300")
    first, second = both_tiers(k, cp.asarray(h), axis=1)
    np.testing.assert_array_equal(first.get(), h.max(axis=1) * 2.0)
    assert_bits(first.get(), second.get())

    i = sample(shape, np.int32, seed=13)
    s = fresh_reduction("int32 x", "int64 y", "x * 3 - 1", "a + b", "y = a", "0",
                        reduce_type="int64")
    first, second = both_tiers(s, cp.asarray(i), axis=1)
    np.testing.assert_array_equal(first.get(), (i.astype(np.int64) * 3 - 1).sum(axis=1))
    assert_bits(first.get(), second.get())


def test_float_sum_rows_agree_between_tiers(quick_on):
    h = sample((8, 777), np.float32, seed=14)
    k = fresh_reduction("float32 x", "float32 y", "x * 0.5f", "a + b", "y = a / 777.0f", "0")
    first, second = both_tiers(k, cp.asarray(h), axis=1)
    np.testing.assert_allclose(first.get(), (h * np.float32(0.5)).mean(axis=1), rtol=1e-5)
    assert_bits(first.get(), second.get())


def test_reductions_outside_the_interpreter_compile(quick_on):
    h = sample((4, 50), np.float32, seed=15)
    before = interpreted()
    # The index, a preamble function, and a column reduction: compiled as before.
    k1 = fresh_reduction("float32 x", "float32 y", "x * (float)(i % 2)", "a + b", "y = a", "0")
    np.testing.assert_allclose(k1(cp.asarray(h), axis=1).get(), _index_weighted_rows(h),
                               rtol=1e-5)
    k2 = cp.ReductionKernel("float32 x", "float32 y", "twice(x)", "a + b", "y = a", "0", "pre",
                            preamble="__device__ float twice(float v) { return 2 * v; }")
    np.testing.assert_allclose(k2(cp.asarray(h), axis=1).get(), 2 * h.sum(axis=1), rtol=1e-5)
    k3 = fresh_reduction("float32 x", "float32 y", "x", "a + b", "y = a", "0")
    np.testing.assert_allclose(k3(cp.asarray(h), axis=0).get(), h.sum(axis=0), rtol=1e-5)
    assert interpreted() == before


def _index_weighted_rows(h):
    """Row sums of x * (i % 2), where i = j * rows + row is CuPy's index in a row reduction."""
    rows, cols = h.shape
    j = np.arange(cols)
    return np.array([(h[r] * ((j * rows + r) % 2)).sum() for r in range(rows)], np.float32)


EXIT_RIGHT_AFTER = r"""
import uuid, numpy as np, ndgpu as cp
k = cp.ElementwiseKernel("float64 x", "float64 y", "y = x * 3.0 /* %s */" % uuid.uuid4().hex, "k")
stats = cp._core._kernel_cache_stats()
print("RESULT", k(cp.asarray(np.arange(4.0))).get().tolist(),
      cp._core._kernel_cache_stats()["interpreted_launches"])
print("PACK", cp._core._kernel_cache_stats()["pack_hits"] - stats["pack_hits"])
"""


def test_exit_right_after_an_interpreted_call_waits_for_the_compile(tmp_path):
    import os
    import subprocess
    import sys
    env = dict(os.environ, NDGPU_QUICK_TIER="1", NDGPU_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", EXIT_RIGHT_AFTER], env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "RESULT [0.0, 3.0, 6.0, 9.0] 1" in out.stdout, out.stdout
    # The background compile finished before exit: its kernel is in the disk cache, beside
    # the interpreter unless that came from the ahead-of-time pack (CUDA).
    from_pack = int(out.stdout.split("PACK")[1].split()[0])
    kernels = os.listdir(os.path.join(str(tmp_path), "kernels"))
    assert len(kernels) == 2 - from_pack, kernels


def _random_body(rng, depth):
    """A random body over int32 a, uint32 b, int64 c, float32 x, float64 y (no undefined
    behaviour: small values, odd divisors, no float-to-int casts out of range)."""
    leaves = {"int": ["a", "c", "(int)x", "(a > 0)", str(rng.randint(-9, 9))],
              "uint": ["b", "(b | 1u)", "%du" % rng.randint(0, 9)],
              "float": ["x", "y", "(float)a", "(double)c", "%.3ff" % rng.uniform(-3, 3)]}

    def expr(kind, d):
        if d == 0:
            return rng.choice(leaves[kind])
        r = rng.random()
        sub = lambda k=kind: expr(k, d - 1)  # noqa: E731
        if kind == "float":
            if r < 0.4:
                return "(%s %s %s)" % (sub(), rng.choice("+-*/"), sub(rng.choice(["float", "int"])))
            if r < 0.6:
                return "%s(fabs(%s))" % (rng.choice(["sqrt", "exp", "log1p", "sin", "tanh", "cbrt"]),
                                         sub())
            if r < 0.8:
                return "(%s > %s ? %s : %s)" % (sub(), sub("int"), sub(), sub())
            return "(%s + %s)" % (sub(), sub("uint"))
        if kind == "int":
            if r < 0.4:
                return "(%s %s %s)" % (sub(), rng.choice("+-*"), sub())
            if r < 0.6:
                return "(%s / (%s | 1))" % (sub(), sub())
            if r < 0.8:
                return "min((int)(%s), (int)(%s))" % (sub(), sub())
            return "(%s && %s)" % (sub(), sub("float"))
        return "(%s %s %s)" % (sub(), rng.choice(["+", "*", "^", "&"]), sub())

    kind = rng.choice(["float", "int", "uint"])
    return kind, "z = %s; w = %s" % (expr("float", depth), expr(kind, depth))


def test_random_bodies_agree_between_tiers(quick_on):
    import random
    rng = random.Random(20261130)
    h = [sample((64,), np.int32, seed=1), sample((64,), np.uint32, seed=2),
         sample((64,), np.int64, seed=3), (sample((64,), np.float32, seed=4) / 3).astype(np.float32),
         sample((64,), np.float64, seed=5) / 3]
    args = [cp.asarray(v) for v in h]
    interpreted_bodies = 0
    for _ in range(12):
        kind, body = _random_body(rng, 2)
        out_type = {"float": "float32", "int": "int32", "uint": "uint32"}[kind]
        k = fresh("int32 a, uint32 b, int64 c, float32 x, float64 y",
                  "float64 z, %s w" % out_type, body)
        before = interpreted()
        first = [o.get() for o in k(*args)]
        interpreted_bodies += interpreted() - before
        core._wait_for_background_work()
        second = [o.get() for o in k(*args)]
        for u, v in zip(first, second):
            assert u.dtype == v.dtype and u.tobytes() == v.tobytes(), (body, u, v)
    assert interpreted_bodies >= 8  # a few draw constant-only math, which the tier declines


def test_python_turns_the_tier_on_unless_the_environment_says():
    import os
    import subprocess
    import sys
    code = "import ndgpu; print('MODE', ndgpu._core._quick_tier())"
    for env_value, expect in ((None, "auto"), ("0", "off"), ("1", "on")):
        env = dict(os.environ)
        env.pop("NDGPU_QUICK_TIER", None)
        if env_value is not None:
            env["NDGPU_QUICK_TIER"] = env_value
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=120)
        assert "MODE " + expect in out.stdout, (env_value, out.stdout, out.stderr)
