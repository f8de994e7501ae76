"""CuPy's stream, event, graph, allocator and profiling surface (cuda.Stream.record/wait_event/
done/add_callback/launch_host_func/begin_capture, ExternalStream, Event flags, set_allocator
and friends, PinnedMemoryPool, nvtx, profiler, compiler.CompileException, Device facts)."""
import numpy as np
import pytest

import ndgpu as cp

ON_CUDA = cp._core.backend_name() == "cuda"


def test_stream_null_is_one_object_and_acts_on_the_current_device():
    assert cp.cuda.Stream.null is cp.cuda.Stream.null
    assert cp.cuda.Stream.null.ptr == 0
    assert cp.cuda.Stream.null.device_id == cp.cuda.Device().id
    cp.cuda.Stream.null.synchronize()


def test_record_wait_event_and_done_order_work_across_streams():
    a = cp.arange(1 << 16, dtype=cp.float32)
    s1, s2 = cp.cuda.Stream(non_blocking=True), cp.cuda.Stream(non_blocking=True)
    with s1:
        b = a * 2
    ev = s1.record()
    assert isinstance(ev, cp.cuda.Event)
    s2.wait_event(ev)
    with s2:
        c = b + 1
    s2.synchronize()
    assert s2.done and ev.done and s1.done
    np.testing.assert_array_equal(c.get(), np.arange(1 << 16, dtype=np.float32) * 2 + 1)
    mine = cp.cuda.Event(disable_timing=True)
    assert s1.record(mine) is mine


def test_event_flags_and_never_recorded_event_is_done():
    e = cp.cuda.Event(block=True, disable_timing=True)
    assert e.done
    e.record()
    e.synchronize()
    assert e.done and e.ptr != 0
    with pytest.raises(NotImplementedError):
        cp.cuda.Event(interprocess=True)


def test_host_callbacks_run_in_stream_order():
    seen = []
    s = cp.cuda.Stream()
    with s:
        x = cp.ones(1000) * 3
    s.launch_host_func(lambda arg: seen.append(("func", arg)), 7)
    s.add_callback(lambda stream, status, arg: seen.append(("cb", stream == s, status, arg)), "x")
    s.add_callback(lambda stream, status, arg: seen.append(("none", arg)), None)  # arg None
    s.synchronize()
    assert seen == [("func", 7), ("cb", True, 0, "x"), ("none", None)]
    assert float(x.sum()) == 3000.0


def test_external_stream_is_named_not_owned():
    s = cp.cuda.Stream()
    ext = cp.cuda.ExternalStream(s.ptr)
    assert ext.ptr == s.ptr and ext == s
    with ext:
        y = cp.arange(10) + 1
    ext.synchronize()
    del ext  # must not destroy s's stream
    s.synchronize()
    assert int(y.sum()) == 55


@pytest.mark.skipif(not ON_CUDA, reason="graphs need the CUDA backend")
def test_graph_capture_replays_the_kernels():
    x = cp.arange(1024, dtype=cp.float32)
    out = cp.empty_like(x)
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        s.begin_capture()
        assert s.is_capturing()
        cp.multiply(x, 2, out=out)
        g = s.end_capture()
    assert not s.is_capturing()
    out.fill(0)
    s.synchronize()
    g.launch(s)
    s.synchronize()
    np.testing.assert_array_equal(out.get(), np.arange(1024, dtype=np.float32) * 2)


@pytest.mark.skipif(ON_CUDA, reason="the CPU backend has no graphs")
def test_capture_on_the_cpu_backend_says_it_needs_cuda():
    with pytest.raises(cp._core.BackendError, match="CUDA"):
        cp.cuda.Stream().begin_capture()


def test_set_allocator_gives_new_arrays_its_memory():
    pool = cp.cuda.MemoryPool()
    calls = []

    def allocator(nbytes):
        calls.append(nbytes)
        return pool.malloc(nbytes)

    cp.cuda.set_allocator(allocator)
    try:
        assert cp.cuda.get_allocator() is allocator
        a = cp.arange(100, dtype=cp.int64)
        assert calls and calls[-1] >= 800
        assert int((a * 2).sum()) == 9900
    finally:
        default = cp.get_default_memory_pool().malloc
        cp.cuda.set_allocator(default)  # the pool itself again, as in CuPy
    n = len(calls)
    cp.zeros(10)
    assert len(calls) == n and cp.cuda.get_allocator() is default


