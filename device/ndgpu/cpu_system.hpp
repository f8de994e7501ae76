// The C and C++ library headers of the CPU prelude, included so that user code sees NVRTC's
// integer types: int64_t is long long and uint64_t unsigned long long (common.cuh's typedefs
// on CUDA), not glibc's long. A kernel's own `typedef unsigned long long uint64_t;` then
// redeclares the same type, as NVRTC accepts, instead of clashing with <stdint.h>.
#pragma once

// The C library declares its 64-bit types under other names while these are defined.
#define int64_t ndgpu_libc_int64_t
#define uint64_t ndgpu_libc_uint64_t
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#undef int64_t
#undef uint64_t

typedef long long int64_t;
typedef unsigned long long uint64_t;
namespace std {
using ::int64_t;
using ::uint64_t;
}  // namespace std
