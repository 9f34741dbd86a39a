// Task states: kernel bits and text to Perfetto's letters.
#include "src/importers/common/task_state.h"

#include <cctype>

namespace weft {

namespace {

// Version-independent flags the raw bits and the text both map onto.
enum Flag : uint32_t {
  kSleeping = 0x1,       // S
  kDiskSleep = 0x2,      // D
  kStopped = 0x4,        // T
  kTraced = 0x8,         // t
  kExitDead = 0x10,      // X
  kZombie = 0x20,        // Z
  kParked = 0x40,        // P
  kTaskDead = 0x80,      // x
  kWakeKill = 0x100,     // K
  kWaking = 0x200,       // W
  kNoLoad = 0x400,       // N
  kIdle = 0x800,         // I
  kPreempted = 0x8000,   // "+" (only on runnable)
  kInvalid = 0x10000,
};

// The letters in the order they are printed.
constexpr struct {
  uint32_t flag;
  char letter;
} kLetters[] = {{kSleeping, 'S'}, {kDiskSleep, 'D'}, {kStopped, 'T'}, {kTraced, 't'},
                {kExitDead, 'X'}, {kZombie, 'Z'},    {kParked, 'P'},  {kTaskDead, 'x'},
                {kWakeKill, 'K'}, {kWaking, 'W'},    {kNoLoad, 'N'},  {kIdle, 'I'}};

std::string ToText(uint32_t flags) {
  if (flags & kInvalid) return "?";
  std::string out;
  if ((flags & ~kPreempted) == 0) {
    out = (flags & kPreempted) ? "R+" : "R";
    return out;
  }
  for (const auto& l : kLetters) {
    if ((flags & l.flag) && out.size() < 3) out += l.letter;
  }
  return out;
}

}  // namespace

std::string TaskStateFromRaw(uint64_t raw, KernelVersion v) {
  // Bits up to 0x20 (zombie) mean the same on every kernel.
  uint32_t flags = static_cast<uint32_t>(raw & 0x3f);
  bool at_least_4_14 = v.major > 4 || (v.major == 4 && v.minor >= 14);
  bool at_least_4_8 = v.major > 4 || (v.major == 4 && v.minor >= 8);
  if (at_least_4_14) {
    // 0x40 parked, 0x80 the "idle" report state, 0x100 preempted.
    if (raw & 0x40) flags |= kParked;
    if (raw & 0x80) flags |= kIdle;
    if (raw & 0x100) flags |= kPreempted;
    if (raw & ~uint64_t{0x1ff}) flags = kInvalid;
    return ToText(flags);
  }
  if (raw & 0x40) flags |= kTaskDead;
  if (raw & 0x80) flags |= kWakeKill;
  if (raw & 0x100) flags |= kWaking;
  if (raw & 0x200) flags |= kParked;
  if (raw & 0x400) flags |= kNoLoad;
  if (flags == (kDiskSleep | kNoLoad)) flags = kIdle;  // TASK_IDLE.
  // Preemption is the bit above the last state: 0x1000 from 4.8 (which
  // added TASK_NEW), 0x800 before.
  if (raw & (at_least_4_8 ? 0x1000 : 0x800)) flags |= kPreempted;
  return ToText(flags);
}

std::string TaskStateFromText(std::string_view text) {
  if (text.empty()) return "";
  if (text[0] == 'R') return text == "R+" ? "R+" : "R";  // What follows R is ignored.
  uint32_t flags = 0;
  for (char c : text) {
    if (c == '|') continue;
    uint32_t flag = 0;
    for (const auto& l : kLetters) {
      if (l.letter == c) flag = l.flag;
    }
    if (flag == 0) return "?";
    flags |= flag;
  }
  // Perfetto reads text through the 4.4 bit layout, where D + N is idle.
  if (flags == (kDiskSleep | kNoLoad)) flags = kIdle;
  return ToText(flags);
}

bool ParseKernelVersion(std::string_view release, KernelVersion* version) {
  size_t i = 0;
  auto read_number = [&](int* out) {
    size_t start = i;
    int v = 0;
    while (i < release.size() && isdigit(static_cast<unsigned char>(release[i])) && i - start < 6) {
      v = v * 10 + (release[i++] - '0');
    }
    *out = v;
    return i > start;
  };
  KernelVersion v;
  if (!read_number(&v.major) || i >= release.size() || release[i++] != '.' ||
      !read_number(&v.minor)) {
    return false;
  }
  *version = v;
  return true;
}

}  // namespace weft
