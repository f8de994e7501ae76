"""What NVRTC accepts in a RawKernel, the CPU backend's prelude accepts too: a kernel's own
integer typedefs, and CUDA's math API (compared with NumPy, math and known values)."""
import math
from fractions import Fraction

import numpy as np

import ndgpu as cp

MASK64 = (1 << 64) - 1
# The CPU prelude rounds once (within an ulp); CUDA documents errors of a few ulps (erfcinv 6,
# normcdfinv 8, cyl_bessel_i0 6, float forms up to 5 and absolute bounds for the Bessel ones).
ON_CPU = cp._core.backend_name() == "cpu"
GPU_SLACK = 1 if ON_CPU else 4
FLOAT_RTOL, FLOAT_ATOL = (1.2e-7, 1e-45) if ON_CPU else (8e-7, 2e-6)


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


def test_kernel_declaring_its_own_stdint_typedefs():
    # As kernels written for NVRTC (which has no <stdint.h>) do. On Linux x86-64 the C
    # library's uint64_t is unsigned long, so the host compiler used to refuse these lines;
    # the prelude now gives int64_t NVRTC's type, long long (the overload shows it).
    k = cp.RawKernel(r'''
typedef unsigned long long uint64_t;
typedef long long int64_t;
typedef unsigned int uint32_t;
__device__ int overload_of(long long) { return 1; }
__device__ int overload_of(long) { return 2; }
extern "C" __global__ void mix(const uint64_t* seed, uint64_t* out, int64_t* which, uint32_t n) {
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint64_t x = seed[i] + 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    out[i] = x ^ (x >> 31);
    which[i] = overload_of(int64_t(i));
}
''', 'mix')
    seeds = np.array([0, 1, 2, 12345, 2**63 + 7, MASK64], dtype=np.uint64)
    out = cp.zeros(seeds.size, dtype=cp.uint64)
    which = cp.zeros(seeds.size, dtype=cp.int64)
    k((1,), (32,), (cp.asarray(seeds), out, which, seeds.size))
    assert out.get().tolist() == [splitmix64(int(s)) for s in seeds]
    assert which.get().tolist() == [1] * seeds.size


# --- CUDA's math functions: one kernel evaluates function f (blockIdx.y) at its inputs ------

MATH_KERNEL = r'''
template <class T>
__device__ T apply(int f, T x) {
    switch (f) {
    case 0: return erfinv(x);
    case 1: return erfcinv(x);
    case 2: return erfcx(x);
    case 3: return normcdf(x);
    case 4: return normcdfinv(x);
    case 5: return sinpi(x);
    case 6: return cospi(x);
    case 7: return rsqrt(x);
    case 8: return rcbrt(x);
    case 9: return exp10(x);
    case 10: return cyl_bessel_i0(x);
    case 11: return cyl_bessel_i1(x);
    case 12: return j0(x);
    case 13: return jn(2, x);
    case 14: return lgamma(x);
    default: return tgamma(x);
    }
}
extern "C" __global__ void math_table(const double* xd, const float* xf, double* od, float* of, int n) {
    int i = threadIdx.x, f = blockIdx.y;
    if (i >= n) return;
    od[f * n + i] = apply(f, xd[f * n + i]);
    of[f * n + i] = apply(f, xf[f * n + i]);
}
'''


def _bisect(f, target, lo, hi):
    """The double x in [lo, hi] where the monotone f crosses target (to the last bit)."""
    rising = f(hi) > f(lo)
    for _ in range(2000):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if (f(mid) < target) == rising:
            lo = mid
        else:
            hi = mid
    return lo if abs(f(lo) - target) <= abs(f(hi) - target) else hi


def _erfcinv(z):
    if z == 0 or z == 2:
        return math.inf if z == 0 else -math.inf
    if z > 1:
        return -_erfcinv(2 - z)
    if z >= 0.5:  # erf keeps relative precision near 0, erfc near its tail
        return _bisect(math.erf, 1 - z, 0.0, 1.0)
    return _bisect(math.erfc, z, 0.0, 30.0)


def _erfinv(y):
    return math.copysign(_erfcinv(1 - abs(y)), y) if abs(y) > 0.5 else _bisect(math.erf, y, -1.0, 1.0)


def _series(x, k_term, terms=80):
    """An exact (rational) power series, rounded once."""
    return float(sum(k_term(Fraction(x), k) for k in range(terms)))


def _bessel_j(n, x):
    return _series(x, lambda q, k: (-1) ** k * (q / 2) ** (2 * k + n) / (math.factorial(k) * math.factorial(k + n)))


