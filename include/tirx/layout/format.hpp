// A layout back to the TIRx notation (host only): to_string of an Axis, a
// Term, a TileLayout and a Shape.
//
//   tirx::to_string(L)   "S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]"
//
// parse_layout() reads the text back to an equal value. Plain host code
// (std::string); empty under NVRTC, which has no C++ standard library.
#pragma once

#include <tirx/layout/tile_layout.hpp>

#if !defined(__CUDACC_RTC__)

#include <string>

namespace tirx {

/// The name of an axis: "laneid", "m", or a user axis's name.
inline std::string to_string(const Axis& a) {
  char buf[16] = {};
  a.name(buf);
  return buf;
}

/// `4` (on m) or `1@laneid`.
inline std::string to_string(const Term& t) {
  std::string s = std::to_string(t.value);
  if (!(t.axis == Axis{0})) { // appended in two steps: g++ 12 warns about "@" + string
    s += '@';
    s += to_string(t.axis);
  }
  return s;
}

/// The TIRx notation of a layout, e.g.
/// `S[(8, 2, 4, 2) : (4@laneid, 1@warpid, 1@laneid, 1)] + R[2 : 4@warpid] + 5@warpid`,
/// with ` ^ swizzle(B, M, S)` for a swizzle. parse_layout() reads it back to
/// an equal value (given shard iters; user axes must be of kind user, not named like a
/// built-in axis, which the notation cannot tell apart).
inline std::string to_string(const TileLayout& l) {
  auto iters = [](const Iter* it, int n) {
    std::string ext, str;
    for (int i = 0; i < n; ++i) {
      if (i > 0) {
        ext += ", ";
        str += ", ";
      }
      ext += std::to_string(it[i].extent);
      str += to_string(Term{it[i].stride, it[i].axis});
    }
    if (n == 1)
      return ext + " : " + str;
    return "(" + ext + ") : (" + str + ")";
  };
  std::string s = "S[" + iters(l.shard, l.rank) + "]";
  if (l.nreplica > 0)
    s += " + R[" + iters(l.replica, l.nreplica) + "]";
  for (int i = 0; i < l.noffset; ++i)
    s += " + " + to_string(l.offset[i]);
  if (!(l.swz == Swizzle{}))
    s += " ^ swizzle(" + std::to_string(l.swz.bits) + ", " + std::to_string(l.swz.base) + ", " +
         std::to_string(l.swz.shift) + ")";
  return s;
}

/// `(8, 16)`.
inline std::string to_string(const Shape& s) {
  std::string r = "(";
  for (int i = 0; i < s.rank; ++i)
    r += (i > 0 ? ", " : "") + std::to_string(s.dims[i]);
  return r + ")";
}

} // namespace tirx

#endif // !defined(__CUDACC_RTC__)
