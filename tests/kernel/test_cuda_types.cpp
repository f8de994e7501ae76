#include <gtest/gtest.h>

#include "kernel/raw/cuda_types.hpp"

using namespace ndgpu;
using namespace ndgpu::kernel;

namespace {
std::optional<TypeLayout> layout(const std::string& type, const TypeLayouts* declared = nullptr) {
  return classify_param_type(type, declared).layout;
}
}  // namespace

TEST(CudaTypes, VectorTypesAsCudaLaysThemOut) {
  EXPECT_EQ(layout("double3"), (TypeLayout{24, 8}));
  EXPECT_EQ(layout("const double2"), (TypeLayout{16, 16}));
  EXPECT_EQ(layout("float4"), (TypeLayout{16, 16}));
  EXPECT_EQ(layout("short3"), (TypeLayout{6, 2}));
  EXPECT_EQ(layout("char4"), (TypeLayout{4, 4}));
  EXPECT_EQ(layout("ulong1"), (TypeLayout{8, 8}));
  EXPECT_EQ(layout("longlong4"), (TypeLayout{32, 16}));
  EXPECT_EQ(layout("double4_32a"), (TypeLayout{32, 32}));
  EXPECT_EQ(layout("dim3"), (TypeLayout{12, 4}));
  EXPECT_FALSE(layout("float4_32a"));  // CUDA has no such type
  ParamType p = classify_param_type("const double3* __restrict__");
  EXPECT_EQ(p.kind, ParamType::Pointer);
  EXPECT_EQ(p.dtype, DType::Float64);  // a float64 array may be passed
  EXPECT_EQ(p.lanes, 3);
  EXPECT_TRUE(classify_param_type("int2").aggregate());
  EXPECT_FALSE(classify_param_type("int").aggregate());
}

TEST(CudaTypes, StructsOfTheSourceWithCudaAlignment) {
  // Padding before the 16-aligned int4 and the doubles.
  TypeLayouts declared(R"(
struct Mixed { char b; int4 a; short1 d; double c[2]; unsigned long long int e[3]; };
struct double5 {
    double value[5];
    __device__ const double& operator[](size_t i) const { return value[i]; }
};
typedef struct { float x, *p; } Pair;
struct __align__(16) Aligned { float v; static int count; };
struct Derived : public Aligned { int extra; };
union Bits { float f; unsigned long long u; char c[10]; };
template <class T> struct Box { T v; };
struct WithBitfield { int a : 3; };
typedef float real;
using Index = long long;
namespace ns { struct Particle { double3 pos; real mass = 1; Pair pair; }; }
)");
  EXPECT_EQ(layout("Mixed", &declared), (TypeLayout{80, 16}));
  EXPECT_EQ(layout("double5", &declared), (TypeLayout{40, 8}));
  EXPECT_EQ(layout("Pair", &declared), (TypeLayout{16, 8}));
  EXPECT_EQ(layout("Aligned", &declared), (TypeLayout{16, 16}));
  EXPECT_EQ(layout("Derived", &declared), (TypeLayout{32, 16}));
  EXPECT_EQ(layout("Bits", &declared), (TypeLayout{16, 8}));
  EXPECT_EQ(layout("ns::Particle", &declared), (TypeLayout{48, 8}));
  // Declared, but not read: the launch passes a record of any size.
  EXPECT_TRUE(declared.declares("Box"));
  EXPECT_FALSE(layout("Box", &declared));
  EXPECT_FALSE(layout("WithBitfield", &declared));
  EXPECT_EQ(classify_param_type("WithBitfield", &declared).kind, ParamType::Value);
  EXPECT_EQ(classify_param_type("Undeclared", &declared).kind, ParamType::Unknown);
  // Aliases of scalars stay scalars.
  EXPECT_EQ(classify_param_type("real", &declared).dtype, DType::Float32);
  EXPECT_EQ(classify_param_type("const real*", &declared).kind, ParamType::Pointer);
  EXPECT_EQ(classify_param_type("Index", &declared).dtype, DType::Int64);
}