def _bessel_i1(x):
    return _series(x, lambda q, k: (q / 2) ** (2 * k + 1) / (math.factorial(k) * math.factorial(k + 1)))


def _sinpi(x, cosine=False):
    r = math.remainder(x, 2.0)
    n = round(2 * r)
    f = r - n / 2
    v = [math.sin(math.pi * f), math.cos(math.pi * f), -math.sin(math.pi * f), -math.cos(math.pi * f)]
    v = v[(n + (1 if cosine else 0)) % 4]
    return (0.0 if cosine else math.copysign(0.0, x)) if v == 0 else v


def _erfcx(x):
    if x < 26:
        return math.erfc(x) * math.exp(x * x)  # inputs with exact squares below
    r = Fraction(1) / (2 * Fraction(x) ** 2)  # the asymptotic series, exactly
    terms = [(-r) ** k * math.prod(range(1, 2 * k, 2)) for k in range(12)]
    return float(sum(terms)) / (x * math.sqrt(math.pi))


# function: (inputs, reference, relative tolerance of the double form)
MATH_CASES = [
    ([-0.999999, -0.7, -0.5, -1e-300, 0.0, 1e-10, 0.3, 0.99, 1 - 2**-40], _erfinv, 2e-15),
    ([1e-300, 1e-100, 1e-10, 0.01, 0.3, 0.9, 1.0, 1.2, 1.7, 2 - 1e-12], _erfcinv, 2e-15),
    ([-2.5, -0.5, 0.0, 0.5, 1.5, 3.25, 7.0, 12.5, 20.0, 30.0, 1e3, 1e10], _erfcx, 2e-15),
    ([-10.0, -3.0, -1.0, 0.0, 0.5, 2.0, 6.0], lambda x: 0.5 * math.erfc(-x / math.sqrt(2)), 5e-14),
    ([1e-300, 1e-20, 1e-3, 0.3, 0.5, 0.8, 0.999999],
     lambda p: -math.sqrt(2) * _erfcinv(2 * p), 2e-15),
    ([0.1, -0.2, 0.25, 0.5, 1.0, 1.75, -2.5, 3.0, 1e300, 123456.125], _sinpi, 5e-16),
    ([0.1, -0.2, 0.25, 0.5, 1.0, 1.75, -2.5, 3.0, 1e300, 123456.125],
     lambda x: _sinpi(x, cosine=True), 5e-16),
    ([1e-300, 0.3, 2.0, 1e10], lambda x: 1 / math.sqrt(x), 5e-16),
    ([-8.0, 1e-300, 0.3, 2.0, 1e10], lambda x: 1 / np.cbrt(x), 5e-16),
    ([-300.0, -1.5, 0.0, 0.3, 2.0, 10.0, 300.0], lambda x: 10.0 ** x, 1e-15),
    ([0.0, 0.5, 3.0, 20.0, -7.0, 50.0, 700.0], lambda x: float(np.i0(x)), 1e-15),
    ([0.0, 0.5, 3.0, 20.0, -7.0], _bessel_i1, 1e-15),
    ([0.0, 0.5, 1.0, 2.5, 4.0], lambda x: _bessel_j(0, x), 1e-14),
    # CUDA 13's jn(2, x): NaN at 0 (its recurrence divides by x) and ~1e-12 relative error
    # (measured on an H200); the CPU prelude is exact to an ulp.
    ([0.0, 0.5, 1.0, 2.5, 4.0] if ON_CPU else [0.5, 1.0, 2.5, 4.0],
     lambda x: _bessel_j(2, x), 1e-14 if ON_CPU else 1e-12),
    ([0.5, 1.5, 3.0, 10.0, 100.0], math.lgamma, 1e-14),
    ([0.5, 1.5, 3.0, 10.0, 100.0], math.gamma, 1e-14),
]


