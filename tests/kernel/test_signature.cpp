#include "kernel/signature.hpp"

#include <gtest/gtest.h>

#include "ndgpu/errors.hpp"

using namespace ndgpu;
using namespace ndgpu::kernel;

TEST(Signature, ParsesTypesPlaceholdersAndRaw) {
  auto ps = parse_params("float32 x, raw T y,int64  z", "k", "in_params");
  ASSERT_EQ(ps.size(), 3u);
  EXPECT_EQ(ps[0].name, "x");
  EXPECT_EQ(ps[0].dtype, DType::Float32);
  EXPECT_FALSE(ps[0].raw);
  EXPECT_EQ(ps[1].name, "y");
  EXPECT_TRUE(ps[1].is_placeholder());
  EXPECT_EQ(ps[1].type, "T");
  EXPECT_TRUE(ps[1].raw);
  EXPECT_EQ(ps[2].dtype, DType::Int64);
}

TEST(Signature, EmptyListIsAllowed) {
  EXPECT_TRUE(parse_params("  ", "k", "in_params").empty());
}

TEST(Signature, RejectsReservedNames) {
  for (const char* bad : {"float32 i", "T _x", "T x, T _ind"}) {
    try {
      parse_params(bad, "mykernel", "in_params");
      FAIL() << bad;
    } catch (const ValueError& e) {
      EXPECT_NE(std::string(e.what()).find("reserved"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("mykernel"), std::string::npos) << e.what();
    }
  }
}

TEST(Signature, NIsAUsersName) {  // CuPy's kernels take `int32 n` parameters
  EXPECT_EQ(parse_params("raw T x, int32 n", "k", "in_params")[1].name, "n");
}

TEST(Signature, RejectsMalformedAndUnknownTypes) {
  EXPECT_THROW(parse_params("float32", "k", "in_params"), ValueError);
  EXPECT_THROW(parse_params("float32 x y z", "k", "in_params"), ValueError);
  EXPECT_THROW(parse_params("floaty x", "k", "in_params"), ValueError);
  EXPECT_THROW(parse_params("T 1x", "k", "in_params"), ValueError);
  EXPECT_THROW(parse_params("T x, T x", "k", "in_params"), ValueError);
  EXPECT_THROW(parse_params("T x,", "k", "in_params"), ValueError);
}

TEST(Signature, InputAndOutputNamesMustDiffer) {
  auto in = parse_params("T x", "k", "in_params");
  auto out = parse_params("T x", "k", "out_params");
  EXPECT_THROW(check_unique_names(in, out, "k"), ValueError);
}

TEST(Signature, FindsWholeIdentifiers) {
  EXPECT_TRUE(uses_identifier("z = y[_ind.size() - i - 1]", "i"));
  EXPECT_FALSE(uses_identifier("z = x + in0; a.i = 2; p->i = 3", "i"));
  EXPECT_FALSE(uses_identifier("int idx = 1", "i"));
}
