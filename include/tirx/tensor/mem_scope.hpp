// Memory scopes (MemScope): where a tensor's storage lives. (Execution
// scopes, which threads a tile operation spans, are tirx::scope:: in
// exec/scope.hpp.)
#pragma once

#include <tirx/core/config.hpp>

namespace tirx {

/// TIRx storage scopes. `shared_dyn` is dynamic shared memory (sized at the
/// launch, carved by SMEMPool); `tmem` is Blackwell tensor memory, addressed
/// by (lane, column) rather than by a pointer.
enum class MemScope : int { global, shared, shared_dyn, local, tmem };

TIRX_HD constexpr const char* scope_name(MemScope s) {
  switch (s) {
  case MemScope::global:
    return "global";
  case MemScope::shared:
    return "shared";
  case MemScope::shared_dyn:
    return "shared.dyn";
  case MemScope::local:
    return "local";
  case MemScope::tmem:
    return "tmem";
  }
  return "?";
}

} // namespace tirx