def test_cuda_math_functions_double_and_float_forms():
    n = max(len(c[0]) for c in MATH_CASES)
    xd = np.ones((len(MATH_CASES), n))
    for f, (inputs, _, _) in enumerate(MATH_CASES):
        xd[f, :len(inputs)] = inputs
    with np.errstate(over='ignore'):
        xf = xd.astype(np.float32)  # 1e300 becomes inf (its result is skipped)
    od = cp.zeros(xd.shape, dtype=cp.float64)
    of = cp.zeros(xd.shape, dtype=cp.float32)
    k = cp.RawKernel(MATH_KERNEL, 'math_table')
    k((1, len(MATH_CASES)), (32,), (cp.asarray(xd), cp.asarray(xf), od, of, np.int32(n)))
    got_d, got_f = od.get(), of.get()
    for f, (inputs, ref, rtol) in enumerate(MATH_CASES):
        m = len(inputs)
        expect = np.array([ref(x) for x in inputs])
        np.testing.assert_allclose(got_d[f, :m], expect, rtol=rtol * GPU_SLACK, atol=0,
                                   err_msg=f"function {f}")
        # The float forms: the float argument's exact value, rounded once (within an ulp).
        finite = np.isfinite(xf[f, :m]) & (np.abs(expect) < 3e38)
        expect_f = np.array([ref(float(x)) for x in xf[f, :m][finite]]).astype(np.float32)
        np.testing.assert_allclose(got_f[f, :m][finite], expect_f, rtol=FLOAT_RTOL, atol=FLOAT_ATOL,
                                   err_msg=f"function {f} (float)")


def test_cuda_math_special_values():
    k = cp.RawKernel(MATH_KERNEL, 'math_table')
    cases = {0: ([1.0, -1.0, 1.5, np.nan], [np.inf, -np.inf, np.nan, np.nan]),
             1: ([0.0, 2.0, -0.5, 2.5], [np.inf, -np.inf, np.nan, np.nan]),
             2: ([np.inf, -np.inf, -30.0, np.nan], [0.0, np.inf, np.inf, np.nan]),
             3: ([np.inf, -np.inf, -40.0, np.nan], [1.0, 0.0, 0.0, np.nan]),
             4: ([0.0, 1.0, -0.1, 1.1], [-np.inf, np.inf, np.nan, np.nan]),
             5: ([np.inf, -0.0, -4.0, np.nan], [np.nan, -0.0, 0.0, np.nan]),
             7: ([0.0, -1.0, np.inf, -0.0], [np.inf, np.nan, 0.0, -np.inf])}
    xd = np.ones((8, 4))
    for f, (x, _) in cases.items():
        xd[f] = x
    od = cp.zeros(xd.shape, dtype=cp.float64)
    of = cp.zeros(xd.shape, dtype=cp.float32)
    k((1, 8), (32,), (cp.asarray(xd), cp.asarray(xd.astype(np.float32)), od, of, np.int32(4)))
    for f, (_, expect) in cases.items():
        np.testing.assert_array_equal(od.get()[f], expect, err_msg=f"function {f}")
        zero = np.array(cases[f][0]) == 0  # documented: f(±0) keeps the zero's sign
        np.testing.assert_array_equal(np.signbit(od.get()[f][zero]), np.signbit(np.array(expect)[zero]))
        np.testing.assert_array_equal(of.get()[f], np.float32(expect), err_msg=f"function {f}")


# --- Intrinsics: arithmetic in the four rounding modes, conversions, integer intrinsics -----

ROUNDING_KERNEL = r'''
#define MODES(F, ...) F##_rn(__VA_ARGS__), F##_rz(__VA_ARGS__), F##_ru(__VA_ARGS__), F##_rd(__VA_ARGS__)
extern "C" __global__ void rounding(const float* a, const float* b, const float* c, float* f,
                                   const double* x, const double* y, const double* z, double* d,
                                   const long long* n, float* nf, int* ni) {
    int i = threadIdx.x;
    float fr[] = {MODES(__fadd, a[i], b[i]), MODES(__fsub, a[i], b[i]), MODES(__fmul, a[i], b[i]),
                  MODES(__fdiv, a[i], b[i]), MODES(__fsqrt, fabsf(a[i])), MODES(__fmaf, a[i], b[i], c[i]),
                  MODES(__frcp, b[i]), MODES(__double2float, x[i])};
    for (int k = 0; k < 32; ++k) f[i * 32 + k] = fr[k];
    double dr[] = {MODES(__dadd, x[i], y[i]), MODES(__dmul, x[i], y[i]), MODES(__ddiv, x[i], y[i]),
                   MODES(__dsqrt, fabs(x[i])), MODES(__fma, x[i], y[i], z[i]), MODES(__ll2double, n[i])};
    for (int k = 0; k < 24; ++k) d[i * 24 + k] = dr[k];
    float cv[] = {MODES(__ll2float, n[i]), MODES(__int2float, (int)n[i])};
    for (int k = 0; k < 8; ++k) nf[i * 8 + k] = cv[k];
    int iv[] = {MODES(__float2int, a[i]), MODES(__double2int, x[i]), (int)MODES(__float2ll, a[i])};
    for (int k = 0; k < 12; ++k) ni[i * 12 + k] = iv[k];
}
'''


