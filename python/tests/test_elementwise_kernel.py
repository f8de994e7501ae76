"""ElementwiseKernel as CuPy's: the seed's examples, placeholders, raw parameters, size=,
outputs, scalars, preamble/loop_prep/after_loop, reduce_dims, errors and CompileError."""
import numpy as np
import pytest

import ndgpu as cp
from conftest import assert_same


@pytest.fixture(scope="module")
def squared_diff():
    return cp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = (x - y) * (x - y)',
                                'squared_diff')


def test_seed_squared_diff(squared_diff):
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    y = cp.arange(5, dtype=np.float32)
    z = squared_diff(x, y)
    xn = np.arange(10, dtype=np.float32).reshape(2, 5)
    yn = np.arange(5, dtype=np.float32)
    assert_same(z, (xn - yn) * (xn - yn))
    assert str(z) == "[[ 0.  0.  0.  0.  0.]\n [25. 25. 25. 25. 25.]]"
    assert squared_diff.name == "squared_diff"
    assert squared_diff.nin == 2 and squared_diff.nout == 1 and squared_diff.nargs == 3


def test_typed_params_cast_inputs(squared_diff):
    # ndgpu casts arrays to a typed parameter (same_kind); CuPy raises "Type is mismatched".
    xn = np.arange(6.0).reshape(2, 3)
    yn = np.array([1, 2, 3])
    z = squared_diff(cp.array(xn), cp.array(yn))
    assert_same(z, ((xn - yn) ** 2).astype(np.float32))


def test_typed_param_scalar_arguments(squared_diff):
    x = cp.arange(5, dtype=np.float32)
    xn = np.arange(5, dtype=np.float32)
    assert_same(squared_diff(x, 2), (xn - 2) ** 2)
    assert_same(squared_diff(x, 1.5), (xn - np.float32(1.5)) ** 2)
    assert_same(squared_diff(x, np.float64(0.5)), (xn - np.float32(0.5)) ** 2)
    assert_same(squared_diff(3, x), (3 - xn) ** 2)


def test_seed_super_generic_needs_output():
    k = cp.ElementwiseKernel('X x, Y y', 'Z z', 'z = (x - y) * (x - y)', 'squared_diff_super_generic')
    x = cp.arange(10, dtype=np.float32).reshape(2, 5)
    y = cp.arange(5, dtype=np.float32)
    with pytest.raises(TypeError):
        k(x, y)
    z = cp.empty((2, 5), dtype=np.float64)
    r = k(x, y, z)
    xn = np.arange(10, dtype=np.float32).reshape(2, 5)
    yn = np.arange(5, dtype=np.float32)
    assert_same(z, ((xn - yn) * (xn - yn)).astype(np.float64))
    assert str(z) == "[[ 0.  0.  0.  0.  0.]\n [25. 25. 25. 25. 25.]]"
    assert r is z or r._pointer == z._pointer
    # X and Y bind independently: an int and a float input.
    zi = cp.empty((2, 5), dtype=np.float32)
    k(cp.arange(10).reshape(2, 5), cp.arange(5, dtype=np.float64) / 2, zi)
    assert_same(zi, ((np.arange(10).reshape(2, 5) - np.arange(5) / 2) ** 2).astype(np.float32))


def test_placeholder_bound_from_input():
    k = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x * y + (T)1', 'fma1')
    for t in [np.int8, np.uint16, np.float32, np.complex128]:
        xn = np.arange(4, dtype=t)
        r = k(cp.array(xn), cp.array(xn))
        assert_same(r, xn * xn + np.array(1, dtype=t))


def test_placeholder_mismatch_raises():
    k = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x * y', 'mul_same')
    with pytest.raises(TypeError):
        k(cp.arange(3, dtype=np.int32), cp.arange(3, dtype=np.float32))


def test_placeholder_bound_from_output_first():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x * 2', 'double_it')
    out = cp.empty(4, dtype=np.float32)
    k(cp.arange(4, dtype=np.float32), out)
    assert_same(out, np.arange(4, dtype=np.float32) * 2)


def test_placeholder_with_python_scalar():
    k = cp.ElementwiseKernel('T x, T s', 'T y', 'y = x + s', 'add_s')
    xn = np.arange(4, dtype=np.int16)
    assert_same(k(cp.array(xn), 3), xn + np.int16(3))
    xf = np.arange(4, dtype=np.float32)
    assert_same(k(cp.array(xf), 0.5), xf + np.float32(0.5))


