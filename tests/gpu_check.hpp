// Forwards to support/gpu_check.hpp, for the test programs that include
// "gpu_check.hpp" (the programs of docs/examples/ include only tirx's public
// <tirx/host/cuda_check.hpp>).
#pragma once

#include "support/gpu_check.hpp"
