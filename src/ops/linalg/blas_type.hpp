// The BLAS element type of a dtype (the backends' GEMM and solver know no dtypes).
#pragma once
#include <optional>

#include "ndgpu/backend.hpp"
#include "ndgpu/dtype.hpp"

namespace ndgpu {

inline std::optional<BlasType> blas_type(DType t) {
  switch (t) {
    case DType::Float16:
      return BlasType::F16;
    case DType::Float32:
      return BlasType::F32;
    case DType::Float64:
      return BlasType::F64;
    case DType::Complex64:
      return BlasType::C64;
    case DType::Complex128:
      return BlasType::C128;
    default:
      return std::nullopt;
  }
}

}  // namespace ndgpu