def test_seed_add_reverse():
    add_reverse = cp.ElementwiseKernel('T x, raw T y', 'T z', 'z = x + y[_ind.size() - i - 1]',
                                       'add_reverse')
    x = cp.arange(100000, dtype=np.float32)
    y = cp.arange(100000, dtype=np.float32)
    z = cp.zeros(100000, dtype=np.float32)
    add_reverse(x, y, z)
    assert_same(z, np.full(100000, 99999, dtype=np.float32))
    assert str(z) == "[99999. 99999. 99999. ... 99999. 99999. 99999.]"
    # Allocated output, and a raw array of another length.
    z2 = add_reverse(cp.arange(5, dtype=np.float32), cp.arange(10, dtype=np.float32))
    assert_same(z2, np.arange(5, dtype=np.float32) + np.arange(10, dtype=np.float32)[4::-1])


def test_raw_is_not_broadcast_and_uses_i():
    k = cp.ElementwiseKernel('raw T x, T y', 'T z', 'z = x[i] * 10 + y', 'raw_i')
    xn = np.arange(6, dtype=np.int64)
    yn = np.ones(3, dtype=np.int64)
    assert_same(k(cp.array(xn), cp.array(yn)), xn[:3] * 10 + yn)


def test_raw_noncontiguous_is_indexed_by_logical_position():
    k = cp.ElementwiseKernel('raw T x', 'T z', 'z = x[i]', 'raw_copy')
    xn = np.arange(20, dtype=np.float64)
    v = cp.array(xn)[::-2]
    out = cp.empty(10)
    k(v, out)
    assert_same(out, xn[::-2])


def test_size_with_all_raw():
    k = cp.ElementwiseKernel('raw T x', 'raw T y', 'y[i] = x[i] * 2', 'raw_only')
    x = cp.arange(5, dtype=np.int32)
    y = cp.zeros(5, dtype=np.int32)
    with pytest.raises(ValueError):
        k(x, y)
    k(x, y, size=3)
    assert_same(y, np.array([0, 2, 4, 0, 0], dtype=np.int32))
    k(x, y, size=5)
    assert_same(y, np.arange(5, dtype=np.int32) * 2)


def test_size_with_raw_input_allocates_output():
    k = cp.ElementwiseKernel('raw T x', 'T y', 'y = x[i] + x[i + 1]', 'pairsum')
    xn = np.arange(6, dtype=np.float64)
    assert_same(k(cp.array(xn), size=5), xn[:-1] + xn[1:])


def test_size_with_non_raw_operands_is_refused():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'ident')
    with pytest.raises(ValueError):
        k(cp.arange(3), size=3)


def test_output_passed_vs_allocated():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x * x', 'sq')
    xn = np.arange(6, dtype=np.float64).reshape(2, 3)
    r = k(cp.array(xn))
    assert_same(r, xn * xn)
    out = cp.zeros((2, 3))
    r2 = k(cp.array(xn), out)
    assert_same(out, xn * xn)
    assert r2._pointer == out._pointer
    # A view as the output.
    big = cp.zeros((4, 6))
    k(cp.array(xn), big[::2, ::2])
    bign = np.zeros((4, 6))
    bign[::2, ::2] = xn * xn
    assert_same(big, bign)
    # Output shape must be the broadcast shape.
    with pytest.raises(ValueError):
        k(cp.array(xn), cp.zeros((3, 2)))
    # Inputs broadcast to the output.
    out3 = cp.zeros((4, 3))
    k(cp.arange(3.0), out3)
    assert_same(out3, np.broadcast_to(np.arange(3.0) ** 2, (4, 3)))


def test_output_dtype_conversion():
    k = cp.ElementwiseKernel('float64 x', 'int32 y', 'y = x * 2.5', 'toint')
    r = k(cp.array([1.0, 2.0, -1.0]))
    assert_same(r, np.array([2, 5, -2], dtype=np.int32))


