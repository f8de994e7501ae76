// The quick tier's ReductionKernel interpreter (docs/quick_tier.md): the plain row kernel of
// src/kernel/reduction/codegen_rows.cpp with its identity, map, reduce and post-map run as
// programs. Same parameters, loops, shared-memory tree and order of combination as the
// compiled kernel, so both give the same bits; keep the two in step.
#pragma once
#include "ndgpu/elementwise.cuh"
#include "ndgpu/interp.cuh"

namespace ndgpu {
namespace interp {

NDGPU_HD Reg rows_combine(const Program& reduce, const Reg& a, const Reg& b) {
  Reg v[3];
  v[0] = a;
  v[1] = b;
  char* const none[3] = {nullptr, nullptr, nullptr};
  SlotIo io{v, none};
  run_program(reduce, io, 0);
  return v[2];
}

}  // namespace interp
}  // namespace ndgpu

extern "C" __global__ void ndgpu_interp_rows(ndgpu::Strided<int, 1> _p_y,
                                             ndgpu::Strided<int, 2> _p_x,
                                             ndgpu::Extents<int, 1> _oshape,
                                             ndgpu::Extents<int, 1> _rshape, int _out_size,
                                             int _red_size, int _chunk, char* _partial, int _mode,
                                             const ndgpu::interp::RowsPrograms P) {
  using namespace ndgpu::interp;
  __shared__ Reg _sh[256];
  for (int _o = (int)blockIdx.x; _o < _out_size; _o += (int)gridDim.x) {
    const char* _row = _p_x.ptr + _o * _p_x.strides[0];
    Reg acc;
    {
      char* const none[1] = {nullptr};
      SlotIo io{&acc, none};
      run_program(P.identity, io, 0);
    }
    for (int _j = (int)threadIdx.x; _j < _red_size; _j += (int)blockDim.x) {
      Reg v[2];
      char* const at[2] = {(char*)(_row + _j * _p_x.strides[1]), nullptr};
      SlotIo io{v, at};
      run_program(P.map, io, 0);
      acc = rows_combine(P.reduce, acc, v[1]);
    }
    __syncthreads();  // the previous row is done with _sh
    _sh[threadIdx.x] = acc;
    __syncthreads();
    for (int _s = (int)blockDim.x >> 1; _s > 0; _s >>= 1) {
      if ((int)threadIdx.x < _s)
        _sh[threadIdx.x] = rows_combine(P.reduce, _sh[threadIdx.x], _sh[threadIdx.x + _s]);
      __syncthreads();
    }
    acc = _sh[0];
    if (threadIdx.x == 0) {
      Reg v[2];
      v[0] = acc;
      char* const at[2] = {nullptr, _p_y.ptr + _o * _p_y.strides[0]};
      SlotIo io{v, at};
      run_program(P.post, io, 0);
    }
  }
}
