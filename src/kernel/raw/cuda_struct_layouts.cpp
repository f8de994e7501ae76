// TypeLayouts: the structs and aliases a user's CUDA source declares, read by shape from its
// tokens, laid out as C (and NVCC) lay them out.
#include <algorithm>
#include <cstdlib>

#include "kernel/raw/cuda_tokens.hpp"
#include "kernel/raw/cuda_types.hpp"

namespace ndgpu::kernel {
namespace {

using Tokens = std::vector<Token>;

size_t round_up(size_t n, size_t a) {
  return a ? (n + a - 1) / a * a : n;
}

// A positive integer literal (an array bound or alignment), or 0.
size_t literal(const Token& t) {
  if (t.kind != Token::Number) return 0;
  char* end = nullptr;
  unsigned long long v = std::strtoull(t.text.c_str(), &end, 0);
  while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L') ++end;
  return *end ? 0 : size_t(v);
}

// The largest alignas(N), __align__(N) or __attribute__((aligned(N))) in [b, e); 0 if none.
size_t alignment_in(const Tokens& t, size_t b, size_t e) {
  size_t a = 0;
  for (size_t i = b; i + 2 < e; ++i)
    if ((is(t[i], "alignas") || is(t[i], "__align__") || is(t[i], "aligned")) && is(t[i + 1], "("))
      a = std::max(a, literal(t[i + 2]));
  return a;
}

// Removes alignment specifiers and attributes from a member declaration.
Tokens without_attributes(const Tokens& t) {
  Tokens out;
  for (size_t i = 0; i < t.size(); ++i) {
    const std::string& w = t[i].text;
    bool attr = w == "alignas" || w == "__align__" || w == "__attribute__" || w == "__declspec";
    if (attr && i + 1 < t.size() && is(t[i + 1], "(")) {
      i = match(t, i + 1);
      continue;
    }
    if (w == "mutable" || w == "__device__" || w == "__host__") continue;
    out.push_back(t[i]);
  }
  return out;
}

struct Layout {
  size_t size = 0, align = 1;
  bool known = true;
};

// Adds one member declaration ("double x, y[3];") to a layout.
void add_member(Tokens m, const TypeLayouts& declared, bool is_union, Layout* l) {
  size_t forced = alignment_in(m, 0, m.size());
  m = without_attributes(m);
  for (const Token& x : m)
    if (is(x, ":") || is(x, "virtual")) l->known = false;  // a bit field, a vtable
  auto parts = split_commas(m, 0, m.size());
  if (!l->known || parts.empty()) return;
  for (Tokens& d : parts)
    for (size_t i = 0; i < d.size(); ++i)
      if (is(d[i], "=") || is(d[i], "{")) d.resize(i);  // a default member initializer
  // The base type: the first declarator's tokens before its pointers and name.
  Tokens& first = parts[0];
  size_t name_at = first.size();
  while (name_at > 0 && !(first[name_at - 1].kind == Token::Ident)) --name_at;  // skip [N]
  size_t type_end = name_at ? name_at - 1 : 0;
  while (type_end > 0 && (is(first[type_end - 1], "*") || is(first[type_end - 1], "&"))) --type_end;
  Tokens base(first.begin(), first.begin() + type_end);
  ParamType element = classify_param_type(join(base), &declared);
  for (size_t p = 0; p < parts.size(); ++p) {
    Tokens d = p ? parts[p] : Tokens(first.begin() + type_end, first.end());
    bool pointer = !d.empty() && is(d[0], "*");
    size_t count = 1;
    for (size_t i = 0; i + 1 < d.size(); ++i)
      if (is(d[i], "[")) count *= literal(d[i + 1]);
    std::optional<TypeLayout> one = pointer ? TypeLayout{8, 8} : element.layout;
    if (!one || count == 0 || base.empty()) {
      l->known = false;
      return;
    }
    size_t align = std::max(one->align, forced);
    size_t offset = is_union ? 0 : round_up(l->size, align);
    l->size = std::max(l->size, offset + one->size * count);
    l->align = std::max(l->align, align);
  }
}

// A member declaration with a parameter list before any initializer declares a function.
bool declares_function(const Tokens& m, bool* function_pointer) {
  for (size_t i = 0; i < m.size() && !is(m[i], "=") && !is(m[i], "{"); ++i) {
    if (!is(m[i], "(")) continue;
    *function_pointer = i + 1 < m.size() && is(m[i + 1], "*");
    return true;
  }
  return false;
}

// Adds the members of the class body between braces `open` and `close` to `l` (which holds a
// base class's layout, or nothing).
Layout read_body(const Tokens& t, size_t open, size_t close, const TypeLayouts& declared,
                 bool is_union, Layout l) {
  Tokens member;
  for (size_t i = open + 1; i < close; ++i) {
    const Token& x = t[i];
    bool function_pointer = false;
    bool function = declares_function(member, &function_pointer);
    if (function_pointer) l.known = false;
    if (is(x, "{")) {
      bool nested_type = !member.empty() && (is(member[0], "struct") || is(member[0], "union") ||
                                             is(member[0], "class") || is(member[0], "enum"));
      if (nested_type && !is(member[0], "enum")) l.known = false;
      i = match(t, i);
      if (function) member.clear();  // a member function's body
      continue;
    }
    if (!is(x, ";")) {
      // Access labels end where their ':' is.
      if (member.empty() && i + 1 < close && is(t[i + 1], ":") &&
          (is(x, "public") || is(x, "private") || is(x, "protected"))) {
        ++i;
        continue;
      }
      member.push_back(x);
      continue;
    }
    static const char* const kNotData[] = {"static",   "typedef",       "using", "friend",
                                           "template", "static_assert", "enum",  "struct",
                                           "class",    "union"};
    bool data = !member.empty() && !function;
    for (const char* w : kNotData) data = data && !is(member[0], w);
    if (data) add_member(member, declared, is_union, &l);
    member.clear();
  }
  return l;
}

}  // namespace

void TypeLayouts::declare(const std::string& name, std::optional<TypeLayout> layout) {
  auto [it, fresh] = types_.emplace(name, layout);
  if (!fresh && it->second != layout) it->second = std::nullopt;  // two different types
}

bool TypeLayouts::declares(const std::string& name) const {
  size_t colon = name.rfind("::");
  return types_.count(colon == std::string::npos ? name : name.substr(colon + 2)) > 0;
}

std::optional<TypeLayout> TypeLayouts::find(const std::string& name) const {
  size_t colon = name.rfind("::");
  auto it = types_.find(colon == std::string::npos ? name : name.substr(colon + 2));
  return it == types_.end() ? std::nullopt : it->second;
}

std::optional<std::string> TypeLayouts::alias(const std::string& name) const {
  std::optional<std::string> out;
  for (int depth = 0; depth < 8; ++depth) {  // a bound: aliases may refer to each other
    auto it = aliases_.find(out.value_or(name));
    if (it == aliases_.end()) break;
    out = it->second;
  }
  return out;
}

TypeLayouts::TypeLayouts(const std::string& source) {
  Tokens t = tokenize(source);
  for (size_t i = 0; i < t.size(); ++i) {
    bool typedef_here = is(t[i], "typedef");
    size_t k = typedef_here ? i + 1 : i;
    if (k >= t.size()) break;
    bool is_union = is(t[k], "union");
    if (is_union || is(t[k], "struct") || is(t[k], "class")) {
      // [template<...>] struct [attributes] [NAME] [final] [: bases] { ... } [ALIASES];
      size_t open = k + 1;
      while (open < t.size() && !is(t[open], "{") && !is(t[open], ";") && !is(t[open], ")") &&
             !is(t[open], ",") && !is(t[open], ">")) {
        bool attribute = is(t[open - 1], "alignas") || is(t[open - 1], "__align__") ||
                         is(t[open - 1], "__attribute__") || is(t[open - 1], "__declspec");
        if (is(t[open], "(") && !attribute) break;
        open = is(t[open], "(") ? match(t, open) + 1 : open + 1;
      }
      if (open >= t.size() || !is(t[open], "{")) continue;  // a declaration, not a definition
      size_t close = match(t, open);
      if (close >= t.size()) break;
      std::string name;
      size_t colon = open;
      for (size_t j = k + 1; j < open; ++j) {
        if (is(t[j], ":")) {
          colon = j;
          break;
        }
        if (is(t[j], "("))
          j = match(t, j);
        else if (t[j].kind == Token::Ident && !is(t[j], "final") && !is(t[j], "alignas") &&
                 !is(t[j], "__align__") && !is(t[j], "__attribute__"))
          name = t[j].text;
      }
      Layout start;
      if (colon < open) {  // one base class: its members come first
        Tokens base;
        for (size_t j = colon + 1; j < open; ++j)
          if (!is(t[j], "public") && !is(t[j], "private") && !is(t[j], "protected"))
            base.push_back(t[j]);
        auto b = find(join(base));
        if (b && split_commas(base, 0, base.size()).size() == 1)
          start = Layout{b->size, b->align, true};
        else
          start.known = false;
      }
      Layout l = read_body(t, open, close, *this, is_union, start);
      l.align = std::max(l.align, alignment_in(t, k, open));
      size_t end = close + 1;
      while (end < t.size() && !is(t[end], ";")) ++end;
      l.align = std::max(l.align, alignment_in(t, close, end));
      bool templated = k >= 1 && is(t[k - 1], ">");
      std::optional<TypeLayout> layout;
      if (l.known && !templated)
        layout = TypeLayout{round_up(std::max<size_t>(l.size, 1), l.align), l.align};
      if (!name.empty()) declare(name, layout);
      if (typedef_here)
        for (size_t j = close + 1; j < end; ++j)
          if (t[j].kind == Token::Ident && !is(t[j - 1], "*")) declare(t[j].text, layout);
      i = close;
    } else if (typedef_here || (is(t[i], "using") && i + 2 < t.size() && is(t[i + 2], "="))) {
      // typedef OLD NEW;  using NEW = OLD;
      size_t end = i + 1;
      while (end < t.size() && !is(t[end], ";") && !is(t[end], "{") && !is(t[end], "(")) ++end;
      if (end >= t.size() || !is(t[end], ";") || end < i + 3) continue;
      std::string alias = typedef_here ? t[end - 1].text : t[i + 1].text;
      Tokens old = typedef_here ? Tokens(t.begin() + i + 1, t.begin() + end - 1)
                                : Tokens(t.begin() + i + 3, t.begin() + end);
      if (alias != join(old)) aliases_[alias] = join(old);
      i = end;
    }
  }
}

}  // namespace ndgpu::kernel
