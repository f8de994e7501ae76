#include "kernel/raw/cuda_signature.hpp"

#include <map>

#include "kernel/raw/cuda_tokens.hpp"

namespace ndgpu::kernel {
namespace {

const char* const kTypeWords[] = {"void",  "bool",     "char",         "short",      "int",
                                  "long",  "float",    "double",       "signed",     "unsigned",
                                  "const", "volatile", "__restrict__", "__restrict", "struct"};
bool type_word(const std::string& w) {
  for (const char* k : kTypeWords)
    if (w == k) return true;
  return false;
}

std::optional<CudaParam> read_param(std::vector<Token> p) {
  for (size_t i = 0; i < p.size(); ++i)
    if (is(p[i], "=")) p.resize(i);  // a default argument
  if (p.empty() || (p.size() == 1 && is(p[0], "void"))) return std::nullopt;
  bool array = false;
  while (!p.empty() && is(p.back(), "]")) {
    size_t k = p.size() - 1;
    while (k > 0 && !is(p[k], "[")) --k;
    p.resize(k);
    array = true;
  }
  CudaParam out;
  bool only_qualifiers = true;
  for (size_t i = 0; i + 1 < p.size(); ++i)
    only_qualifiers = only_qualifiers && (is(p[i], "const") || is(p[i], "volatile"));
  if (p.size() >= 2 && p.back().kind == Token::Ident && !type_word(p.back().text) &&
      !is(p[p.size() - 2], "::") && !only_qualifiers) {
    out.name = p.back().text;
    p.pop_back();
  }
  out.type = join(p) + (array ? "*" : "");
  return out;
}

std::vector<std::string> template_names(const std::vector<Token>& t, size_t open) {
  std::vector<std::string> names;
  for (auto& part : split_commas(t, open + 1, match(t, open))) {
    std::string name;
    for (const Token& x : part) {
      if (is(x, "=")) break;
      if (x.kind == Token::Ident) name = x.text;
    }
    names.push_back(name);
  }
  return names;
}

bool starts_linkage_block(const std::vector<Token>& t, size_t i) {
  return i >= 2 && is(t[i - 2], "extern") && t[i - 1].kind == Token::String;
}

}  // namespace

std::vector<CudaKernelDecl> parse_cuda_kernels(const std::string& source) {
  std::vector<Token> t = tokenize(source);
  std::vector<CudaKernelDecl> out;
  std::vector<bool> extern_c_block;  // per open brace
  size_t decl_start = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    const Token& x = t[i];
    if (is(x, "{")) {
      extern_c_block.push_back(starts_linkage_block(t, i) ||
                               (!extern_c_block.empty() && extern_c_block.back()));
      decl_start = i + 1;
      continue;
    }
    if (is(x, "}")) {
      if (!extern_c_block.empty()) extern_c_block.pop_back();
      decl_start = i + 1;
      continue;
    }
    if (is(x, ";")) decl_start = i + 1;
    if (!is(x, "__global__")) continue;

    CudaKernelDecl k;
    k.extern_c = !extern_c_block.empty() && extern_c_block.back();
    for (size_t j = decl_start; j < i; ++j) {
      if (is(t[j], "extern") && j + 1 < i && t[j + 1].kind == Token::String) k.extern_c = true;
      if (is(t[j], "template") && j + 1 < i && is(t[j + 1], "<"))
        k.template_params = template_names(t, j + 1);
    }
    // The name is the identifier before the first '(' that is not an attribute's.
    size_t j = i + 1;
    for (; j < t.size(); ++j) {
      const std::string& w = t[j].text;
      if (w == "__launch_bounds__" || w == "__attribute__" || w == "__align__" || w == "alignas" ||
          w == "__declspec") {
        if (j + 1 < t.size() && is(t[j + 1], "(")) j = match(t, j + 1);
        continue;
      }
      if (w == "(" || w == ";" || w == "{") break;
    }
    if (j >= t.size() || !is(t[j], "(") || t[j - 1].kind != Token::Ident) continue;
    k.name = t[j - 1].text;
    size_t close = match(t, j);
    if (close >= t.size()) {
      k.parsed = false;
    } else {
      for (auto& p : split_commas(t, j + 1, close))
        if (auto param = read_param(p)) k.params.push_back(*param);
      k.parsed = close + 1 < t.size() && (is(t[close + 1], "{") || is(t[close + 1], ";"));
    }
    bool seen = false;
    for (auto& prev : out) {
      if (prev.name != k.name) continue;
      seen = true;
      if (!prev.parsed && k.parsed) prev = k;
    }
    if (!seen) out.push_back(k);
    i = std::max(i, j);
  }
  return out;
}

NameExpression parse_name_expression(const std::string& expr) {
  NameExpression ne;
  std::vector<Token> t = tokenize(expr);
  size_t lt = 0;
  while (lt < t.size() && !is(t[lt], "<")) ++lt;
  for (size_t i = 0; i < lt; ++i) ne.base += t[i].text;
  if (lt < t.size()) {
    size_t close = match(t, lt);
    for (auto& part : split_commas(t, lt + 1, std::min(close, t.size())))
      ne.args.push_back(join(part));
  }
  // A qualified name ("ns::k<float>") is looked up by its last component.
  size_t colon = ne.base.rfind("::");
  if (colon != std::string::npos) ne.base = ne.base.substr(colon + 2);
  return ne;
}

std::optional<CudaKernelDecl> instantiate(const std::vector<CudaKernelDecl>& kernels,
                                          const std::string& name) {
  NameExpression ne = parse_name_expression(name);
  for (const CudaKernelDecl& k : kernels) {
    if (k.name != ne.base) continue;
    CudaKernelDecl out = k;
    if (ne.args.empty()) return out;
    std::map<std::string, std::string> subst;
    for (size_t i = 0; i < ne.args.size() && i < k.template_params.size(); ++i)
      subst[k.template_params[i]] = ne.args[i];
    for (CudaParam& p : out.params) {
      std::vector<Token> t = tokenize(p.type);
      std::vector<Token> r;
      for (const Token& x : t) {
        auto it = x.kind == Token::Ident ? subst.find(x.text) : subst.end();
        if (it == subst.end()) {
          r.push_back(x);
        } else {
          auto sub = tokenize(it->second);
          r.insert(r.end(), sub.begin(), sub.end());
        }
      }
      p.type = join(r);
    }
    out.name = name;
    out.template_params.clear();
    return out;
  }
  return std::nullopt;
}

}  // namespace ndgpu::kernel
