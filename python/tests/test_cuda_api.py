"""cuda.Stream, cuda.Event, cuda.MemoryPool and friends, on whichever backend is active."""
import numpy as np
import pytest

import ndgpu as cp


def test_memory_pool_tracks_live_arrays():
    pool = cp.cuda.get_default_memory_pool()
    assert pool is cp.cuda.get_default_memory_pool()
    before = pool.used_bytes()
    a = cp.empty((1024, 1024), dtype=cp.float32)  # 4 MiB
    assert pool.used_bytes() >= before + a.nbytes
    assert pool.total_bytes() >= pool.used_bytes()
    del a
    assert pool.used_bytes() == before
    pool.free_all_blocks()
    assert pool.total_bytes() >= pool.used_bytes()


def test_pool_limit_raises_out_of_memory_with_sizes():
    pool = cp.cuda.get_default_memory_pool()
    old = pool.get_limit()
    pool.free_all_blocks()  # cached blocks could serve the request below
    limit = pool.total_bytes() + (8 << 20)
    pool.set_limit(limit)
    try:
        assert pool.get_limit() == limit
        with pytest.raises(MemoryError) as e:
            cp.empty(64 << 20, dtype=cp.uint8)
        assert isinstance(e.value, cp.cuda.OutOfMemoryError)
        assert str(64 << 20) in str(e.value).replace(",", "")  # the size asked for
        small = cp.ones(16, dtype=cp.float32)  # still allowed under the limit
        np.testing.assert_array_equal(small.get(), np.ones(16, dtype=np.float32))
    finally:
        pool.set_limit(old)
    big = cp.zeros(64 << 20, dtype=cp.uint8)  # and nothing was lost after the error
    assert int(big[-1]) == 0


def test_stream_context_and_synchronize():
    s = cp.cuda.Stream(non_blocking=True)
    a = cp.arange(1000, dtype=cp.float32)
    with s:
        b = a * 2
    s.synchronize()
    np.testing.assert_array_equal(b.get(), np.arange(1000, dtype=np.float32) * 2)
    null = cp.cuda.Stream(null=True)
    assert null.ptr == 0
    assert cp.cuda.get_current_stream().ptr == 0


def test_events_measure_elapsed_time():
    start, end = cp.cuda.Event(), cp.cuda.Event()
    a = cp.ones(1 << 20, dtype=cp.float32)
    start.record()
    for _ in range(3):
        a = a + 1
    end.record()
    end.synchronize()
    ms = cp.cuda.get_elapsed_time(start, end)
    assert ms >= 0.0
    assert end.done
    assert float(a[0]) == 4.0


def test_availability_queries_agree():
    n = cp.cuda.runtime.getDeviceCount()
    assert cp.cuda.is_available() == (n > 0)
    if cp._core.backend_name() == "cuda":
        assert n >= 1


@pytest.mark.parametrize("dtype", [np.float32, np.complex128, np.bool_, np.int16])
def test_large_get_returns_independent_writable_arrays(dtype):
    # On CUDA, repeated large transfers land in page-locked buffers prepared in the
    # background; every returned array must still be its own, writable, correct copy.
    import time
    x = (np.arange(3 << 18) % 7).astype(dtype)  # >= 1 MiB for every dtype above
    a = cp.asarray(x)
    got = []
    for i in range(12):
        h = a.get()
        assert h.dtype == x.dtype and h.shape == x.shape and h.flags.writeable
        np.testing.assert_array_equal(h, x)
        h[i] = not x[i] if dtype is np.bool_ else x[i] + 1
        got.append(h)
        time.sleep(0.02)  # lets a background page-lock finish
    for i, h in enumerate(got):
        expected = x.copy()
        expected[i] = h[i]
        assert h[i] != x[i]
        np.testing.assert_array_equal(h, expected)
    del got
    np.testing.assert_array_equal(a.get(), x)
