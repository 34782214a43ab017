// Printing layouts (host only): the TIRx notation, tables and SVG pictures.
//
//   tirx::to_string(L)                 "S[(2, 32, 3, 4) : (1@warpid, 1@laneid, 4, 1)]"
//   tirx::print_layout(std::cout, L, shape(64, 12))    who holds each element, where
//   tirx::print_threads(std::cout, L, shape(64, 12))   what each thread holds, per slot
//   tirx::write_svg(file, L, shape(64, 12))            the same as a coloured grid
//
// One header per job, each usable on its own; this one includes them all:
//   format.hpp       to_string: a layout (an axis, a term, a shape) as text
//                    that parse_layout() reads back to an equal value
//   print_table.hpp  print_layout, print_threads, print_table: text tables
//   print_svg.hpp    write_svg: the table as an SVG picture
//
// Everything here is plain host code (std::string, std::ostream). The
// headers can be included from a .cu file; they are empty under NVRTC, which
// has no C++ standard library. tile.hpp does not include them.
#pragma once

#include <tirx/layout/format.hpp>
#include <tirx/layout/print_svg.hpp>
#include <tirx/layout/print_table.hpp>