def _round(q, dtype, mode):
    """The exact rational q rounded to dtype: nearest-even (rn), toward zero, up or down."""
    dtype = np.dtype(dtype)
    with np.errstate(over='ignore'):
        near = dtype.type(float(q))  # may be off by double rounding: fixed below
    if np.isinf(near):  # beyond the largest finite value: directed modes may stop there
        big = np.finfo(dtype).max * np.sign(near)
        return near if mode == "rn" or (mode == "ru") == (near > 0) else big
    lo = near if Fraction(float(near)) <= q else np.nextafter(near, dtype.type(-np.inf))
    hi = lo if Fraction(float(lo)) == q else np.nextafter(lo, dtype.type(np.inf))
    if mode == "rn":
        dl, dh = q - Fraction(float(lo)), Fraction(float(hi)) - q
        even = lo if int(np.array(lo).view(f"u{dtype.itemsize}")) % 2 == 0 else hi
        return lo if dl < dh else hi if dh < dl else even
    if mode == "rz":
        return lo if q >= 0 else hi
    return hi if mode == "ru" else lo


def test_arithmetic_and_conversions_in_each_rounding_mode():
    rng = np.random.default_rng(5)
    a = np.concatenate([[1.0, -1.0, 3.0, 1e30], rng.standard_normal(12)]).astype(np.float32)
    b = np.concatenate([[1e-8, -1e-8, 7.0, 1e-30], rng.standard_normal(12)]).astype(np.float32)
    c = np.concatenate([[1e-20, 0.5, -2.0, 1.0], rng.standard_normal(12)]).astype(np.float32)
    x = np.concatenate([[0.1, -1.0, 3.0, 2.0], rng.standard_normal(12) * 1e3])
    y = np.concatenate([[1e-20, -1e-17, 7.0, 1e-300], rng.standard_normal(12)])
    z = np.concatenate([[1e-30, 0.5, -2.0, 1.0], rng.standard_normal(12)])
    n = np.concatenate([[2**53 + 1, -(2**60) - 1, 16777217, -16777219],
                        rng.integers(-2**62, 2**62, 12)]).astype(np.int64)
    m = a.size
    f, d = cp.zeros((m, 32), cp.float32), cp.zeros((m, 24), cp.float64)
    nf, ni = cp.zeros((m, 8), cp.float32), cp.zeros((m, 12), cp.int32)
    args = [cp.asarray(v) for v in (a, b, c)] + [f] + [cp.asarray(v) for v in (x, y, z)] + [d, cp.asarray(n), nf, ni]
    cp.RawKernel(ROUNDING_KERNEL, 'rounding')((1,), (m,), tuple(args))
    F = Fraction
    modes = ["rn", "rz", "ru", "rd"]
    for i in range(m):
        A, B, C, X, Y, Z = (F(float(v)) for v in (a[i], b[i], c[i], x[i], y[i], z[i]))
        N = F(int(n[i]))
        exact_f = [A + B, A - B, A * B, A / B, None, A * B + C, 1 / B, X]
        for op, q in enumerate(exact_f):
            for k, mode in enumerate(modes):
                got = f.get()[i, op * 4 + k]
                if q is None:  # the square root: the float whose square brackets |a|
                    r = np.float32(math.sqrt(abs(a[i])))
                    cands = [np.nextafter(r, np.float32(-1)), r, np.nextafter(r, np.float32(np.inf))]
                    lo = max(v for v in cands if F(float(v)) ** 2 <= abs(A))
                    hi = lo if F(float(lo)) ** 2 == abs(A) else np.nextafter(lo, np.float32(np.inf))
                    want = {"rz": lo, "rd": lo, "ru": hi}.get(mode, np.float32(math.sqrt(abs(a[i]))))
                else:
                    want = _round(q, np.float32, mode)
                assert got == want, (i, op, mode, got, want)
        exact_d = [X + Y, X * Y, X / Y, None, X * Y + Z, N]
        for op, q in enumerate(exact_d):
            for k, mode in enumerate(modes):
                got = d.get()[i, op * 4 + k]
                if q is None:
                    r = math.sqrt(abs(x[i]))
                    lo = max(v for v in (np.nextafter(r, -1), r) if F(float(v)) ** 2 <= abs(X))
                    hi = lo if F(lo) ** 2 == abs(X) else np.nextafter(lo, np.inf)
                    want = {"rz": lo, "rd": lo, "ru": hi}.get(mode, r)
                else:
                    want = _round(q, np.float64, mode)
                assert got == want, (i, op, mode, got, want)
        for op, q in enumerate([N, F(int(n[i:i + 1].astype(np.int32)[0]))]):  # (int) keeps 32 bits
            for k, mode in enumerate(modes):
                assert nf.get()[i, op * 4 + k] == _round(q, np.float32, mode), (i, op, mode)
        rounded = [np.rint, np.trunc, np.ceil, np.floor]

        def saturated(v, bits):  # out-of-range conversions saturate, as the GPU's cvt does
            return max(-2**(bits - 1), min(2**(bits - 1) - 1, int(v)))
        for k in range(4):
            assert ni.get()[i, k] == saturated(rounded[k](a[i]), 32), (i, k)
            assert ni.get()[i, 4 + k] == saturated(rounded[k](x[i]), 32), (i, k)
            low = saturated(rounded[k](a[i]), 64) & 0xffffffff  # (int) of the long long
            assert ni.get()[i, 8 + k] == low - (low >> 31 << 32), (i, k)