def test_multiple_outputs():
    k = cp.ElementwiseKernel('T x, T y', 'T s, T d', 's = x + y; d = x - y', 'sumdiff')
    xn = np.arange(5, dtype=np.float32)
    yn = np.ones((2, 5), dtype=np.float32)
    r = k(cp.array(xn), cp.array(yn))
    assert isinstance(r, tuple) and len(r) == 2
    assert_same(r[0], xn + yn)
    assert_same(r[1], xn - yn)
    s, d = cp.empty((2, 5), np.float32), cp.empty((2, 5), np.float32)
    r2 = k(cp.array(xn), cp.array(yn), s, d)
    assert_same(s, xn + yn)
    assert_same(d, xn - yn)
    assert len(r2) == 2
    assert k.nout == 2


def test_mixed_typed_outputs():
    k = cp.ElementwiseKernel('T x', 'bool pos, float64 half', 'pos = x > 0; half = x / 2.0', 'mixed')
    xn = np.array([-2, 0, 3], dtype=np.int32)
    pos, half = k(cp.array(xn))
    assert_same(pos, xn > 0)
    assert_same(half, xn / 2.0)


def test_numpy_scalars_as_arguments():
    k = cp.ElementwiseKernel('T x, float32 a, int64 b', 'T y', 'y = x * a + b', 'axpb')
    xn = np.arange(4, dtype=np.float64)
    r = k(cp.array(xn), np.float32(0.5), np.int64(3))
    assert_same(r, xn * np.float32(0.5) + 3)
    r = k(cp.array(xn), 2, True)
    assert_same(r, xn * 2 + 1)


def test_zero_dim_array_argument():
    k = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'add0d')
    xn = np.arange(4.0)
    assert_same(k(cp.array(xn), cp.array(10.0)), xn + 10.0)


def test_preamble():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = cube(x) + OFFSET', 'cube_k',
                             preamble='#define OFFSET 1\ntemplate <class U> __device__ U cube(U v) { return v * v * v; }')
    xn = np.arange(5, dtype=np.int64)
    assert_same(k(cp.array(xn)), xn ** 3 + 1)


def test_loop_prep_and_after_loop():
    # loop_prep runs once per thread before the loop; after_loop once after it.
    k = cp.ElementwiseKernel('T x, raw T flag', 'T y', 'y = x * scale', 'prep',
                             loop_prep='const T scale = 3;',
                             after_loop='if (false) { }')
    xn = np.arange(6, dtype=np.float32)
    assert_same(k(cp.array(xn), cp.zeros(1, dtype=np.float32)), xn * 3)


def test_reduce_dims_false():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x + 1', 'nored', reduce_dims=False)
    xn = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    assert_same(k(cp.array(xn)), xn + 1)
    assert_same(k(cp.array(xn).transpose(2, 0, 1)), xn.transpose(2, 0, 1) + 1)
    # _ind.size() is the total size with or without reduced dims.
    k2 = cp.ElementwiseKernel('T x', 'int64 y', 'y = _ind.size()', 'sz', reduce_dims=False)
    assert_same(k2(cp.array(xn)), np.full(xn.shape, 24, dtype=np.int64))


def test_noncontiguous_inputs_and_outputs(squared_diff):
    xn = np.arange(24, dtype=np.float32).reshape(4, 6)
    yn = np.arange(6, dtype=np.float32)[::-1]
    x, y = cp.array(xn), cp.array(np.arange(6, dtype=np.float32))[::-1]
    assert_same(squared_diff(x.T[::2], x[0, ::-1][:4]), (xn.T[::2] - xn[0, ::-1][:4]) ** 2)
    assert_same(squared_diff(x[:, ::-1], y), (xn[:, ::-1] - yn) ** 2)
    out = cp.zeros((6, 4), dtype=np.float32)
    squared_diff(x.T, y[:, None], out)
    assert_same(out, (xn.T - yn[:, None]) ** 2)


def test_index_i_matches_position():
    k = cp.ElementwiseKernel('T x', 'int64 y', 'y = i', 'index_of')
    xn = np.zeros((3, 4))
    assert_same(k(cp.array(xn)), np.arange(12, dtype=np.int64).reshape(3, 4))


def test_large_elementwise_parallel(squared_diff):
    n = 1 << 20
    xn = np.arange(n, dtype=np.float32) / 1024
    yn = np.ones(n, dtype=np.float32)
    assert_same(squared_diff(cp.array(xn), cp.array(yn)), (xn - yn) * (xn - yn))


