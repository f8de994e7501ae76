// Where an indexing kernel reports an out-of-bounds index: one record per device in host
// memory the kernel writes directly (page-locked and mapped on CUDA), so no flag is cleared by
// a launch or copied back. See docs/user_guide.md, "Out-of-bounds indices".
#pragma once
#include <string>

#include "ndgpu/ndarray.hpp"

namespace ndgpu::ops {

// The device's record as a raw int64[4] array: {state, index, size, axis}; state 0 is clean,
// 1 claimed by the one thread writing the rest, 2 complete.
NDArray bounds_record(Device d);
// The code a kernel runs for a bad index `i` of axis `axis` (length `n`), with `err` the
// record's raw array parameter; the first report wins.
std::string bounds_report_code(const std::string& i, const std::string& n, const std::string& axis);
// The preamble that defines the function bounds_report_code calls.
extern const char* const kBoundsReportPreamble;

// When a gather may return before its bounds are known: CUDA unless NDGPU_INDEX_CHECK=sync.
// The CPU backend runs kernels in order, so its errors are always raised by the call itself.
bool defer_bounds_errors(Device d);
// After a launch that reported into the record: raise the IndexError now, waiting for the
// stream unless `deferred` (then only an error already complete is raised).
void finish_bounds_check(Device d, bool deferred);

}  // namespace ndgpu::ops
