// Forwards to support/gpu_check.hpp. The GPU examples of docs/examples/
// include "gpu_check.hpp" (and at_scale.cu "../../tests/gpu_check.hpp"):
// keep this file until they include "support/gpu_check.hpp".
#pragma once

#include "support/gpu_check.hpp"