def test_set_allocator_none_disables_the_pool():
    pool = cp.get_default_memory_pool()

    def caches():  # whether a freed 32 MiB array (a segment of its own) stays in the pool
        pool.free_all_blocks()
        before = pool.free_bytes()  # partly used small segments keep their free parts
        b = cp.ones(4 << 20)
        del b
        cached = pool.free_bytes() - before >= 32 << 20
        pool.free_all_blocks()
        return cached

    pooled = caches()  # the CUDA pool caches; the CPU backend has no cache to disable
    cp.cuda.set_allocator(None)
    try:
        a = cp.arange(1 << 16, dtype=cp.float32)
        assert float(a[-1]) == 65535.0
        assert not caches()
    finally:
        cp.cuda.set_allocator(pool.malloc)
    assert caches() == pooled


def test_using_allocator_is_scoped_and_alloc_uses_it():
    calls = []

    def allocator(nbytes):
        calls.append(nbytes)
        return cp.cuda.MemoryPool().malloc(nbytes)

    with cp.cuda.using_allocator(allocator):
        p = cp.cuda.alloc(256)
        assert p.mem.size == 256 and p.ptr != 0
    assert calls == [256]
    cp.cuda.alloc(64)
    assert calls == [256]


def test_allocator_errors_propagate_and_leave_the_pool_working():
    def broken(nbytes):
        raise MemoryError("no memory here")

    with cp.cuda.using_allocator(broken):
        with pytest.raises(MemoryError, match="no memory here"):
            cp.empty(10)
    assert float(cp.ones(4).sum()) == 4.0


def test_pinned_memory_pool_and_allocator_names():
    pool = cp.cuda.PinnedMemoryPool()
    p = pool.malloc(1024)
    assert p.size == 1024 and p.ptr != 0
    host = np.frombuffer(np.asarray(p), dtype=np.float32)
    assert host.size == 256
    malloc = pool.malloc
    cp.cuda.set_pinned_memory_allocator(malloc)
    assert cp.cuda.get_pinned_memory_allocator() is malloc
    cp.cuda.set_pinned_memory_allocator(None)
    assert cp.get_default_pinned_memory_pool() is cp.cuda.get_default_pinned_memory_pool()
    assert cp.get_default_memory_pool() is cp.cuda.get_default_memory_pool()
    assert cp.cuda.alloc_pinned_memory(16).size == 16


def test_nvtx_profiler_and_compiler_names():
    cp.cuda.nvtx.RangePush("outer", id_color=2)
    cp.cuda.nvtx.Mark("here")
    cp.cuda.nvtx.RangePop()
    with cp.cuda.profiler.profile():
        cp.arange(3).sum()
    k = cp.ElementwiseKernel("T x", "T y", "y = x +* ;", "ndgpu_bad_kernel_for_compiler_test")
    assert cp.cuda.compiler.CompileException is cp.CompileError
    with pytest.raises(cp.cuda.compiler.CompileException) as info:
        k(cp.arange(3))
    assert "y = x +* ;" in str(info.value)  # the generated source comes with the log


def test_device_facts():
    d = cp.cuda.Device(0)
    free, total = d.mem_info
    assert 0 <= free <= total and total > 0
    attrs = d.attributes
    assert attrs["MaxThreadsPerBlock"] == 1024 and attrs["WarpSize"] == 32
    assert d.compute_capability.isdigit()
    assert (int(d.compute_capability) >= 30) == ON_CUDA
    assert isinstance(d.pci_bus_id, str) and d.pci_bus_id
    assert d == cp.cuda.Device(0) and not d < cp.cuda.Device(0) and d <= cp.cuda.Device(0)
    assert hash(d) == hash(cp.cuda.Device(0))


def test_memory_async_pool_is_the_stream_ordered_pool():
    pool = cp.cuda.MemoryAsyncPool()
    p = pool.malloc(128)
    assert p.mem.size == 128
