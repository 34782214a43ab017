// The host side of tirx::launch without a GPU: the cudaLaunchAttribute
// entries a LaunchConfig asks for (host/launch_attributes.hpp), L2Policy's
// constant checks, and every refusal of host/launch_rules.hpp with its
// message, on device facts written by hand.
#include <tirx/host/launch.hpp>

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace tirx;

namespace {

std::string message(const LaunchProblem& p) { return p.message; }

// an H200-like device: 132 SMs, priorities [-5, 0], 128 MiB windows at most
LaunchFacts h200_facts() {
  LaunchFacts f;
  f.sms = 132;
  f.blocks_per_sm = 2;
  f.active_clusters = 66;
  f.least_priority = 0;
  f.greatest_priority = -5;
  f.max_window_bytes = 134213632;
  return f;
}

float buffer[1024];
// an event handle the host tests only compare (never passed to CUDA)
int event_storage;
const cudaEvent_t fake_event = reinterpret_cast<cudaEvent_t>(&event_storage);

} // namespace

// constant policies are checked at compile time (compile_fail.l2_policy_*); these are the valid
// ones
constexpr L2Policy whole_window{};
static_assert(whole_window.hit_ratio == 1.0f && whole_window.hit == L2Access::persisting &&
              whole_window.miss == L2Access::normal);
constexpr L2Policy part{0.6, L2Access::persisting, L2Access::streaming};
static_assert(part.hit_ratio == 0.6f && part.miss == L2Access::streaming);
static_assert(L2Policy{0.0}.hit_ratio == 0.0f && L2Policy{1}.hit_ratio == 1.0f);

TEST_CASE("launch_attributes: nothing asked, no entries") {
  LaunchConfig cfg;
  cfg.grid = 8;
  cfg.block = 128;
  CHECK(launch_attributes(cfg).count == 0);
  cfg.cluster = dim3(1, 1, 1); // a cluster of one CTA is no cluster
  CHECK(launch_attributes(cfg).count == 0);
}

TEST_CASE("launch_attributes: every attribute, in order, with its value") {
  LaunchConfig cfg;
  cfg.grid = dim3(8, 2);
  cfg.cluster = dim3(2, 2);
  cfg.programmatic_stream_serialization = true;
  cfg.programmatic_event = ProgrammaticEvent{fake_event, true};
  cfg.cooperative = true;
  cfg.priority = -3;
  cfg.access_policy_window = AccessPolicyWindow{buffer, sizeof buffer, part};
  const LaunchAttributes a = launch_attributes(cfg);
  REQUIRE(a.count == 6);
  CHECK(a.entries[0].id == cudaLaunchAttributeClusterDimension);
  CHECK(a.entries[0].val.clusterDim.x == 2);
  CHECK(a.entries[0].val.clusterDim.y == 2);
  CHECK(a.entries[0].val.clusterDim.z == 1);
  CHECK(a.entries[1].id == cudaLaunchAttributeProgrammaticStreamSerialization);
  CHECK(a.entries[1].val.programmaticStreamSerializationAllowed == 1);
  CHECK(a.entries[2].id == cudaLaunchAttributeProgrammaticEvent);
  CHECK(a.entries[2].val.programmaticEvent.event == fake_event);
  CHECK(a.entries[2].val.programmaticEvent.flags == 0);
  CHECK(a.entries[2].val.programmaticEvent.triggerAtBlockStart == 1);
  CHECK(a.entries[3].id == cudaLaunchAttributeCooperative);
  CHECK(a.entries[3].val.cooperative == 1);
  CHECK(a.entries[4].id == cudaLaunchAttributePriority);
  CHECK(a.entries[4].val.priority == -3);
  CHECK(a.entries[5].id == cudaLaunchAttributeAccessPolicyWindow);
  const cudaAccessPolicyWindow& w = a.entries[5].val.accessPolicyWindow;
  CHECK(w.base_ptr == static_cast<void*>(buffer));
  CHECK(w.num_bytes == sizeof buffer);
  CHECK(w.hitRatio == 0.6f);
  CHECK(w.hitProp == cudaAccessPropertyPersisting);
  CHECK(w.missProp == cudaAccessPropertyStreaming);
  CHECK(a.find(cudaLaunchAttributePriority) == &a.entries[4]);
  CHECK(a.find(cudaLaunchAttributeMemSyncDomain) == nullptr);
}

TEST_CASE("launch_attributes: one attribute alone") {
  LaunchConfig cfg;
  cfg.programmatic_stream_serialization = true;
  LaunchAttributes a = launch_attributes(cfg);
  REQUIRE(a.count == 1);
  CHECK(a.entries[0].id == cudaLaunchAttributeProgrammaticStreamSerialization);
  cfg = LaunchConfig{};
  cfg.priority = 0; // priority 0 is an attribute too: it overrides a high-priority stream
  a = launch_attributes(cfg);
  REQUIRE(a.count == 1);
  CHECK(a.entries[0].id == cudaLaunchAttributePriority);
  CHECK(a.entries[0].val.priority == 0);
  cfg = LaunchConfig{};
  cfg.access_policy_window = AccessPolicyWindow{buffer, 256, L2Policy{0.25, L2Access::streaming}};
  a = launch_attributes(cfg);
  REQUIRE(a.count == 1);
  CHECK(a.entries[0].val.accessPolicyWindow.hitProp == cudaAccessPropertyStreaming);
  CHECK(a.entries[0].val.accessPolicyWindow.missProp == cudaAccessPropertyNormal);
}

