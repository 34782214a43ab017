// Memory scopes: where a tensor's storage lives.
#pragma once

#include <tirx/core/config.hpp>

namespace tirx {

/// TIRx storage scopes. `shared_dyn` is dynamic shared memory (sized at the
/// launch, carved by SMEMPool); `tmem` is Blackwell tensor memory, addressed
/// by (lane, column) rather than by a pointer.
enum class Scope : int { global, shared, shared_dyn, local, tmem };

TIRX_HD constexpr const char* scope_name(Scope s) {
  switch (s) {
  case Scope::global: return "global";
  case Scope::shared: return "shared";
  case Scope::shared_dyn: return "shared.dyn";
  case Scope::local: return "local";
  case Scope::tmem: return "tmem";
  }
  return "?";
}

} // namespace tirx
