// Must not compile: laneid and tx split threads under different scopes (TIRx well-formedness).
// expected-error {{tirx::TileLayout: two thread axes split the same level under different scopes (laneid with tx or tid_in_wg, warpid with wid_in_wg, bx with cbx); use one family of axes}}
#include <tirx/tile.hpp>

using namespace tirx;

constexpr TileLayout bad = layout_of<"S[(4, 8) : (1@tx, 1@laneid)]">;
