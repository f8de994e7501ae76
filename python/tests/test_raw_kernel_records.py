"""RawKernel arguments passed by value as records: NumPy structured scalars and one-element
arrays for CUDA vector types and the kernel's own structs (CuPy's examples), with their size
checked against the parameter's C type."""
import numpy as np
import pytest

import ndgpu as cp

DOUBLE3 = np.dtype({'names': ['x', 'y', 'z'], 'formats': [np.float64] * 3})


def test_double3_by_value_from_a_view_as_cupy_tests_it():
    k = cp.RawKernel(r'''
extern "C" __global__ void test_kernel(const double* a, double3 b, double* x) {
  int i = threadIdx.x;
  x[i] = a[i] + b.x + b.y + b.z;
}
''', 'test_kernel')
    a = np.arange(24, dtype=np.float64)
    b = np.random.default_rng(0).random(3).view(DOUBLE3)  # a one-element array
    for value in (b, b[0]):  # ... and its numpy.void element
        x = cp.empty(24, dtype=cp.float64)
        k((1,), (24,), (cp.asarray(a), value, x))
        np.testing.assert_array_equal(x.get(), a + b['x'] + b['y'] + b['z'])


def test_cupy_example_sum_kernel_with_double3_arrays_and_value():
    # cupy/examples: lhs and out are float64 arrays of shape (N, 3) for double3 pointers.
    k = cp.RawKernel(r'''
__device__ double3 operator+(const double3& a, const double3& b) {
  return make_double3(a.x + b.x, a.y + b.y, a.z + b.z);
}
extern "C" __global__ void sum_kernel(const double3* lhs, double3 rhs, double3* out) {
  int i = threadIdx.x;
  out[i] = lhs[i] + rhs;
}
''', 'sum_kernel')
    n = 8
    lhs = np.random.default_rng(1).random((n, 3))
    rhs = np.random.default_rng(2).random(3)
    out = cp.zeros((n, 3), dtype=cp.float64)
    k((1,), (n,), (cp.asarray(lhs), rhs.view(DOUBLE3), out))
    np.testing.assert_array_equal(out.get(), lhs + rhs)
    with pytest.raises(TypeError, match=r"argument 1 \('lhs', const double3\*\).*float32 array"):
        k((1,), (n,), (cp.zeros((n, 3), cp.float32), rhs.view(DOUBLE3), out))


CUSTOM = r'''
struct custom_user_struct {
    int4 a;
    char b;
    double c[2];
    short1 d;
    unsigned long long int e[3];
};
struct double5 {
    double value[5];
    __device__ const double& operator[](size_t i) const { return value[i]; }
};
extern "C" __global__ void test_kernel(const double* a, custom_user_struct s, double5 f, double* x) {
    int i = threadIdx.x;
    double sum = s.a.x + s.a.y + s.a.z + s.a.w + s.b + s.c[0] + s.c[1] + s.d.x;
    sum += s.e[0] + s.e[1] + s.e[2] + f[0] + f[1] + f[2] + f[3] + f[4];
    x[i] = a[i] + sum;
}
'''
# CUDA's layout of custom_user_struct: int4 aligned to 16 first, padding before c and e.
CUSTOM_DTYPE = np.dtype({'names': list('abcde'),
                         'formats': [(np.int32, 4), np.int8, (np.float64, 2), np.int16, (np.uint64, 3)],
                         'offsets': [0, 16, 24, 40, 48], 'itemsize': 80})
DOUBLE5 = np.dtype({'names': ['value'], 'formats': [(np.float64, (5,))]})


def test_user_structs_by_value_as_cupy_tests_them():
    s = np.zeros(1, dtype=CUSTOM_DTYPE)
    s['a'], s['b'], s['c'], s['d'], s['e'] = np.arange(4), 4, [5, 6], 7, [8, 9, 10]
    f = np.arange(5, dtype=np.float64)
    k = cp.RawKernel(CUSTOM, 'test_kernel')
    a = np.arange(24, dtype=np.float64)
    x = cp.empty(24, dtype=cp.float64)
    k((1,), (24,), (cp.asarray(a), s, f.view(DOUBLE5), x))
    np.testing.assert_array_equal(x.get(), a + 55.0 + f.sum())
    # NumPy's packed layout of the same fields is 59 bytes, not CUDA's 80: refused.
    packed = np.dtype({'names': list('abcde'),
                       'formats': [(np.int32, 4), np.int8, (np.float64, 2), np.int16, (np.uint64, 3)]})
    assert packed.itemsize == 59
    with pytest.raises(TypeError, match=r"argument 2 \('s', custom_user_struct\) takes 80 bytes "
                                        r"\(sizeof\(custom_user_struct\)\) but a numpy.void .* of 59 bytes"):
        k((1,), (24,), (cp.asarray(a), np.zeros(1, packed)[0], f.view(DOUBLE5), x))


