#include "kernel/raw/cuda_signature.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "kernel/raw/raw_module.hpp"
#include "ndgpu/errors.hpp"

using namespace ndgpu;
using namespace ndgpu::kernel;

TEST(CudaSignature, ExternCKernelsInABlockAndAlone) {
  auto ks = parse_cuda_kernels(R"(
#include <cupy/complex.cuh>
// __global__ void in_a_comment(int x);
extern "C" {
__global__ void test_sum(const float* x1, const float* __restrict__ x2, float* y, \
                         unsigned int N) { }
}
extern "C" __global__ void __launch_bounds__(256, 2)
my_func(const complex<float>* x, complex<float> y[], float a, const char* s = "a,b") {}
__global__ void cxx(long long n, double);
__global__ void cxx(long long n, double d) {}
)");
  ASSERT_EQ(ks.size(), 3u);
  EXPECT_EQ(ks[0].name, "test_sum");
  EXPECT_TRUE(ks[0].extern_c);
  ASSERT_EQ(ks[0].params.size(), 4u);
  EXPECT_EQ(ks[0].params[1].type, "const float* __restrict__");
  EXPECT_EQ(ks[0].params[1].name, "x2");
  EXPECT_EQ(ks[0].params[3].type, "unsigned int");
  EXPECT_EQ(ks[0].params[3].name, "N");
  EXPECT_EQ(ks[1].name, "my_func");
  EXPECT_TRUE(ks[1].extern_c);
  ASSERT_EQ(ks[1].params.size(), 4u);
  EXPECT_EQ(ks[1].params[0].type, "const complex<float>*");
  EXPECT_EQ(ks[1].params[1].type, "complex<float>*");
  EXPECT_EQ(ks[1].params[1].name, "y");
  EXPECT_EQ(ks[1].params[3].type, "const char*");
  EXPECT_EQ(ks[2].name, "cxx");
  EXPECT_FALSE(ks[2].extern_c);
  ASSERT_EQ(ks[2].params.size(), 2u);
  EXPECT_EQ(ks[2].params[1].type, "double");
}

TEST(CudaSignature, UnnamedAndVoidParameters) {
  auto ks = parse_cuda_kernels(
      "extern \"C\" __global__ void k(void) {}\n"
      "extern \"C\" __global__ void u(unsigned long long, int*, const int) {}\n");
  ASSERT_EQ(ks.size(), 2u);
  EXPECT_TRUE(ks[0].params.empty());
  ASSERT_EQ(ks[1].params.size(), 3u);
  EXPECT_EQ(ks[1].params[0].type, "unsigned long long");
  EXPECT_EQ(ks[1].params[0].name, "");
  EXPECT_EQ(ks[1].params[1].type, "int*");
  EXPECT_EQ(ks[1].params[2].type, "const int");
}

TEST(CudaSignature, TemplatesAreInstantiatedFromNameExpressions) {
  auto ks = parse_cuda_kernels(R"(
template <typename T, int N = 4>
__global__ void scale(T* x, const T a, Pair<T, N> p) {}
)");
  ASSERT_EQ(ks.size(), 1u);
  EXPECT_EQ(ks[0].template_params, (std::vector<std::string>{"T", "N"}));
  auto ne = parse_name_expression("scale<complex<float>, 8>");
  EXPECT_EQ(ne.base, "scale");
  EXPECT_EQ(ne.args, (std::vector<std::string>{"complex<float>", "8"}));
  auto k = instantiate(ks, "scale<complex<float>, 8>");
  ASSERT_TRUE(k);
  EXPECT_EQ(k->name, "scale<complex<float>, 8>");
  EXPECT_EQ(k->params[0].type, "complex<float>*");
  EXPECT_EQ(k->params[1].type, "const complex<float>");
  EXPECT_EQ(k->params[2].type, "Pair<complex<float>,8>");
  EXPECT_FALSE(instantiate(ks, "other<int>"));
}

TEST(CudaSignature, ParameterTypesMapToDtypes) {
  auto p = classify_param_type("const float* __restrict__");
  EXPECT_EQ(p.kind, ParamType::Pointer);
  EXPECT_EQ(p.dtype, DType::Float32);
  EXPECT_EQ(classify_param_type("unsigned long long").dtype, DType::UInt64);
  EXPECT_EQ(classify_param_type("thrust::complex<double>*").dtype, DType::Complex128);
  EXPECT_EQ(classify_param_type("size_t").dtype, DType::UInt64);
  EXPECT_TRUE(classify_param_type("void*").any_pointer);
  EXPECT_TRUE(classify_param_type("float**").any_pointer);
  EXPECT_EQ(classify_param_type("MyStruct").kind, ParamType::Unknown);
  EXPECT_EQ(classify_param_type("T*").kind, ParamType::Pointer);
  EXPECT_FALSE(classify_param_type("T*").dtype);
}

TEST(RawHeaders, IncludesAreReadThroughIncludeDirs) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "ndgpu_raw_headers_test";
  fs::create_directories(dir / "sub");
  std::FILE* f = std::fopen((dir / "a.cuh").c_str(), "w");
  std::fputs("#include \"sub/b.cuh\"\n#define A 1\n", f);
  std::fclose(f);
  f = std::fopen((dir / "sub" / "b.cuh").c_str(), "w");
  std::fputs("#define B 2\n", f);
  std::fclose(f);
  auto h = collect_headers("#include <cupy/complex.cuh>\n  #  include \"a.cuh\"\n", {dir.string()});
  ASSERT_EQ(h.size(), 2u);
  EXPECT_EQ(h["a.cuh"], "#include \"sub/b.cuh\"\n#define A 1\n");
  EXPECT_EQ(h["sub/b.cuh"], "#define B 2\n");
  fs::remove_all(dir);
}
