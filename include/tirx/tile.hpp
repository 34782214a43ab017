// tirx: the TIRx CUDA tile model as header-only C++20. One include for users.
#pragma once

#include <tirx/core/config.hpp>
#include <tirx/core/fixed_string.hpp>
#include <tirx/core/integer.hpp>
#include <tirx/layout/algebra.hpp>
#include <tirx/layout/axis.hpp>
#include <tirx/layout/layout_type.hpp>
#include <tirx/layout/ops.hpp>
#include <tirx/layout/parse.hpp>
#include <tirx/layout/shape.hpp>
#include <tirx/layout/tile_layout.hpp>
#include <tirx/tensor/alloc.hpp>
#include <tirx/tensor/dtype.hpp>
#include <tirx/tensor/rearrange.hpp>
#include <tirx/tensor/scalar.hpp>
#include <tirx/tensor/scope.hpp>
#include <tirx/tensor/smem_pool.hpp>
#include <tirx/tensor/tensor.hpp>
#include <tirx/tensor/vector.hpp>
#include <tirx/exec/apply.hpp>
#include <tirx/exec/scope.hpp>
#include <tirx/exec/sync.hpp>
#include <tirx/host/launch.hpp>
