// The host side of the profiler (exec/profiler.hpp): decoding a copy of the
// profile buffer into events, and drawing them as a timeline, one row per
// warp or group (SVG: ranges as bars, instants as ticks), or listing them
// (CSV). Host code only.
#pragma once

#include <tirx/exec/profiler.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

namespace tirx {

/// The events of a host copy of a profile buffer (profile_buffer over the
/// copied bytes), in order of start time (then CTA, warp): each warp's first
/// min(count, capacity) records. dropped (if given) gets the events past
/// the capacity, which were counted but not written.
inline std::vector<ProfileRecord> decode_profile(const ProfileBuffer& copy,
                                                 unsigned long long* dropped = nullptr) {
  std::vector<ProfileRecord> events;
  unsigned long long lost = 0;
  for (unsigned s = 0; s < copy.slots; ++s) {
    const unsigned n = copy.counts[s];
    const unsigned kept = n < copy.capacity ? n : copy.capacity;
    lost += n - kept;
    const ProfileRecord* r = copy.records + static_cast<unsigned long long>(s) * copy.capacity;
    events.insert(events.end(), r, r + kept);
  }
  std::stable_sort(
      events.begin(), events.end(), [](const ProfileRecord& a, const ProfileRecord& b) {
        return std::tie(a.start_ns, a.block, a.warp) < std::tie(b.start_ns, b.block, b.warp);
      });
  if (dropped)
    *dropped = lost;
  return events;
}

namespace detail {
inline std::string event_name(const std::vector<std::string>& names, unsigned event) {
  if (event < names.size())
    return names[event];
  std::string name = "event ";
  name.append(std::to_string(event));
  return name;
}
/// "range", "instant", "group range" or "group instant" (ProfileRecord::kind).
inline const char* kind_name(unsigned kind) {
  constexpr const char* names[4] = {"range", "instant", "group range", "group instant"};
  return names[kind & 3u];
}
inline std::string xml_escaped(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out.append("&lt;");
    else if (c == '>')
      out.append("&gt;");
    else if (c == '&')
      out.append("&amp;");
    else
      out.push_back(c);
  }
  return out;
}
} // namespace detail

/// The events as CSV: a header line, then one line per event
/// (event,name,sm,block,warp,start_ns,end_ns,cycles,kind,payload,end_payload;
/// warp is the group for a group's record, kind detail::kind_name's), times
/// relative to the earliest start. names[id] names event id ("event ID" past
/// the list).
inline std::string profile_csv(const std::vector<ProfileRecord>& events,
                               const std::vector<std::string>& names = {}) {
  unsigned long long t0 = ~0ull;
  for (const ProfileRecord& e : events)
    t0 = std::min(t0, e.start_ns);
  std::string out = "event,name,sm,block,warp,start_ns,end_ns,cycles,kind,payload,end_payload\n";
  char buf[160];
  for (const ProfileRecord& e : events) {
    std::snprintf(buf, sizeof buf, "%u,", e.event);
    out.append(buf).append(detail::event_name(names, e.event));
    std::snprintf(buf, sizeof buf, ",%u,%u,%u,%llu,%llu,%llu,%s,%u,%u\n", e.sm, e.block, e.warp,
                  e.start_ns - t0, e.end_ns - t0, e.cycles, detail::kind_name(e.kind), e.payload,
                  e.end_payload);
    out.append(buf);
  }
  return out;
}

