// Stream ordering (waits on events, host functions) and stream capture into CUDA graphs.
#include "backend/cuda/cuda_backend.hpp"
#include "backend/cuda/driver.hpp"
#include "ndgpu/errors.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS

namespace ndgpu::cuda {
namespace {
CUstream stream_of(StreamHandle s) {
  return reinterpret_cast<CUstream>(s);
}
CUgraphExec graph_of(GraphHandle g) {
  return reinterpret_cast<CUgraphExec>(g);
}
}  // namespace

void CudaBackend::stream_wait_event(int device, StreamHandle s, EventHandle e) {
  make_current(device);
  NDGPU_CU(cuStreamWaitEvent, stream_of(s), reinterpret_cast<CUevent>(e), 0);
}

void CudaBackend::launch_host_func(int device, StreamHandle s, void (*fn)(void*), void* data) {
  make_current(device);
  NDGPU_CU(cuLaunchHostFunc, stream_of(s), fn, data);
}

// Relaxed mode, as CuPy's default: the memory pool may still call cuMemAlloc while a
// stream is being captured.
void CudaBackend::begin_capture(int device, StreamHandle s) {
  if (!s) throw BackendError("the null stream cannot be captured: capture a Stream()");
  make_current(device);
  NDGPU_CU(cuStreamBeginCapture_v2, stream_of(s), CU_STREAM_CAPTURE_MODE_RELAXED);
}

bool CudaBackend::is_capturing(int device, StreamHandle s) {
  make_current(device);
  CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
  NDGPU_CU(cuStreamIsCapturing, stream_of(s), &status);
  return status != CU_STREAM_CAPTURE_STATUS_NONE;
}

// The captured graph is instantiated at once and the template freed: ndgpu launches graphs,
// it does not edit them.
GraphHandle CudaBackend::end_capture(int device, StreamHandle s) {
  make_current(device);
  CUgraph graph = nullptr;
  NDGPU_CU(cuStreamEndCapture, stream_of(s), &graph);
  CUgraphExec exec = nullptr;
  CUresult r = driver().cuGraphInstantiateWithFlags(&exec, graph, 0);
  driver().cuGraphDestroy(graph);
  check(r, "cuGraphInstantiateWithFlags");
  return reinterpret_cast<GraphHandle>(exec);
}

void CudaBackend::launch_graph(int device, GraphHandle g, StreamHandle s) {
  make_current(device);
  NDGPU_CU(cuGraphLaunch, graph_of(g), stream_of(s));
}

void CudaBackend::destroy_graph(int device, GraphHandle g) {
  if (!g) return;
  make_current(device);
  NDGPU_CU(cuGraphExecDestroy, graph_of(g));
}

}  // namespace ndgpu::cuda

#endif  // NDGPU_HAVE_CUDA_HEADERS
