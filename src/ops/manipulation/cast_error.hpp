// NumPy's TypeError for a cast that a `casting` rule forbids, shared by the joining routines
// and copyto.
#pragma once
#include <string>

#include "ndgpu/dtype.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu {

inline void check_cast(DType from, DType to, Casting casting) {
  static const char* const kRule[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
  if (!can_cast(from, to, casting))
    throw TypeError(std::string("Cannot cast array data from dtype('") + dtype_name(from) +
                    "') to dtype('" + dtype_name(to) + "') according to the rule '" +
                    kRule[int(casting)] + "'");
}

}  // namespace ndgpu
