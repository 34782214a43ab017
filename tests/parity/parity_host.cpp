// The tirx side of the parity suite (tests/parity/parity.py): reads requests,
// one per line, and answers each with one line of JSON computed by tirx's
// layout code at run time (the notation parser included) and by SMEMPool.
//
//   P  id text [eval]          parse, validate, size, span, canonicalize,
//                              storage; with eval: every coordinate, hashed
//   G  id text shape           group and regroup by a shape
//   T  id inner outer os is    tiled(inner, outer, os, is)
//   TT id inner tile shape     tile_to(inner, tile, shape)
//   PM id text shape perm      permute
//   SL id text shape specs     slice (specs: i:c or r:begin:extent:step per mode)
//   SP id calls                SMEMPool::place: a:bytes:align:elem_align or m:offset
//   SC                         the compiled SMEMPool plans (alloc<T, shape, ...>)
//
// Fields are separated by tabs; shapes are comma lists. Evaluation results
// are hashed per axis: sum of (value mod P) * w(i) mod P over the indices i,
// w(i) = (48271 i + 11) mod P, P = 2^31 - 1 (parity.py computes the same).
// --perturb adds 1 to every span: the self-test that the driver sees it.
// g++ 12 reports a false -Wrestrict in std::string concatenation (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include <tirx/layout/format.hpp>
#include <tirx/layout/ops.hpp>
#include <tirx/layout/parse.hpp>
#include <tirx/tensor/dtype.hpp>
#include <tirx/tensor/smem_pool.hpp>

#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace tirx;

namespace {

bool perturb = false;

constexpr long long hash_p = 2147483647LL;

std::string quote(const std::string& s) {
  std::string r = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      r += '\\';
    r += c;
  }
  return r + "\"";
}

std::string axis_name(const Axis& a) { return to_string(a); }

std::string iters_json(const Iter* it, int n) {
  std::string r = "[";
  for (int i = 0; i < n; ++i)
    r += (i ? "," : "") + std::string("[") + std::to_string(it[i].extent) + "," +
         std::to_string(it[i].stride) + "," + quote(axis_name(it[i].axis)) + "]";
  return r + "]";
}

std::string layout_json(const TileLayout& l) {
  std::string r = "{\"shard\":" + iters_json(l.shard, l.rank) +
                  ",\"replica\":" + iters_json(l.replica, l.nreplica) + ",\"offset\":{";
  for (int i = 0; i < l.noffset; ++i)
    r += (i ? "," : "") + quote(axis_name(l.offset[i].axis)) + ":" +
         std::to_string(l.offset[i].value);
  r += "},\"swz\":";
  if (l.swz.active())
    r += "[" + std::to_string(l.swz.bits) + "," + std::to_string(l.swz.base) + "," +
         std::to_string(l.swz.shift) + "]";
  else
    r += "null";
  return r + "}";
}

const char* parse_error_name(ParseError e) {
  static const char* names[] = {"none",
                                "empty",
                                "expected_term",
                                "expected_open_bracket",
                                "expected_close_bracket",
                                "expected_close_paren",
                                "expected_number",
                                "expected_axis_name",
                                "count_mismatch",
                                "trailing_text",
                                "too_many_iters",
                                "bad_extent",
                                "bad_expression",
                                "bad_stride",
                                "several_shards",
                                "several_replicas",
                                "no_shard",
                                "axis_offset_first"};
  return names[static_cast<int>(e)];
}

const char* layout_error_name(LayoutError e) {
  static const char* names[] = {"none",
                                "too_many_iters",
                                "bad_extent",
                                "bad_replica_extent",
                                "swizzle_shift_below_bits",
                                "swizzle_on_non_memory",
                                "bad_axis",
                                "thread_scope_conflict",
                                "thread_scope_disconnected"};
  return names[static_cast<int>(e)];
}