def test_integer_intrinsics_and_vector_constructors():
    k = cp.RawKernel(r'''
extern "C" __global__ void ints(const unsigned* u, const unsigned* v, unsigned* out, double* vec) {
    int i = threadIdx.x;
    unsigned a = u[i], b = v[i];
    unsigned r[] = {__brev(a), __byte_perm(a, b, 0x5140u), __funnelshift_l(a, b, 9), __funnelshift_r(a, b, 9),
                    __funnelshift_lc(a, b, 40), (unsigned)__hadd((int)a, (int)b), (unsigned)__rhadd((int)a, (int)b),
                    __uhadd(a, b), __urhadd(a, b), __sad((int)a, (int)b, 5u), __usad(a, b, 5u),
                    (unsigned)__mul24((int)a, (int)b), __umul24(a, b), (unsigned)__mulhi((int)a, (int)b), __umulhi(a, b),
                    (unsigned)__dp4a((int)a, (int)b, 7), __dp4a(a, b, 7u), (unsigned)__popc(a), (unsigned)__clz((int)a),
                    (unsigned)__ffs((int)a), __fns(a, 4, 2), __fns(a, 20, -1), umin(a, b), __nv_bswap32(a)};
    for (int k = 0; k < 24; ++k) out[i * 24 + k] = r[k];
    if (i == 0) {
        double3 d = make_double3(1.5, 2.5, 3.5);
        float4 f = make_float4(1, 2, 3, 4);
        int2 n = make_int2(-7, 8);
        uchar3 c = make_uchar3(250, 251, 252);
        longlong2 l = make_longlong2(-3, 4);
        double4_32a w = make_double4_32a(5, 6, 7, 8);
        double got[] = {d.x, d.y, d.z, f.x + f.y + f.z + f.w, (double)n.x, (double)n.y, (double)(c.x + c.z),
                        (double)(l.x * l.y), w.w, (double)sizeof(double3), (double)alignof(double3),
                        (double)sizeof(short3), (double)alignof(float4), (double)sizeof(long3),
                        (double)alignof(longlong2), (double)alignof(double4_32a), (double)sizeof(char3)};
        for (int k = 0; k < 17; ++k) vec[k] = got[k];
    }
}
''', 'ints')
    rng = np.random.default_rng(9)
    u = np.concatenate([[0, 0xffffffff, 0x80000000, 0x12345678], rng.integers(0, 2**32, 12)]).astype(np.uint32)
    v = np.concatenate([[1, 0xffffffff, 0x7fffffff, 0x9abcdef0], rng.integers(0, 2**32, 12)]).astype(np.uint32)
    out, vec = cp.zeros((u.size, 24), cp.uint32), cp.zeros(17, cp.float64)
    k((1,), (u.size,), (cp.asarray(u), cp.asarray(v), out, vec))
    M = 0xffffffff

    def s32(x, bits=32):
        x &= (1 << bits) - 1
        return x - ((x >> (bits - 1)) << bits)

    def byte_perm(a, b, sel):
        eight = (b << 32) | a
        return sum(((eight >> (8 * ((sel >> (4 * n)) & 7))) & 0xff) << (8 * n) for n in range(4))

    def fns(mask, base, offset):
        order = range(base, 32) if offset > 0 else range(base, -1, -1)
        hits = [p for p in order if mask >> p & 1]
        return hits[abs(offset) - 1] if len(hits) >= abs(offset) else M

    for a, b, got in zip(u.tolist(), v.tolist(), out.get().tolist()):
        sa, sb = s32(a), s32(b)
        bytes_a, bytes_b = a.to_bytes(4, "little"), b.to_bytes(4, "little")
        want = [int(f"{a:032b}"[::-1], 2), byte_perm(a, b, 0x5140), ((b << 32 | a) << 9 >> 32) & M,
                ((b << 32 | a) >> 9) & M, a, (sa + sb) >> 1 & M, (sa + sb + 1) >> 1 & M, (a + b) >> 1,
                (a + b + 1) >> 1, (abs(sa - sb) + 5) & M, abs(a - b) + 5,
                s32(a, 24) * s32(b, 24) & M, (a & 0xffffff) * (b & 0xffffff) & M, (sa * sb) >> 32 & M,
                (a * b) >> 32, (sum(s32(x, 8) * s32(y, 8) for x, y in zip(bytes_a, bytes_b)) + 7) & M,
                sum(x * y for x, y in zip(bytes_a, bytes_b)) + 7, bin(a).count("1"), 32 - a.bit_length(),
                (a & -a).bit_length(), fns(a, 4, 2), fns(a, 20, -1), min(a, b),
                int.from_bytes(bytes_a, "big")]
        assert got == want, [(n, g, w) for n, (g, w) in enumerate(zip(got, want)) if g != w]
    # Values, and CUDA's sizes and alignments: double3 24/8, short3 6, float4 16, long3 24,
    # longlong2 16, double4_32a 32, char3 3.
    assert vec.get().tolist() == [1.5, 2.5, 3.5, 10, -7, 8, 502, -12, 8, 24, 8, 6, 16, 24, 16, 32, 3]