def test_record_size_and_kind_errors_name_the_parameter():
    k = cp.RawKernel(r'''
extern "C" __global__ void k(double3 v, double* out) { out[0] = v.x + v.y + v.z; }
''', 'k')
    out = cp.zeros(1, dtype=cp.float64)
    two = np.zeros(1, dtype=[('x', 'f8'), ('y', 'f8')])[0]
    with pytest.raises(TypeError, match=r"\('v', double3\) takes 24 bytes \(sizeof\(double3\)\) "
                                        r"but a numpy.void .* of 16 bytes"):
        k((1,), (1,), (two, out))
    with pytest.raises(TypeError, match=r"\('v', double3\) cannot take a Python float: it takes a "
                                        r"24-byte record"):
        k((1,), (1,), (1.0, out))
    with pytest.raises(TypeError, match=r"\('out', double\*\) cannot take a numpy.void .* it needs an array"):
        k((1,), (1,), (np.zeros(1, DOUBLE3)[0], np.zeros(1, DOUBLE3)[0]))
    with pytest.raises(TypeError, match=r"numpy.ndarray of shape \(2,\).*x.view\(numpy.uint8\)"):
        k((1,), (1,), (np.zeros(2, DOUBLE3), out))


def test_arrays_of_structs_as_bytes_and_structs_from_a_header(tmp_path):
    # ndgpu arrays hold no records: an array of structs travels as its bytes, and the
    # struct's layout is read from the header that declares it.
    (tmp_path / "particle.cuh").write_text(
        "struct Particle { double3 pos; float mass; int id; };  // 32 bytes, aligned to 8\n")
    k = cp.RawKernel(r'''
#include "particle.cuh"
extern "C" __global__ void heaviest(const Particle* p, Particle shift, double* out, int n) {
    int i = threadIdx.x;
    if (i < n) out[i] = p[i].mass * p[i].id + p[i].pos.z + shift.pos.x;
}
''', 'heaviest', options=("-I" + str(tmp_path),))
    particle = np.dtype({'names': ['pos', 'mass', 'id'], 'formats': [DOUBLE3, np.float32, np.int32],
                         'offsets': [0, 24, 28], 'itemsize': 32})
    host = np.zeros(5, dtype=particle)
    host['pos']['z'], host['mass'], host['id'] = np.arange(5), 0.5, np.arange(5) * 2
    shift = np.zeros(1, dtype=particle)
    shift['pos']['x'] = 100
    out = cp.zeros(5, dtype=cp.float64)
    k((1,), (5,), (cp.asarray(host.view(np.uint8)), shift, out, 5))
    np.testing.assert_array_equal(out.get(), 0.5 * np.arange(5) * 2 + np.arange(5) + 100)
    with pytest.raises(TypeError, match=r"\('shift', Particle\) takes 32 bytes"):
        k((1,), (5,), (cp.asarray(host.view(np.uint8)), np.zeros(1, DOUBLE3)[0], out, 5))


def test_complex_scalars_for_two_element_vectors_and_wide_alignment():
    k = cp.RawKernel(r'''
extern "C" __global__ void k(double2 z, float2 w, double4_32a q, double* out) {
    out[0] = z.x; out[1] = z.y; out[2] = w.x; out[3] = w.y;
    out[4] = q.x + q.y + q.z + q.w;
}
''', 'k')
    out = cp.zeros(5, dtype=cp.float64)
    q = np.array([1.0, 2.0, 3.0, 4.5]).view([('x', 'f8'), ('y', 'f8'), ('z', 'f8'), ('w', 'f8')])
    k((1,), (1,), (np.complex128(1.5 - 2j), 3 + 4j, q, out))
    np.testing.assert_array_equal(out.get(), [1.5, -2.0, 3.0, 4.0, 10.5])


def test_struct_without_a_readable_layout_takes_any_record():
    # A template's layout is not read: the record's bytes are passed as they are.
    k = cp.RawKernel(r'''
template <class T> struct Pair { T first, second; };
extern "C" __global__ void k(Pair<int> p, int* out) { out[0] = p.first * 10 + p.second; }
''', 'k')
    out = cp.zeros(1, dtype=cp.int32)
    k((1,), (1,), (np.array([(4, 2)], dtype=[('first', 'i4'), ('second', 'i4')])[0], out))
    assert out.get()[0] == 42