/// Per-axis hash accumulator.
struct Hashes {
  std::map<std::string, long long> h;
  void add(const Coord& c, long long i) {
    long long w = (48271LL * i + 11) % hash_p;
    for (int k = 0; k < c.n; ++k) {
      long long v = ((c.value[k] % hash_p) + hash_p) % hash_p;
      long long& acc = h[axis_name(c.axis[k])];
      acc = (acc + v * w % hash_p) % hash_p;
    }
  }
  std::string json() const {
    std::string r = "{";
    bool first = true;
    for (const auto& [k, v] : h) {
      r += (first ? "" : ",") + quote(k) + ":" + std::to_string(v);
      first = false;
    }
    return r + "}";
  }
};

std::string eval_json(const TileLayout& l) {
  Hashes h;
  for (index_t i = 0; i < l.size(); ++i)
    h.add(apply(l, i), i);
  return h.json();
}

/// Every placement: index r * size + flat for replica combination r.
std::string eval_replicas_json(const TileLayout& l) {
  Hashes h;
  for (index_t r = 0; r < replica_count(l); ++r)
    for (index_t i = 0; i < l.size(); ++i)
      h.add(apply_replica(l, i, r), r * l.size() + i);
  return h.json();
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> r;
  std::string cur;
  std::istringstream in(s);
  while (std::getline(in, cur, sep))
    r.push_back(cur);
  if (!s.empty() && s.back() == sep)
    r.push_back("");
  return r;
}

Shape parse_shape(const std::string& s, bool& ok) {
  Shape r{};
  ok = true;
  if (s.empty())
    return r;
  for (const std::string& d : split(s, ',')) {
    if (r.rank == max_rank) {
      ok = false;
      return r;
    }
    r.dims[r.rank++] = std::stoll(d);
  }
  return r;
}

std::string shape_json(const Shape& s) {
  std::string r = "[";
  for (int i = 0; i < s.rank; ++i)
    r += (i ? "," : "") + std::to_string(s.dims[i]);
  return r + "]";
}

ParseResult parse(const std::string& text) {
  return parse_layout(text_view{text.c_str(), static_cast<int>(text.size())});
}

/// A layout both parsed and valid, or the reason why not (as JSON fields).
bool parsed(const std::string& text, TileLayout& out, std::string& why) {
  ParseResult p = parse(text);
  if (p.error != ParseError::none) {
    why = "\"parse\":" + quote(parse_error_name(p.error));
    return false;
  }
  out = p.layout;
  return true;
}

std::string result_json(bool ok, const TileLayout& l, const Shape& s, bool eval) {
  std::string r = "\"ok\":" + std::string(ok ? "true" : "false");
  if (ok) {
    r += ",\"layout\":" + layout_json(l) + ",\"shape\":" + shape_json(s);
    if (eval)
      r += ",\"eval\":" + eval_json(l);
  }
  return r;
}

