// NVTX annotations (the header-only NVTX3 of the CUDA toolkit: it finds a profiler's
// injection library at run time, so nothing is linked) and the CUDA profiler switch.
#include "ndgpu/profiling.hpp"

#include "ndgpu/backend.hpp"

#ifdef NDGPU_HAVE_CUDA_HEADERS
#include <nvtx3/nvToolsExt.h>

#include "backend/cuda/driver.hpp"
#endif

namespace ndgpu::profiling {

#ifdef NDGPU_HAVE_CUDA_HEADERS
namespace {
constexpr uint32_t kPalette[] = {0xff76b900, 0xff1f77b4, 0xffff7f0e, 0xff2ca02c, 0xffd62728,
                                 0xff9467bd, 0xff8c564b, 0xffe377c2, 0xff7f7f7f, 0xff17becf};

nvtxEventAttributes_t attributes(const std::string& message, int color) {
  nvtxEventAttributes_t a{};
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = message.c_str();
  if (color >= 0) {
    a.colorType = NVTX_COLOR_ARGB;
    a.color = kPalette[color % (sizeof kPalette / sizeof kPalette[0])];
  }
  return a;
}
}  // namespace

void range_push(const std::string& message, int color) {
  nvtxEventAttributes_t a = attributes(message, color);
  nvtxRangePushEx(&a);
}
void range_pop() {
  nvtxRangePop();
}
void mark(const std::string& message, int color) {
  nvtxEventAttributes_t a = attributes(message, color);
  nvtxMarkEx(&a);
}
void profiler_start() {
  if (current_device().type == DeviceType::CUDA) NDGPU_CU(cuProfilerStart);
}
void profiler_stop() {
  if (current_device().type == DeviceType::CUDA) NDGPU_CU(cuProfilerStop);
}
#else
void range_push(const std::string&, int) {}
void range_pop() {}
void mark(const std::string&, int) {}
void profiler_start() {}
void profiler_stop() {}
#endif

}  // namespace ndgpu::profiling
