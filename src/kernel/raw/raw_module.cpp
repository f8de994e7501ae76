#include "kernel/raw/raw_module.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "backend/device_headers.hpp"
#include "backend/files.hpp"
#include "kernel/cache/lookup.hpp"
#include "ndgpu/errors.hpp"
#include "ndgpu/host_hooks.hpp"
#include "ndgpu/raw_kernel.hpp"

namespace ndgpu::kernel {
namespace {

namespace fs = std::filesystem;

// The names in `#include "x"` / `#include <x>` lines.
std::vector<std::string> include_names(const std::string& text) {
  std::vector<std::string> out;
  for (const std::string& line : split_lines(text)) {
    size_t p = line.find_first_not_of(" \t");
    if (p == std::string::npos || line[p] != '#') continue;
    p = line.find_first_not_of(" \t", p + 1);
    if (p == std::string::npos || line.compare(p, 7, "include") != 0) continue;
    size_t open = line.find_first_of("<\"", p + 7);
    if (open == std::string::npos) continue;
    size_t close = line.find(line[open] == '<' ? '>' : '"', open + 1);
    if (close != std::string::npos) out.push_back(line.substr(open + 1, close - open - 1));
  }
  return out;
}

}  // namespace

std::map<std::string, std::string> collect_headers(const std::string& code,
                                                   const std::vector<std::string>& include_dirs) {
  std::map<std::string, std::string> found;
  const auto& embedded = embedded_device_headers();
  std::vector<std::pair<std::string, fs::path>> todo;  // (include name, includer's folder)
  for (auto& n : include_names(code)) todo.push_back({n, fs::path()});
  while (!todo.empty()) {
    auto [name, from] = todo.back();
    todo.pop_back();
    if (found.count(name) || embedded.count(name)) continue;
    std::vector<fs::path> dirs;
    if (!from.empty()) dirs.push_back(from);
    for (auto& d : include_dirs) dirs.push_back(d);
    for (const fs::path& d : dirs) {
      fs::path p = d / name;
      std::error_code ec;
      if (!fs::is_regular_file(p, ec)) continue;
      auto text = read_file(p.string());
      if (!text) continue;
      found[name] = *text;
      for (auto& n : include_names(*text)) todo.push_back({n, p.parent_path()});
      break;
    }
  }
  return found;
}

KernelSource RawModuleState::source() const {
  KernelSource src;
  src.source = code;
  src.options = compile_options;
  src.headers = headers;
  src.name_hint = kernels.empty() ? "raw_module" : kernels.front().name;
  if (backend == "nvcc") {
    src.compiler = Compiler::Nvcc;  // extern "C" kernels only: nvcc reports no lowered names
  } else {
    src.options.push_back(kTryMinimalOption);
    // Template instantiations, and kernels that are not extern "C", are found by the
    // symbols their name expressions lower to.
    auto& exprs = src.name_expressions;
    exprs = name_expressions;
    for (const CudaKernelDecl& k : kernels)
      if (!k.extern_c && k.template_params.empty() &&
          std::find(exprs.begin(), exprs.end(), k.name) == exprs.end())
        exprs.push_back(k.name);
  }
  // Every kernel the CPU backend can call: the parsed non-templates and the name expressions.
  for (const CudaKernelDecl& k : kernels) {
    if (!k.parsed || !k.template_params.empty()) continue;
    KernelEntry e{k.name, {}};
    for (auto& p : k.params) e.param_types.push_back(p.type);
    src.entries.push_back(e);
  }
  for (const std::string& expr : name_expressions) {
    auto k = instantiate(kernels, expr);
    if (!k || !k->parsed) continue;
    KernelEntry e{expr, {}};
    for (auto& p : k->params) e.param_types.push_back(p.type);
    src.entries.push_back(e);
  }
  return src;
}

const RawModuleState::Declaration* RawModuleState::declaration(const std::string& name) {
  auto lk = lock_unblocked(mu_);  // held through the compile
  auto it = instantiated_.find(name);
  if (it == instantiated_.end()) {
    auto k = instantiate(kernels, name);
    if (!k) return nullptr;
    if (!layouts_) {  // the structs of the headers (included first, usually) and the source
      std::string all;
      for (const auto& [name, text] : headers) all += text + "\n";
      layouts_.emplace(all + code);
    }
    Declaration d{*k, {}};
    for (const auto& p : k->params) d.types.push_back(classify_param_type(p.type, &*layouts_));
    it = instantiated_.emplace(name, std::move(d)).first;
  }
  return it->second.decl.parsed ? &it->second : nullptr;
}

LoadedModule& RawModuleState::load(Device device) {
  std::shared_ptr<LoadedModule>& module = loaded_[device.str()];
  if (module) return *module;
  KernelSource src = source();
  if (binary.empty()) {
    module = get_module(device, src);
  } else if (device.type == DeviceType::CPU) {
    throw ValueError("RawModule(path='" + path +
                     "'): the CPU backend cannot run CUDA binaries "
                     "(cubin, PTX, fatbin); pass the CUDA source as code= or a .cu path");
  } else {
    module = backend_for(device).load(device.index, CompiledBinary{binary, {}}, src);
  }
  return *module;
}

void* RawModuleState::function(Device device, const std::string& name) {
  bool is_expr = name.find('<') != std::string::npos;
  if (is_expr &&
      std::find(name_expressions.begin(), name_expressions.end(), name) == name_expressions.end())
    throw ValueError("RawModule has no '" + name +
                     "': a template instantiation must be listed "
                     "in name_expressions");
  auto lk = lock_unblocked(mu_);  // held through the compile
  void* f = load(device).function(name);
  if (f) return f;
  if (device.type == DeviceType::CPU && binary.empty()) {
    auto k = instantiate(kernels, name);
    if (k && !k->parsed)
      throw ValueError("cannot read the parameter list of kernel '" + name +
                       "', which the CPU backend needs to call it");
  }
  if (backend == "nvcc" && device.type != DeviceType::CPU)
    throw ValueError("kernel '" + name +
                     "' was not found in the module (backend='nvcc' finds "
                     "extern \"C\" kernels only)");
  throw ValueError("kernel '" + name + "' was not found in the module");
}

}  // namespace ndgpu::kernel

