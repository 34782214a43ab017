// Must not compile: a pipeline of no stages.
// expected-error {{tirx::PipelineState<Stages>: a pipeline has at least one stage}}
#include <tirx/exec/pipeline.hpp>

namespace pipeline_state_stages {
tirx::PipelineState<0> state;
} // namespace pipeline_state_stages
