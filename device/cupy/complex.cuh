// CuPy compatibility: kernels written for CuPy include this and use complex<T>.
#pragma once
#include "ndgpu/complex.cuh"

using ndgpu::complex;
namespace thrust {
using ndgpu::complex;
}