TEST_CASE("launch_attributes and launch_config_problem: the programmatic event") {
  LaunchConfig cfg;
  cfg.programmatic_event = ProgrammaticEvent{fake_event};
  const LaunchAttributes a = launch_attributes(cfg);
  REQUIRE(a.count == 1);
  CHECK(a.entries[0].id == cudaLaunchAttributeProgrammaticEvent);
  CHECK(a.entries[0].val.programmaticEvent.triggerAtBlockStart == 0);
  CHECK(!launch_config_problem(cfg));
  cfg.programmatic_event = ProgrammaticEvent{};
  const LaunchProblem p = launch_config_problem(cfg);
  CHECK(p.error == cudaErrorInvalidValue);
  CHECK(message(p) == "tirx::launch: the programmatic event is null; create one with "
                      "cudaEventCreateWithFlags(&event, cudaEventDisableTiming), or leave "
                      "programmatic_event unset");
}

TEST_CASE("launch_config_problem: a valid configuration has none") {
  LaunchConfig cfg;
  cfg.grid = dim3(4, 2);
  cfg.block = 128;
  cfg.cluster = dim3(2, 2);
  cfg.access_policy_window = AccessPolicyWindow{buffer, sizeof buffer, part};
  CHECK(!launch_config_problem(cfg));
  CHECK(!launch_problem(cfg, h200_facts()));
}

TEST_CASE("launch_config_problem: the block and the layouts") {
  LaunchConfig cfg;
  cfg.block = dim3(32, 2);
  LaunchProblem p = launch_config_problem(cfg);
  CHECK(p.error == cudaErrorInvalidValue);
  CHECK(message(p) == "tirx::launch: the block is 32 x 2 x 1 but tile operations read 1 block "
                      "dimension(s) (TIRX_BLOCK_DIMS); launch a 1-D block, or define "
                      "TIRX_BLOCK_DIMS as 3");
  cfg.block = 128;
  cfg.expect_threads = 64;
  p = launch_config_problem(cfg);
  CHECK(message(p) ==
        "tirx::launch: the block has 128 threads but the kernel's layouts expect 64; launch "
        "with block = 64");
}

TEST_CASE("launch_config_problem: the grid is no multiple of the cluster") {
  LaunchConfig cfg;
  cfg.grid = dim3(6, 3);
  cfg.cluster = dim3(4);
  const LaunchProblem p = launch_config_problem(cfg);
  CHECK(p.error == cudaErrorInvalidValue);
  CHECK(message(p) == "tirx::launch: the grid 6 x 3 x 1 is no multiple of the cluster 4 x 1 x 1; "
                      "launch a grid whose every dimension is a multiple of the cluster's");
}

TEST_CASE("launch_config_problem: run-time access-policy windows") {
  LaunchConfig cfg;
  cfg.access_policy_window = AccessPolicyWindow{nullptr, 4096, L2Policy{}};
  LaunchProblem p = launch_config_problem(cfg);
  CHECK(p.error == cudaErrorInvalidValue);
  CHECK(message(p).rfind("tirx::launch: the access-policy window is empty (base ", 0) == 0);
  CHECK(message(p).find("4096 bytes); give it the buffer and its bytes, or leave "
                        "access_policy_window unset") != std::string::npos);
  cfg.access_policy_window = AccessPolicyWindow{buffer, 0, L2Policy{}};
  CHECK(message(launch_config_problem(cfg)).find("is empty") != std::string::npos);

  for (float ratio : {1.5f, -0.25f, std::nanf("")}) {
    cfg.access_policy_window = AccessPolicyWindow{buffer, 4096, L2Policy::at_run_time(ratio)};
    p = launch_config_problem(cfg);
    CHECK(p.error == cudaErrorInvalidValue);
    CHECK(message(p).rfind("tirx::launch: the access-policy window's hit ratio is ", 0) == 0);
    CHECK(message(p).find(", outside [0, 1]; pass the fraction of the window's lines that get "
                          "the hit property (e.g. 0.6)") != std::string::npos);
  }
  cfg.access_policy_window = AccessPolicyWindow{buffer, 4096, L2Policy::at_run_time(1.5f)};
  CHECK(message(launch_config_problem(cfg)) ==
        "tirx::launch: the access-policy window's hit ratio is 1.5, outside [0, 1]; pass the "
        "fraction of the window's lines that get the hit property (e.g. 0.6)");
  cfg.access_policy_window = AccessPolicyWindow{
      buffer, 4096, L2Policy::at_run_time(0.5f, L2Access::persisting, L2Access::persisting)};
  CHECK(message(launch_config_problem(cfg)) ==
        "tirx::launch: the access-policy window's miss property is persisting, which CUDA "
        "refuses for misses; pass L2Access::normal or L2Access::streaming");
  cfg.access_policy_window = AccessPolicyWindow{buffer, 4096, L2Policy::at_run_time(0.5f)};
  CHECK(!launch_config_problem(cfg));
}

