// Must not compile: pair_halves of a tile whose last mode (3) holds no whole pairs.
// expected-error {{tirx::pair_halves: the pairs lie along the last mode, so its extent must be even; view<...>() the tensor so that the last mode holds whole pairs}}
#include <tirx/tile.hpp>

using namespace tirx;

void f(float* p) { auto bad = pair_halves(GlobalTensor<float, ShapeT<4, 3>>{p}); }