void answer(const std::vector<std::string>& f) {
  const std::string& kind = f[0];
  const std::string id = f.size() > 1 ? f[1] : "";
  std::string out = "{\"id\":" + quote(id);
  TileLayout l{};
  std::string why;
  if (kind == "P") {
    ParseResult p = parse(f[2]);
    out +=
        ",\"parse\":" + quote(parse_error_name(p.error)) + ",\"pos\":" + std::to_string(p.position);
    if (p.error == ParseError::none) {
      l = p.layout;
      out += ",\"valid\":" + quote(layout_error_name(validate(l))) +
             ",\"layout\":" + layout_json(l) + ",\"size\":" + std::to_string(size(l));
      std::map<std::string, Axis> used{{"m", Axis{0}}};
      for (int i = 0; i < l.rank; ++i)
        used[axis_name(l.shard[i].axis)] = l.shard[i].axis;
      for (int i = 0; i < l.nreplica; ++i)
        used[axis_name(l.replica[i].axis)] = l.replica[i].axis;
      for (int i = 0; i < l.noffset; ++i)
        used[axis_name(l.offset[i].axis)] = l.offset[i].axis;
      std::string sizes, spans;
      for (const auto& [name, a] : used) {
        sizes += (sizes.empty() ? "" : ",") + quote(name) + ":" + std::to_string(size(l, a));
        spans += (spans.empty() ? "" : ",") + quote(name) + ":" +
                 std::to_string(span(l, a) + (perturb ? 1 : 0));
      }
      out += ",\"size_axis\":{" + sizes + "},\"span\":{" + spans + "}";
      out += ",\"canon\":" + layout_json(canonicalize(l));
      out += ",\"storage\":" + layout_json(storage(l));
      if (f.size() > 3 && f[3] == "eval") {
        out += ",\"eval\":" + eval_json(l);
        if (l.nreplica > 0)
          out += ",\"eval_rep\":" + eval_replicas_json(l);
        out += ",\"eval_storage\":" + eval_json(storage(l));
      }
    }
  } else if (kind == "G") {
    bool sok = false;
    Shape s = parse_shape(f[3], sok);
    if (!parsed(f[2], l, why)) {
      out += "," + why;
    } else if (!sok) {
      out += ",\"capacity\":true";
    } else {
      GroupedLayout g = group(l, s), rg = regroup(l, s);
      out += ",\"ok\":" + std::string(g.ok ? "true" : "false") +
             ",\"rok\":" + std::string(rg.ok ? "true" : "false");
      if (g.ok) {
        out += ",\"layout\":" + layout_json(g.layout) + ",\"bound\":[";
        for (int d = 0; d <= s.rank; ++d)
          out += (d ? "," : "") + std::to_string(g.bound[d]);
        out += "]";
      }
    }
  } else if (kind == "T" || kind == "TT") {
    TileLayout outer{};
    bool ok1 = parsed(f[2], l, why);
    bool ok2 = kind == "TT" || parsed(f[3], outer, why);
    bool s1 = false, s2 = false;
    Shape a = parse_shape(kind == "T" ? f[4] : f[3], s1),
          b = parse_shape(kind == "T" ? f[5] : f[4], s2);
    if (!ok1 || !ok2) {
      out += "," + why;
    } else if (!s1 || !s2) {
      out += ",\"capacity\":true";
    } else {
      TileResult t = kind == "T" ? tiled(l, outer, a, b) : tile_to(l, a, b);
      out += "," + result_json(t.ok, t.layout, t.shape, true);
    }
  } else if (kind == "PM") {
    bool sok = false;
    Shape s = parse_shape(f[3], sok);
    std::vector<int> perm;
    for (const std::string& x : split(f[4], ','))
      perm.push_back(std::stoi(x));
    if (!parsed(f[2], l, why)) {
      out += "," + why;
    } else if (!sok) {
      out += ",\"capacity\":true";
    } else {
      PermuteResult p = permute(l, s, perm.data());
      GroupedLayout g = group(l, s);
      out += ",\"gok\":" + std::string(g.ok ? "true" : "false") + "," +
             result_json(p.ok, p.layout, p.shape, false);
    }
  } else if (kind == "SL") {
    bool sok = false;
    Shape s = parse_shape(f[3], sok);
    std::vector<SliceSpec> specs;
    for (const std::string& x : split(f[4], ',')) {
      std::vector<std::string> p = split(x, ':');
      if (p[0] == "i")
        specs.push_back(SliceSpec{true, std::stoll(p[1]), 1, 1});
      else
        specs.push_back(SliceSpec{false, std::stoll(p[1]), std::stoll(p[2]), std::stoll(p[3])});
    }
    if (!parsed(f[2], l, why)) {
      out += "," + why;
    } else if (!sok) {
      out += ",\"capacity\":true";
    } else {
      SliceResult r = slice(l, s, specs.data());
      out += "," + result_json(r.ok, r.layout, r.shape, true);
    }
  } else if (kind == "SP") {
    SMEMPool pool;
    std::string offs, refused = "null";
    for (const std::string& c : split(f[2], ',')) {
      std::vector<std::string> p = split(c, ':');
      if (p[0] == "m") {
        pool.move_base_to(std::stoull(p[1]));
        continue;
      }
      unsigned long long at = pool.place(std::stoull(p[1]), std::stoi(p[2]));
      if (at % std::stoull(p[3]) != 0 && refused == "null")
        refused = "\"misaligned\"";
      offs += (offs.empty() ? "" : ",") + std::to_string(at);
    }
    out += ",\"offsets\":[" + offs + "],\"total\":" + std::to_string(pool.commit()) +
           ",\"refused\":" + refused;
  }
  std::cout << out << "}\n";
}