TEST_CASE("launch_problem: a cooperative grid must fit on the device at once") {
  LaunchConfig cfg;
  cfg.block = 256;
  cfg.smem = 1024;
  cfg.cooperative = true;
  cfg.grid = 264; // 132 SMs x 2
  CHECK(!launch_problem(cfg, h200_facts()));
  cfg.grid = 265;
  LaunchProblem p = launch_problem(cfg, h200_facts());
  CHECK(p.error == cudaErrorCooperativeLaunchTooLarge);
  CHECK(message(p) == "tirx::launch: the cooperative grid has 265 CTAs but 132 SMs x 2 CTAs "
                      "each = 264 fit at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor "
                      "at 256 threads, 1024 bytes of dynamic shared memory); launch at most "
                      "264 CTAs (a grid-stride loop covers the rest)");
  cfg.grid = dim3(12, 12, 2); // 288 CTAs in three dimensions
  CHECK(message(launch_problem(cfg, h200_facts())).find("has 288 CTAs") != std::string::npos);

  LaunchFacts none = h200_facts();
  none.blocks_per_sm = 0; // the kernel does not fit on an SM at this block and shared memory
  cfg.grid = 1;
  CHECK(message(launch_problem(cfg, none)).find("132 SMs x 0 CTAs each = 0 fit") !=
        std::string::npos);

  LaunchFacts old = h200_facts();
  old.cooperative_supported = false;
  p = launch_problem(cfg, old);
  CHECK(p.error == cudaErrorNotSupported);
  CHECK(message(p) == "tirx::launch: the device does not take cooperative launches "
                      "(cudaDevAttrCooperativeLaunch is 0); launch without cooperative (and "
                      "without grid_sync)");

  cfg.cooperative = false; // a plain launch of any size
  cfg.grid = 100000;
  CHECK(!launch_problem(cfg, h200_facts()));
}

TEST_CASE("launch_problem: a cooperative grid of clusters counts clusters") {
  LaunchConfig cfg;
  cfg.block = 128;
  cfg.cooperative = true;
  cfg.cluster = 2;
  cfg.grid = 132; // 66 clusters
  CHECK(!launch_problem(cfg, h200_facts()));
  cfg.grid = 134;
  const LaunchProblem p = launch_problem(cfg, h200_facts());
  CHECK(p.error == cudaErrorCooperativeLaunchTooLarge);
  CHECK(message(p) == "tirx::launch: the cooperative grid has 67 clusters of 2 CTAs but the "
                      "device holds 66 at once (cudaOccupancyMaxActiveClusters at 128 threads, "
                      "0 bytes of dynamic shared memory); launch at most 66 clusters (a "
                      "grid-stride loop covers the rest)");
}

TEST_CASE("launch_problem: the priority must be in the device's range") {
  LaunchConfig cfg;
  for (int ok : {0, -1, -5}) {
    cfg.priority = ok;
    CHECK(!launch_problem(cfg, h200_facts()));
  }
  cfg.priority = 1;
  LaunchProblem p = launch_problem(cfg, h200_facts());
  CHECK(p.error == cudaErrorInvalidValue);
  CHECK(message(p) == "tirx::launch: priority 1 is outside the device's range [-5, 0] (lower "
                      "numbers run first); pass a value in it (tirx::stream_priorities())");
  cfg.priority = -6;
  CHECK(message(launch_problem(cfg, h200_facts())).find("priority -6 is outside") !=
        std::string::npos);
}

TEST_CASE("launch_problem: the window must fit the device's largest") {
  LaunchConfig cfg;
  cfg.access_policy_window = AccessPolicyWindow{buffer, 134213632, L2Policy{0.5}};
  CHECK(!launch_problem(cfg, h200_facts()));
  cfg.access_policy_window->bytes = 134213633;
  LaunchProblem p = launch_problem(cfg, h200_facts());
  CHECK(p.error == cudaErrorInvalidValue);
  CHECK(message(p) == "tirx::launch: the access-policy window has 134213633 bytes but the device "
                      "takes at most 134213632 (cudaDevAttrMaxAccessPolicyWindowSize); shrink "
                      "the window to the data the kernel re-reads");
  LaunchFacts none = h200_facts();
  none.max_window_bytes = 0;
  p = launch_problem(cfg, none);
  CHECK(p.error == cudaErrorNotSupported);
  CHECK(message(p) == "tirx::launch: the device has no access-policy windows "
                      "(cudaDevAttrMaxAccessPolicyWindowSize is 0); leave access_policy_window "
                      "unset on it");
}

TEST_CASE("launch_problem: the rules without a device come first") {
  LaunchConfig cfg;
  cfg.cooperative = true;
  cfg.grid = 100000;
  cfg.expect_threads = 64; // the block (1 thread) is wrong too: reported first
  CHECK(message(launch_problem(cfg, h200_facts())).find("expect 64") != std::string::npos);
}
