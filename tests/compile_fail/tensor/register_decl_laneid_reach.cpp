// Must not compile: decl_tensor of a register tensor type whose laneid coordinates reach 63.
// expected-error {{tirx::Tensor: a register tensor's laneid coordinates must lie in 0..31 (a warp has 32 lanes); split the thread mode into (warps, 32), e.g. S[(4, 32, 4) : (1@warpid, 1@laneid, 1)]}}
#include <tirx/tile.hpp>

using namespace tirx;

using Regs = Tensor<float, ShapeT<64, 2>, MemScope::local, 8,
                    layout_type<layout_of<"S[(64, 2) : (1@laneid, 1)]">>>;
void f(float* p) { auto bad = decl_tensor<Regs>(p); }