@pytest.mark.parametrize("params", ['T i', 'T _x', 'T x, T _ind'])
def test_reserved_names(params):
    with pytest.raises(ValueError):
        cp.ElementwiseKernel(params, 'T z', 'z = 0', 'reserved')


def test_parameter_named_n():  # reserved in ndgpu once; CuPy programs use it
    roll = cp.ElementwiseKernel('raw T x, int32 n', 'T y', 'y = x[(i + 1) % n] - x[i]', 'roll_n')
    xn = np.arange(5.0) ** 2
    assert_same(roll(cp.asarray(xn), 5, size=5), np.roll(xn, -1) - xn)
    scaled = cp.ReductionKernel('T x, T n', 'T y', 'x * n', 'a + b', 'y = a', '0', 'sum_n')
    assert_same(scaled(cp.asarray(xn), 2.0), np.array((xn * 2).sum()))


@pytest.mark.parametrize("in_params, out_params", [
    ('T x y', 'T z'), ('T', 'T z'), ('raw', 'T z'), ('T x,', 'T z'), ('T x', ''), ('T x', 'T x'),
    ('T x, T x', 'T z'), ('T 1x', 'T z'), ('notatype x', 'T z'), ('raw raw T x', 'T z'),
], ids=repr)
def test_malformed_params(in_params, out_params):
    with pytest.raises(ValueError):
        cp.ElementwiseKernel(in_params, out_params, 'z = 1', 'bad')


def test_wrong_argument_counts():
    k = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x + y', 'add2')
    with pytest.raises(TypeError):
        k(cp.arange(3))
    with pytest.raises(TypeError):
        k(cp.arange(3), cp.arange(3), cp.arange(3), cp.arange(3))
    with pytest.raises(TypeError):
        k(cp.arange(3), cp.arange(3), bogus=1)


def test_output_must_be_array():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x', 'ident2')
    with pytest.raises(TypeError):
        k(cp.arange(3), 5)


def test_compile_error():
    k = cp.ElementwiseKernel('T x', 'T z', 'z = x +* ;', 'broken_kernel')
    with pytest.raises(cp.CompileError) as e:
        k(cp.arange(3))
    msg = str(e.value)
    assert "error" in msg                       # the compiler's log
    assert "broken_kernel" in msg
    assert "z = x +* ;" in msg                  # the generated source
    assert "source" in msg.lower()
    assert issubclass(cp.CompileError, Exception)


def test_compile_error_undeclared_name():
    k = cp.ElementwiseKernel('T x', 'T z', 'z = x + undefined_thing_42', 'undeclared')
    with pytest.raises(cp.CompileError, match="undefined_thing_42"):
        k(cp.arange(3, dtype=np.float32))


def test_kernel_reuse_across_dtypes_and_shapes():
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x - 1', 'dec')
    for t, shape in [(np.int32, (3,)), (np.float64, (2, 2)), (np.int32, (4, 1)), (np.uint8, ())]:
        xn = (np.arange(int(np.prod(shape))) + 1).astype(t).reshape(shape)
        assert_same(k(cp.array(xn)), xn - np.array(1, dtype=t))


def test_output_of_the_wrong_shape_raises_and_is_left_alone(squared_diff):
    x = cp.arange(6, dtype=np.float32)
    out = cp.full((1,), 7.0, dtype=np.float32)  # broadcasts with the inputs, yet too small
    with pytest.raises(ValueError, match="has shape \\(1,\\) but the broadcast shape is \\(6,\\)"):
        squared_diff(x, x, out)
    np.testing.assert_array_equal(out.get(), np.full((1,), 7.0, dtype=np.float32))


def test_no_return_and_return_tuple():
    x = cp.arange(3, dtype=np.float32)
    out = cp.empty(3, dtype=np.float32)
    k = cp.ElementwiseKernel("float32 x", "float32 y", "y = x * 2", "twice_nr", no_return=True)
    assert k.no_return and not k.return_tuple
    assert k(x, out) is None
    assert_same(out, np.arange(3, dtype=np.float32) * 2)
    t = cp.ElementwiseKernel("float32 x", "float32 y", "y = x + 1", "plus_one_rt", return_tuple=True)
    r = t(x)
    assert isinstance(r, tuple) and len(r) == 1
    assert_same(r[0], np.arange(3, dtype=np.float32) + 1)