/// The events as a timeline picture (SVG, `width` pixels of time): one row
/// per warp or group (labelled SM, CTA, warp or group; rows ordered by SM,
/// then CTA, warps before groups, then number), one bar per range from its
/// start to its end on the global timer and one tick (a triangle) per
/// instant, coloured by event id (names[id] in the legend and each mark's
/// tooltip, with the payloads), a time axis in microseconds from the
/// earliest start.
inline std::string profile_svg(const std::vector<ProfileRecord>& events,
                               const std::vector<std::string>& names = {}, int width = 1000) {
  constexpr int left = 150, row_h = 16, top = 30;
  constexpr const char* palette[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                     "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
  using Row = std::tuple<unsigned, unsigned, unsigned, unsigned>; // (sm, block, group?, number)
  std::vector<Row> rows;
  std::vector<unsigned> ids;
  unsigned long long t0 = ~0ull, t1 = 0;
  for (const ProfileRecord& e : events) {
    rows.emplace_back(e.sm, e.block, (e.kind & profile_group) ? 1u : 0u, e.warp);
    ids.push_back(e.event);
    t0 = std::min(t0, e.start_ns);
    t1 = std::max(t1, e.end_ns);
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  const double span = events.empty() || t1 <= t0 ? 1.0 : static_cast<double>(t1 - t0);
  const double scale = width / span; // pixels per nanosecond
  const int height =
      top + static_cast<int>(rows.size()) * row_h + 40 + 16 * static_cast<int>(ids.size());
  char buf[512];
  std::string out;
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                "font-family=\"monospace\" font-size=\"11\">\n"
                "<text x=\"4\" y=\"14\">%zu events, %zu rows, %.3f us</text>\n",
                left + width + 20, height, events.size(), rows.size(), span / 1000.0);
  out += buf;
  for (int k = 0; k <= 4; ++k) { // the time axis
    const double x = left + width * k / 4.0;
    std::snprintf(buf, sizeof buf,
                  "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>"
                  "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.3f us</text>\n",
                  x, top - 4, x, top + static_cast<int>(rows.size()) * row_h, x,
                  top + static_cast<int>(rows.size()) * row_h + 14, span * k / 4.0 / 1000.0);
    out += buf;
  }
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::snprintf(buf, sizeof buf, "<text x=\"4\" y=\"%d\">sm %u cta %u %s %u</text>\n",
                  top + static_cast<int>(r) * row_h + 12, std::get<0>(rows[r]),
                  std::get<1>(rows[r]), std::get<2>(rows[r]) ? "group" : "warp",
                  std::get<3>(rows[r]));
    out += buf;
  }
  for (const ProfileRecord& e : events) {
    const Row key{e.sm, e.block, (e.kind & profile_group) ? 1u : 0u, e.warp};
    const auto row = std::lower_bound(rows.begin(), rows.end(), key) - rows.begin();
    const double x = left + (e.start_ns - t0) * scale;
    const int y = top + static_cast<int>(row) * row_h + 2;
    const std::string name = detail::xml_escaped(detail::event_name(names, e.event));
    if (e.kind & profile_instant)
      std::snprintf(buf, sizeof buf,
                    "<polygon points=\"%.1f,%d %.1f,%d %.1f,%d\" fill=\"%s\">"
                    "<title>%s: instant, payload %u</title></polygon>\n",
                    x, y, x - 4, y + row_h - 4, x + 4, y + row_h - 4, palette[e.event % 10],
                    name.c_str(), e.payload);
    else
      std::snprintf(buf, sizeof buf,
                    "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
                    "<title>%s: %llu ns, %llu cycles, payload %u %u</title></rect>\n",
                    x, y, std::max(1.0, (e.end_ns - e.start_ns) * scale), row_h - 4,
                    palette[e.event % 10], name.c_str(), e.end_ns - e.start_ns, e.cycles, e.payload,
                    e.end_payload);
    out += buf;
  }
  for (std::size_t k = 0; k < ids.size(); ++k) { // the legend
    const int y = top + static_cast<int>(rows.size()) * row_h + 30 + 16 * static_cast<int>(k);
    std::snprintf(buf, sizeof buf,
                  "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                  "<text x=\"%d\" y=\"%d\">%s</text>\n",
                  left, y, palette[ids[k] % 10], left + 18, y + 10,
                  detail::xml_escaped(detail::event_name(names, ids[k])).c_str());
    out += buf;
  }
  out += "</svg>\n";
  return out;
}

} // namespace tirx
