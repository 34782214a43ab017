// Must not compile: TIRX_BLOCK_DIMS 4 (blocks have at most three dimensions).
// tirx-fail: host nvcc
// expected-error {{tirx: TIRX_BLOCK_DIMS is the number of block dimensions tile operations read: define it as 1, 2 or 3 (e.g. -DTIRX_BLOCK_DIMS=3 for 3-D blocks)}}
#define TIRX_BLOCK_DIMS 4
#include <tirx/core/thread.hpp>
