"""Interop: DLPack both ways without copies, __cuda_array_interface__, pickling and copies.
On the CPU backend NumPy is the partner (kDLCPU: same pointer, shared writes); the CUDA
tests (PyTorch, CuPy) skip without a GPU or without those packages."""
import copy
import pickle

import numpy as np
import pytest

import ndgpu as cp

ON_CUDA = cp._core.backend_name() == "cuda"
cpu_only = pytest.mark.skipif(ON_CUDA, reason="NumPy shares memory with the CPU backend only")
cuda_only = pytest.mark.skipif(not ON_CUDA, reason="needs the CUDA backend")


def address(a):
    return a.__array_interface__["data"][0]


@cpu_only
@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint32, np.float16, np.float64,
                                   np.complex64])
def test_numpy_from_dlpack_shares_memory(dtype):
    x = cp.asarray(np.arange(12).reshape(3, 4).astype(dtype))
    assert x.__dlpack_device__() == (1, 0)
    h = np.from_dlpack(x)
    assert h.dtype == dtype and h.shape == (3, 4) and address(h) == x.data.ptr
    np.testing.assert_array_equal(h, x.get())
    x[0, 0] = 1
    assert h[0, 0] == 1  # a write through ndgpu shows in NumPy
    del x
    np.testing.assert_array_equal(h.ravel()[1:], np.arange(1, 12).astype(dtype))  # still alive


@cpu_only
def test_numpy_views_keep_their_strides():
    x = cp.arange(24, dtype=cp.int32).reshape(4, 6)
    for view in (x[1:, ::2], x.T, x[::-1]):
        h = np.from_dlpack(view)
        np.testing.assert_array_equal(h, view.get())
        assert address(h) == view.data.ptr and h.strides == view.strides


@cpu_only
def test_from_dlpack_of_numpy_shares_memory():
    h = np.arange(20, dtype=np.float32).reshape(4, 5)
    x = cp.from_dlpack(h)
    assert isinstance(x, cp.ndarray) and x.data.ptr == address(h) and x.dtype == np.float32
    x[1] = -1  # ndgpu writes into NumPy's memory
    assert (h[1] == -1).all()
    h[2, 3] = 100
    assert float(x[2, 3]) == 100
    np.testing.assert_array_equal((x * 2).get(), h * 2)
    col = cp.from_dlpack(h[:, 1:4:2])  # a strided view is shared too
    np.testing.assert_array_equal(col.get(), h[:, 1:4:2])
    assert col.data.ptr == address(h[:, 1:4:2])
    neg = cp.from_dlpack(h[::-1])
    np.testing.assert_array_equal(neg.get(), h[::-1])
    del h
    np.testing.assert_array_equal(x[1].get(), -np.ones(5, np.float32))  # x keeps it alive


@cpu_only
def test_read_only_and_copy_requests_copy():
    h = np.arange(5.0)
    h.flags.writeable = False
    x = cp.from_dlpack(h)
    assert x.data.ptr != address(h)
    np.testing.assert_array_equal(x.get(), h)
    w = np.arange(5.0)
    assert cp.from_dlpack(w, copy=True).data.ptr != address(w)
    y = cp.arange(4.0)
    assert address(np.from_dlpack(y, copy=True)) != y.data.ptr
    assert address(np.from_dlpack(y, copy=False)) == y.data.ptr


def test_ndgpu_round_trip_and_legacy_capsules():
    x = cp.arange(10, dtype=cp.int64)
    y = cp.from_dlpack(x)
    assert y.data.ptr == x.data.ptr
    z = cp.fromDlpack(x.toDlpack())
    assert z.data.ptr == x.data.ptr
    y[0] = 42
    assert int(x[0]) == 42 and int(z[0]) == 42
    cap = x.__dlpack__(max_version=(1, 0))
    w = cp.from_dlpack(cap)
    with pytest.raises(ValueError, match="already consumed"):
        cp.from_dlpack(cap)
    np.testing.assert_array_equal(w.get(), x.get())
    x.__dlpack__()  # an unconsumed capsule frees what it holds when it goes
    with pytest.raises(TypeError):
        cp.from_dlpack([1, 2, 3])


def test_dlpack_to_host_device():
    x = cp.arange(6, dtype=cp.float32)
    h = np.from_dlpack(x, device="cpu")
    np.testing.assert_array_equal(h, np.arange(6, dtype=np.float32))


def test_cuda_array_interface_only_on_cuda():
    x = cp.arange(6, dtype=cp.float32).reshape(2, 3)
    if not ON_CUDA:
        assert not hasattr(x, "__cuda_array_interface__")
        return
    cai = x.__cuda_array_interface__
    assert cai["version"] == 3 and cai["shape"] == (2, 3) and cai["typestr"] == "<f4"
    assert cai["data"] == (x.data.ptr, False) and cai["strides"] is None
    assert cai["stream"] == 1
    assert x.T.__cuda_array_interface__["strides"] == (4, 12)


