// Layout operations: size, span, canonicalize, storage (measure.hpp); group,
// slice, permute (modes.hpp); tile, tile_to (tiling.hpp). All constexpr on
// values; each returns a result with an ok flag where the operation can be
// refused, so that callers can stop compilation with a readable message (see
// tensor/ for those messages).
#pragma once

#include <tirx/layout/measure.hpp>
#include <tirx/layout/modes.hpp>
#include <tirx/layout/tiling.hpp>
