// The plain row reduction kernel runs only on CUDA, so CI's NVRTC check of CPU-generated
// kernels never sees it: these compile its variants with NVRTC (where libnvrtc exists).
#include <gtest/gtest.h>

#include "backend/cuda/nvrtc.hpp"
#include "kernel/reduction/codegen.hpp"
#include "ndgpu/errors.hpp"

namespace ndgpu::kernel {
namespace {

struct RowsCase {
  Param out, in;
  ReductionSpec spec;
};

RowsCase make_case(DType out_t, DType out_storage, DType in_t, DType in_storage,
                   const std::string& map, const std::string& reduce, const std::string& post,
                   const std::string& acc, bool index32) {
  RowsCase c{{"y", "", std::nullopt}, {"x", "", std::nullopt}, {}};
  c.spec.name = "rows_case";
  c.spec.map_expr = map;
  c.spec.reduce_expr = reduce;
  c.spec.post_map_expr = post;
  c.spec.identity = "0";
  c.spec.reduce_ctype = acc;
  c.spec.index32 = index32;
  c.spec.out_ndim = c.spec.red_ndim = 1;
  c.spec.plain_rows = true;
  c.spec.placeholders = {{'T', in_t}};
  return c;
}

void expect_compiles(RowsCase& c, DType out_t, DType out_s, DType in_t, DType in_s) {
  if (!cuda::nvrtc_available()) GTEST_SKIP() << "libnvrtc is not installed";
  c.spec.args = {{&c.out, ArgKind::Array, out_t, out_s, 0, true},
                 {&c.in, ArgKind::Array, in_t, in_s, 0, false}};
  KernelSource src = generate_reduction(c.spec);
  src.options = {"-minimal", "--use_fast_math"};
  ASSERT_EQ(src.entries.size(), 1u);
  EXPECT_EQ(src.entries[0].param_types.size(), 9u);  // the general kernel's parameters
  EXPECT_EQ(src.source.find("switch"), std::string::npos) << src.source;
  try {
    std::string ptx = cuda::nvrtc_compile(src, 9, 0, nullptr);
    EXPECT_NE(ptx.find("rows_case"), std::string::npos);
  } catch (const CompileError& e) {
    FAIL() << e.what();
  }
}

TEST(ReductionPlainRows, SeedL2NormCompiles) {
  auto c = make_case(DType::Float32, DType::Float32, DType::Float32, DType::Float32, "x * x",
                     "a + b", "y = sqrt(a)", "float", true);
  expect_compiles(c, DType::Float32, DType::Float32, DType::Float32, DType::Float32);
}

TEST(ReductionPlainRows, CastsIndicesAndWideIndexCompile) {
  // int32 data read as int64, the index in the map, a float32 output written from int64.
  auto c = make_case(DType::Int64, DType::Float32, DType::Int64, DType::Int32,
                     "x + _j + i + _in_ind.size() + _out_ind.size()", "a > b ? a : b", "y = a",
                     "long long", false);
  expect_compiles(c, DType::Int64, DType::Float32, DType::Int64, DType::Int32);
}

TEST(ReductionPlainRows, AcceptsOnlyShuffleableAccumulators) {
  EXPECT_TRUE(plain_rows_reduce_type("double"));
  EXPECT_TRUE(plain_rows_reduce_type("unsigned long long"));
  EXPECT_FALSE(plain_rows_reduce_type("ndgpu::complex<float>"));
  EXPECT_FALSE(plain_rows_reduce_type("bool"));
}

}  // namespace
}  // namespace ndgpu::kernel
