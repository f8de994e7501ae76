// Which built-in kernels go into the ahead-of-time pack: the common calls, run on a device
// so the engines generate exactly the kernels those calls would compile at run time.
#pragma once
#include <string>
#include <vector>

#include "ndgpu/device.hpp"

namespace ndgpu::aot {

// Runs every catalogued call on `device` (a capture device: nothing is computed). Calls
// NumPy refuses for a dtype (bool subtract, ...) are skipped; their messages go to *skipped.
void run_catalogue(Device device, std::vector<std::string>* skipped = nullptr);

}  // namespace ndgpu::aot
