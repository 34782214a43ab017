// tirx/layout.hpp: the layout layer alone (TileLayout values, the notation,
// operations, algebra, layouts as types), for host code and for translation
// units that need no tensors or instructions. tirx/tile.hpp includes it.
#pragma once

#include <tirx/core/config.hpp>
#include <tirx/core/fixed_string.hpp>
#include <tirx/core/integer.hpp>
#include <tirx/layout/algebra.hpp>
#include <tirx/layout/axis.hpp>
#include <tirx/layout/layout_type.hpp>
#include <tirx/layout/measure.hpp>
#include <tirx/layout/modes.hpp>
#include <tirx/layout/ops.hpp>
#include <tirx/layout/parse.hpp>
#include <tirx/layout/parts.hpp>
#include <tirx/layout/shape.hpp>
#include <tirx/layout/smem_canonical.hpp>
#include <tirx/layout/tiling.hpp>
#include <tirx/layout/tile_layout.hpp>