namespace ndgpu {

RawModule::RawModule(const std::string& code, const std::string& path,
                     std::vector<std::string> options, const std::string& backend,
                     std::vector<std::string> name_expressions, bool translate_cucomplex)
    : state_(std::make_shared<kernel::RawModuleState>()) {
  if (code.empty() == path.empty()) throw TypeError("RawModule needs exactly one of code and path");
  if (backend != "nvrtc" && backend != "nvcc")
    throw ValueError("RawModule: backend must be 'nvrtc' or 'nvcc', got '" + backend + "'");
  if (backend == "nvcc" && !name_expressions.empty())
    throw ValueError(
        "RawModule: name_expressions need backend='nvrtc' (nvcc reports no "
        "lowered names)");
  auto& s = *state_;
  s.backend = backend;
  s.options = options;
  s.name_expressions = std::move(name_expressions);
  s.path = path;
  std::string text = code;
  if (!path.empty()) {
    auto bytes = read_file(path);
    if (!bytes) throw ValueError("RawModule: cannot read '" + path + "'");
    // CUDA source is text with a kernel in it; anything else is a binary for the driver.
    bool source = bytes->find('\0') == std::string::npos &&
                  bytes->find("__global__") != std::string::npos &&
                  bytes->find(".version") == std::string::npos;
    (source ? text : s.binary) = *bytes;
  }
  if (translate_cucomplex) {
    const std::string from = "#include <cuComplex.h>";
    for (size_t p; (p = text.find(from)) != std::string::npos;)
      text.replace(p, from.size(), "#include <cupy/cuComplex_bridge.h>");
  }
  s.code = text;
  std::vector<std::string> include_dirs;
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string& o = options[i];
    if (o == "-I" || o == "--include-path") {
      if (i + 1 < options.size()) include_dirs.push_back(options[++i]);
    } else if (o.rfind("--include-path=", 0) == 0) {
      include_dirs.push_back(o.substr(15));
    } else if (o.rfind("-I", 0) == 0) {
      include_dirs.push_back(o.substr(2));
    } else {
      s.compile_options.push_back(o);
    }
  }
  if (!text.empty()) {
    s.kernels = kernel::parse_cuda_kernels(text);
    s.headers = kernel::collect_headers(text, include_dirs);
  }
}

// Lenient: a kernel the signature reader missed (made by a macro) is looked up when used.
RawKernel RawModule::get_function(const std::string& name) const {
  const auto& ne = state_->name_expressions;
  if (name.find('<') != std::string::npos && std::find(ne.begin(), ne.end(), name) == ne.end())
    throw ValueError("RawModule has no '" + name +
                     "': a template instantiation must be listed "
                     "in name_expressions");
  return RawKernel(state_, name);
}

void RawModule::compile() const {
  for (auto& k : state_->kernels)
    if (k.template_params.empty() && k.parsed) {
      state_->function(current_device(), k.name);
      return;
    }
  for (auto& e : state_->name_expressions) {
    state_->function(current_device(), e);
    return;
  }
}

const std::string& RawModule::code() const {
  return state_->code;
}
const std::string& RawModule::backend() const {
  return state_->backend;
}
const std::vector<std::string>& RawModule::options() const {
  return state_->options;
}
const std::vector<std::string>& RawModule::name_expressions() const {
  return state_->name_expressions;
}

}  // namespace ndgpu