def test_norms_without_overflow_double_and_float():
    k = cp.RawKernel(r'''
extern "C" __global__ void norms(const double* v, double* d, float* f) {
    int i = threadIdx.x;
    double a = v[4 * i], b = v[4 * i + 1], c = v[4 * i + 2], e = v[4 * i + 3];
    double r[] = {rhypot(a, b), norm3d(a, b, c), rnorm3d(a, b, c), norm4d(a, b, c, e),
                  rnorm4d(a, b, c, e), norm(4, v + 4 * i), rnorm(4, v + 4 * i)};
    float fa = a, fb = b, fc = c, fe = e;
    float g[] = {rhypot(fa, fb), norm3d(fa, fb, fc), rnorm3df(fa, fb, fc), norm4d(fa, fb, fc, fe),
                 rnorm4d(fa, fb, fc, fe), norm3df(fa, fb, fc), rhypotf(fa, fb)};
    for (int k = 0; k < 7; ++k) { d[7 * i + k] = r[k]; f[7 * i + k] = g[k]; }
}
''', 'norms')
    v = np.array([[3.0, 4.0, 12.0, 84.0], [1e300, 1e300, 1e300, 1e300], [1e-300, 2e-300, 2e-300, 4e-300],
                  [np.inf, np.nan, 1.0, 2.0], [0.0, -0.0, 0.0, 0.0]])
    d, f = cp.zeros((5, 7), cp.float64), cp.zeros((5, 7), cp.float32)
    k((1,), (5,), (cp.asarray(v), d, f))
    # math.hypot: exact to an ulp, no overflow, +inf for an infinite term even beside a NaN.
    exact = np.array([[math.hypot(*row[:2]), math.hypot(*row[:3]), math.hypot(*row)] for row in v])
    with np.errstate(divide='ignore'):
        want = np.stack([1 / exact[:, 0], exact[:, 1], 1 / exact[:, 1], exact[:, 2], 1 / exact[:, 2],
                         exact[:, 2], 1 / exact[:, 2]], axis=1)
    np.testing.assert_allclose(d.get(), want, rtol=5e-16 * GPU_SLACK)
    with np.errstate(all='ignore'):
        vf = v.astype(np.float32).astype(np.float64)
        ef = np.array([[math.hypot(*row[:2]), math.hypot(*row[:3]), math.hypot(*row)] for row in vf])
        want_f = np.stack([1 / ef[:, 0], ef[:, 1], 1 / ef[:, 1], ef[:, 2], 1 / ef[:, 2], ef[:, 1],
                           1 / ef[:, 0]], axis=1).astype(np.float32)
    np.testing.assert_allclose(f.get(), want_f, rtol=FLOAT_RTOL)
