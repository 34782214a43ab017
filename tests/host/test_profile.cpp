// The profiler's host side (host/profile.hpp) on a profile buffer written by
// hand as the device writes it: 2 CTAs x 2 warps, 3 records each, with
// seeded random times, one slot past its capacity and one empty slot whose
// records are poisoned. decode_profile must keep exactly the written records
// in start order and count the dropped ones; the SVG and CSV must show every
// event where its times put it. A second buffer holds group records
// (GroupProfiler's: a CTA-wide group and two warpgroups) with ranges and
// instants and their payloads: the rows are the groups, the instants ticks.
#include <tirx/host/profile.hpp>

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

int occurrences(const std::string& s, const std::string& what) {
  int n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1))
    ++n;
  return n;
}

} // namespace

TEST_CASE("decode_profile keeps each warp's written records in start order") {
  constexpr unsigned blocks = 2, warps = 2, capacity = 3;
  std::vector<unsigned long long> memory(tirx::profile_bytes(blocks * warps, capacity) / 8 + 1);
  std::memset(memory.data(), 0xFF, memory.size() * 8); // poison: unwritten records are garbage
  const tirx::ProfileBuffer buf = tirx::profile_buffer(memory.data(), blocks, warps, capacity);
  REQUIRE(buf.slots == 4);
  REQUIRE(reinterpret_cast<char*>(buf.counts) ==
          reinterpret_cast<char*>(memory.data()) + 4 * 3 * sizeof(tirx::ProfileRecord));
  std::mt19937 rng(37);
  const unsigned counts[4] = {2, 3, 5, 0}; // slot 2 recorded 5 events, kept 3
  std::vector<tirx::ProfileRecord> written;
  for (unsigned s = 0; s < 4; ++s) {
    buf.counts[s] = counts[s];
    unsigned long long t = 1000000 + rng() % 5000;
    for (unsigned k = 0; k < std::min(counts[s], capacity); ++k) {
      const unsigned long long len = 100 + rng() % 900;
      const tirx::ProfileRecord r{k % 2, 3 + s % 2, s / warps, s % warps, t, t + len, 2 * len};
      buf.records[s * capacity + k] = r;
      written.push_back(r);
      t += len + rng() % 200;
    }
  }
  unsigned long long dropped = 0;
  const std::vector<tirx::ProfileRecord> events = tirx::decode_profile(buf, &dropped);
  CHECK(dropped == 2);
  REQUIRE(events.size() == written.size()); // 2 + 3 + 3 + 0
  for (std::size_t i = 1; i < events.size(); ++i)
    CHECK(events[i - 1].start_ns <= events[i].start_ns);
  for (const tirx::ProfileRecord& w : written) { // each written record once, unchanged
    int found = 0;
    for (const tirx::ProfileRecord& e : events)
      found += std::memcmp(&w, &e, sizeof w) == 0;
    CHECK(found == 1);
  }

  const std::vector<std::string> names = {"load", "mma<tile>"};
  const std::string svg = tirx::profile_svg(events, names, 1000);
  CHECK(svg.rfind("<svg ", 0) == 0);
  CHECK(svg.find("</svg>") != std::string::npos);
  CHECK(occurrences(svg, "<rect ") == static_cast<int>(events.size()) + 2); // bars + legend
  CHECK(occurrences(svg, "<title>load: ") + occurrences(svg, "<title>mma&lt;tile&gt;: ") ==
        static_cast<int>(events.size()));
  CHECK(svg.find("sm 3 cta 0 warp 0") != std::string::npos);
  CHECK(svg.find("sm 4 cta 1 warp 1") == std::string::npos); // slot 3 recorded nothing
  CHECK(svg.find("sm 3 cta 1 warp 0") != std::string::npos);
  // the earliest event starts at the left edge of the time axis (x = 150)
  const std::string first = "<rect x=\"150.0\"";
  CHECK(svg.find(first) != std::string::npos);

  const std::string csv = tirx::profile_csv(events, names);
  CHECK(occurrences(csv, "\n") == static_cast<int>(events.size()) + 1);
  CHECK(csv.find("event,name,sm,block,warp,start_ns,end_ns,cycles,kind,payload,end_payload\n") ==
        0);
  const tirx::ProfileRecord& e0 = events[0];
  char line[160];
  std::snprintf(line, sizeof line, "\n%u,%s,%u,%u,%u,0,%llu,%llu,range,0,0\n", e0.event,
                names[e0.event].c_str(), e0.sm, e0.block, e0.warp, e0.end_ns - e0.start_ns,
                e0.cycles);
  CHECK(csv.find(line) != std::string::npos);
}

