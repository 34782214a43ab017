// Must not compile: warpid with tid_in_wg but no wgid (TIRx well-formedness, typed builder).
// expected-error {{tirx::TileLayout: the thread axes form no chain of scopes (warpid with tid_in_wg but no wgid, laneid with bx but no warpid); add the axis between them or use tx}}
#include <tirx/tile.hpp>

using namespace tirx;

using Bad = layout_type<S({4, 128}, {1 * warpid, 1 * tid_in_wg})>;
Bad* unused = nullptr;