// --- compiled plans: alloc<T, shape, layout, Align> as kernels write them -----
struct Plan {
  const char* desc; ///< the same calls for TIRx: dtype:shape:align or move:offset
  std::vector<unsigned long long> offsets;
  unsigned long long total;
};

template <class T> unsigned long long at(const T& t) {
  return static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(t.data()));
}

void compiled_plans() {
  static unsigned char base[1 << 16];
  std::vector<Plan> plans;
  auto run = [&](const char* desc, auto plan) {
    SMEMPool pool(base);
    Plan p{desc, {}, 0};
    plan(pool, p.offsets);
    p.total = pool.commit();
    for (auto& o : p.offsets)
      o -= reinterpret_cast<std::uintptr_t>(base);
    plans.push_back(p);
  };
  run("float32:128:0",
      [](SMEMPool& pool, auto& o) { o.push_back(at(pool.alloc<float, shape(128)>())); });
  run("float32:3:0,float16:8:128,float64:5:0,float16:8x64:1024,float32:2:0",
      [](SMEMPool& pool, auto& o) {
        o.push_back(at(pool.alloc<float, shape(3)>()));
        o.push_back(at(pool.alloc<float16, shape(8), 128>()));
        o.push_back(at(pool.alloc<double, shape(5)>()));
        o.push_back(at(pool.alloc<float16, shape(8, 64), S(8, 64) ^ Swizzle{3, 3, 3}, 1024>()));
        o.push_back(at(pool.alloc<float, shape(2)>()));
      });
  run("float32:64:0,float32:16:0,move:0,float32:32:0,move:320,float32:8:512",
      [](SMEMPool& pool, auto& o) {
        o.push_back(at(pool.alloc<float, shape(64)>()));
        o.push_back(at(pool.alloc<float, shape(16)>()));
        pool.move_base_to(0);
        o.push_back(at(pool.alloc<float, shape(32)>()));
        pool.move_base_to(320);
        o.push_back(at(pool.alloc<float, shape(8), 512>()));
      });
  run("int8:3:0,int8:5:0,int32:4:16,uint64:2:0", [](SMEMPool& pool, auto& o) {
    o.push_back(at(pool.alloc<int8, shape(3)>()));
    o.push_back(at(pool.alloc<int8, shape(5)>()));
    o.push_back(at(pool.alloc<int, shape(4), 16>()));
    o.push_back(at(pool.alloc<uint64, shape(2)>()));
  });
  run("bfloat16:2x64x64:1024,bfloat16:2x64x64:1024,uint64:4:8,move:40000",
      [](SMEMPool& pool, auto& o) {
        o.push_back(at(pool.alloc<bfloat16, shape(2, 64, 64), 1024>()));
        o.push_back(at(pool.alloc<bfloat16, shape(2, 64, 64), 1024>()));
        o.push_back(at(pool.alloc<uint64, shape(4), 8>()));
        pool.move_base_to(40000);
      });
  for (const Plan& p : plans) {
    std::string offs;
    for (auto o : p.offsets)
      offs += (offs.empty() ? "" : ",") + std::to_string(o);
    std::cout << "{\"id\":" << quote(std::string("compiled:") + p.desc)
              << ",\"desc\":" << quote(p.desc) << ",\"offsets\":[" << offs
              << "],\"total\":" << p.total << "}\n";
  }
}

} // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--perturb")
      perturb = true;
  std::ios::sync_with_stdio(false);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty())
      continue;
    std::vector<std::string> f = split(line, '\t');
    if (f[0] == "SC")
      compiled_plans();
    else
      answer(f);
  }
  return 0;
}
