// The CUDA driver API, opened lazily with dlopen("libcuda.so.1"): ndgpu has no link-time
// dependency on libcuda, so it loads on machines with no NVIDIA driver. Library-internal:
// only src/backend/cuda includes this header (it needs cuda.h).
#pragma once
#include <string>

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <cuda.h>
#include <cudaProfiler.h>

namespace ndgpu::cuda {

// Every driver entry point ndgpu uses, named as the exported symbol (the _v2 names where
// cuda.h maps the plain name onto them).
// An X-macro list: clang-format reflows it differently on each run.
// clang-format off
#define NDGPU_CUDA_DRIVER_FUNCTIONS(X)                                                      \
  X(cuInit) X(cuGetErrorName) X(cuGetErrorString) X(cuDriverGetVersion) X(cuDeviceGetCount) \
  X(cuDeviceGet) X(cuDeviceGetAttribute) X(cuDeviceGetName) X(cuDevicePrimaryCtxRetain)     \
  X(cuDeviceCanAccessPeer) X(cuCtxSetCurrent) X(cuCtxGetCurrent) X(cuCtxSynchronize)        \
  X(cuCtxEnablePeerAccess) X(cuMemAlloc_v2) X(cuMemFree_v2) X(cuMemGetInfo_v2)               \
  X(cuMemHostAlloc) X(cuMemFreeHost) X(cuMemcpyHtoDAsync_v2) X(cuMemcpyDtoHAsync_v2)        \
  X(cuMemcpyDtoDAsync_v2) X(cuMemcpyPeerAsync) X(cuMemsetD8Async) X(cuModuleLoadData)      \
  X(cuModuleUnload) X(cuModuleGetFunction) X(cuLaunchKernel) X(cuFuncGetAttribute)        \
  X(cuFuncSetAttribute) X(cuOccupancyMaxActiveBlocksPerMultiprocessor) X(cuStreamCreate)  \
  X(cuStreamDestroy_v2) X(cuStreamSynchronize) X(cuStreamQuery) X(cuStreamWriteValue32_v2) \
  X(cuEventCreate) X(cuEventDestroy_v2) X(cuEventRecord) X(cuEventSynchronize)            \
  X(cuEventQuery) X(cuEventElapsedTime_v2) X(cuStreamWaitEvent) X(cuLaunchHostFunc)        \
  X(cuStreamBeginCapture_v2) X(cuStreamEndCapture) X(cuStreamIsCapturing)                 \
  X(cuGraphInstantiateWithFlags) X(cuGraphLaunch) X(cuGraphExecDestroy) X(cuGraphDestroy)  \
  X(cuProfilerStart) X(cuProfilerStop)
// clang-format on

struct DriverApi {
#define NDGPU_DECLARE_FN(name) decltype(&::name) name = nullptr;
  NDGPU_CUDA_DRIVER_FUNCTIONS(NDGPU_DECLARE_FN)
#undef NDGPU_DECLARE_FN
  int device_count = 0;
};

// The loaded driver, or nullptr when there is none: no libcuda.so.1, a stub library, no
// device, or a driver too old for a symbol we need (driver_status() says which).
const DriverApi* driver_api();
// The loaded driver; raises BackendError (with driver_status()) when there is none.
const DriverApi& driver();
// Raises BackendError "<call> failed: <NAME> (<description>)" unless r is CUDA_SUCCESS.
void check(CUresult r, const char* call);
std::string error_text(CUresult r);

// The device's primary context (retained once, kept for the life of the process), so that
// ndgpu shares each GPU with CuPy and PyTorch in one process.
CUcontext primary_context(int device);
// Makes the device's primary context current on this thread when it is not already.
void make_current(int device);

}  // namespace ndgpu::cuda

// Calls a driver function and raises BackendError naming it when it fails.
#define NDGPU_CU(fn, ...) ::ndgpu::cuda::check(::ndgpu::cuda::driver().fn(__VA_ARGS__), #fn)

#endif  // NDGPU_HAVE_CUDA_HEADERS

namespace ndgpu::cuda {
// Why the driver is unavailable ("" when it loaded); usable without cuda.h.
std::string driver_status();
// Number of CUDA devices; 0 without a usable driver. Never raises.
int probe_device_count();
}  // namespace ndgpu::cuda