@pytest.mark.parametrize("order", ["C", "F"])
def test_pickle_and_copies(order):
    x = cp.asarray(np.arange(12, dtype=np.complex64).reshape(3, 4), order=order)
    for y in (pickle.loads(pickle.dumps(x)), copy.copy(x), copy.deepcopy(x)):
        assert isinstance(y, cp.ndarray) and y.dtype == x.dtype
        np.testing.assert_array_equal(y.get(), x.get())
        assert y.data.ptr != x.data.ptr
    assert copy.copy(x).flags.f_contiguous == (order == "F")
    nested = copy.deepcopy({"a": [x]})
    assert nested["a"][0].data.ptr != x.data.ptr


@cuda_only
def test_torch_round_trip_zero_copy():
    torch = pytest.importorskip("torch")
    x = cp.arange(16, dtype=cp.float32).reshape(4, 4)
    t = torch.from_dlpack(x)
    assert t.is_cuda and t.data_ptr() == x.data.ptr
    t.add_(1)  # on torch's current stream; from_dlpack below synchronises as the protocol says
    back = cp.from_dlpack(t)
    assert back.data.ptr == x.data.ptr
    np.testing.assert_array_equal(back.get(), np.arange(16, dtype=np.float32).reshape(4, 4) + 1)
    src = torch.arange(8, device="cuda", dtype=torch.int32)
    y = cp.from_dlpack(src)
    assert y.data.ptr == src.data_ptr()
    y *= 3
    torch.cuda.synchronize()
    assert src.cpu().tolist() == [3 * i for i in range(8)]
    t2 = torch.as_tensor(x, device="cuda")  # through __cuda_array_interface__
    assert t2.data_ptr() == x.data.ptr


@cuda_only
def test_cupy_round_trip_zero_copy():
    cupy = pytest.importorskip("cupy")
    x = cp.arange(10, dtype=cp.float64)
    c = cupy.from_dlpack(x)
    assert c.data.ptr == x.data.ptr
    c += 1
    back = cp.from_dlpack(c)
    assert back.data.ptr == x.data.ptr
    np.testing.assert_array_equal(back.get(), np.arange(10.0) + 1)
    via_cai = cupy.asarray(x)
    assert via_cai.data.ptr == x.data.ptr


class _ForeignCudaArray:
    """A producer with only Numba's CUDA array interface."""

    def __init__(self, ptr, shape, typestr, strides=None):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr, "data": (ptr, False),
                                         "strides": strides, "version": 3, "stream": 1}


@pytest.mark.skipif(cp._core.backend_name() == "cuda", reason="CPU backend behaviour")
def test_cuda_array_interface_objects_are_refused_on_the_cpu_backend():
    with pytest.raises(BufferError):
        cp.asarray(_ForeignCudaArray(0, (3,), "<f4"))


@pytest.mark.skipif(cp._core.backend_name() != "cuda", reason="needs CUDA arrays")
def test_cuda_array_interface_import_shares_memory_and_keeps_the_producer_alive():
    x = cp.arange(12, dtype=cp.float32).reshape(3, 4)
    foreign = _ForeignCudaArray(x.data.ptr + 4, (3, 3), "<f4", strides=(16, 4))
    view = cp.asarray(foreign)
    assert view.data.ptr == x.data.ptr + 4 and view.shape == (3, 3)
    np.testing.assert_array_equal(view.get(), np.arange(12, dtype=np.float32).reshape(3, 4)[:, 1:])
    view += 100
    assert float(x[0, 1]) == 101.0 and float(x[0, 0]) == 0.0
    copied = cp.array(foreign)
    assert copied.data.ptr != view.data.ptr
    torch = pytest.importorskip("torch")
    t = torch.arange(6, dtype=torch.int64, device="cuda")
    shared = cp.asarray(t)
    assert shared.data.ptr == t.data_ptr()
    del t
    np.testing.assert_array_equal(shared.get(), np.arange(6))


def test_numpy_ufuncs_dispatch_to_ndgpu():
    x = cp.arange(5, dtype=cp.float64)
    host = np.arange(5, dtype=np.float64)
    for result, expected in [(np.add(x, 1), host + 1), (np.sin(x), np.sin(host)),
                             (np.add.reduce(x), np.add.reduce(host)),
                             (np.add.accumulate(x), np.add.accumulate(host)),
                             (np.float32(2) * x, np.float32(2) * host)]:
        assert isinstance(result, cp.ndarray)
        np.testing.assert_allclose(result.get(), expected)
    out = cp.empty_like(x)
    assert np.add(x, x, out=out) is out
    np.testing.assert_array_equal(out.get(), host * 2)
    with pytest.raises(TypeError):
        np.arange(5.0) + x  # no implicit transfers, as CuPy


def test_numpy_functions_dispatch_to_ndgpu_or_raise_type_error():
    x = cp.arange(6, dtype=cp.float32).reshape(2, 3)
    host = np.arange(6, dtype=np.float32).reshape(2, 3)
    for result, expected in [(np.concatenate([x, x]), np.concatenate([host, host])),
                             (np.mean(x, axis=0), np.mean(host, axis=0)),
                             (np.where(x > 2, x, 0), np.where(host > 2, host, 0)),
                             (np.linalg.norm(x), np.linalg.norm(host))]:
        assert isinstance(result, cp.ndarray)
        np.testing.assert_allclose(result.get(), expected, rtol=1e-6)
    with pytest.raises(TypeError):
        np.asarray(x)