TEST_CASE("an empty profile decodes to no events and draws an empty timeline") {
  std::vector<unsigned long long> memory(tirx::profile_bytes(2, 4) / 8 + 1, 0);
  const tirx::ProfileBuffer buf = tirx::profile_buffer(memory.data(), 1, 2, 4);
  unsigned long long dropped = 7;
  CHECK(tirx::decode_profile(buf, &dropped).empty());
  CHECK(dropped == 0);
  const std::string svg = tirx::profile_svg({});
  CHECK(svg.find("0 events, 0 rows") != std::string::npos);
  CHECK(occurrences(svg, "<rect ") == 0);
}

TEST_CASE("group records and instants decode, draw and list as what they are") {
  constexpr unsigned blocks = 1, groups = 3, capacity = 4;
  std::vector<unsigned long long> memory(tirx::profile_bytes(blocks * groups, capacity) / 8 + 1);
  std::memset(memory.data(), 0xFF, memory.size() * 8);
  const tirx::ProfileBuffer buf = tirx::profile_buffer(memory.data(), blocks, groups, capacity);
  std::mt19937 rng(371);
  using tirx::profile_group;
  using tirx::profile_instant;
  std::vector<tirx::ProfileRecord> written;
  for (unsigned g = 0; g < groups; ++g) {
    const unsigned long long t = 5000 + rng() % 1000, len = 200 + rng() % 300;
    const unsigned p = static_cast<unsigned>(rng());
    // a range with payloads p and p + 1, then an instant with payload p + 2 at its end
    const tirx::ProfileRecord range{0, 7, 0, g, t, t + len, 3 * len, p, p + 1, profile_group, 0};
    const tirx::ProfileRecord tick{
        1, 7, 0, g, t + len, t + len, 0, p + 2, p + 2, profile_group | profile_instant, 0};
    buf.records[g * capacity] = range;
    buf.records[g * capacity + 1] = tick;
    buf.counts[g] = 2;
    written.push_back(range);
    written.push_back(tick);
  }
  unsigned long long dropped = 1;
  const std::vector<tirx::ProfileRecord> events = tirx::decode_profile(buf, &dropped);
  CHECK(dropped == 0);
  REQUIRE(events.size() == written.size());
  for (const tirx::ProfileRecord& w : written) {
    int found = 0;
    for (const tirx::ProfileRecord& e : events)
      found += std::memcmp(&w, &e, sizeof w) == 0;
    CHECK(found == 1);
  }
  const std::string svg = tirx::profile_svg(events, {"cta step", "tile"});
  CHECK(occurrences(svg, "<rect ") == 3 + 2); // 3 ranges, 2 legend entries
  CHECK(occurrences(svg, "<polygon ") == 3);  // 3 instants
  CHECK(svg.find("sm 7 cta 0 group 2") != std::string::npos);
  CHECK(svg.find("warp") == std::string::npos); // group rows only
  char title[96];
  std::snprintf(title, sizeof title, "<title>tile: instant, payload %u</title>",
                written[1].payload);
  CHECK(svg.find(title) != std::string::npos);
  std::snprintf(title, sizeof title, ", payload %u %u</title>", written[0].payload,
                written[0].end_payload);
  CHECK(svg.find(title) != std::string::npos);

  const std::string csv = tirx::profile_csv(events, {"cta step", "tile"});
  CHECK(occurrences(csv, ",group range,") == 3);
  CHECK(occurrences(csv, ",group instant,") == 3);
  char line[160];
  std::snprintf(line, sizeof line, ",group instant,%u,%u\n", written[1].payload,
                written[1].payload);
  CHECK(csv.find(line) != std::string::npos);
}
