// ProtoFramer: packets come out whole and identical wherever the input is
// cut, and malformed framing is an error, never a crash.
#include "src/importers/proto/proto_framer.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace weft {
namespace {

std::string Varint(uint64_t v) {
  std::string s;
  while (v >= 0x80) {
    s.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  s.push_back(static_cast<char>(v));
  return s;
}

std::string Packet(const std::string& body) { return "\x0a" + Varint(body.size()) + body; }

struct Collected {
  std::vector<std::string> packets;
  std::vector<uint64_t> offsets;
};

Status FeedSplit(const std::string& trace, const std::vector<size_t>& cuts, Collected* out) {
  ProtoFramer framer([out](const uint8_t* d, size_t n, uint64_t offset) {
    out->packets.emplace_back(reinterpret_cast<const char*>(d), n);
    out->offsets.push_back(offset);
  });
  size_t pos = 0;
  for (size_t cut : cuts) {
    Status s = framer.Parse(reinterpret_cast<const uint8_t*>(trace.data()) + pos, cut - pos);
    if (!s.ok()) return s;
    pos = cut;
  }
  Status s = framer.Parse(reinterpret_cast<const uint8_t*>(trace.data()) + pos, trace.size() - pos);
  if (!s.ok()) return s;
  return framer.NotifyEndOfFile();
}

std::string SampleTrace() {
  std::string trace;
  trace += Packet("\x40\x01");                 // timestamp: 1
  trace += Packet(std::string(300, 'x'));     // two-byte length
  trace += "\x10\x05";                         // unknown varint field 2
  trace += "\x1a\x03" "abc";                   // unknown bytes field 3
  trace += Packet("");                         // empty packet
  trace += "\x21" + std::string(8, '\x07');    // unknown fixed64 field 4
  trace += Packet("\x50\x02");
  return trace;
}

TEST(ProtoFramerTest, WholeInput) {
  Collected c;
  ASSERT_TRUE(FeedSplit(SampleTrace(), {}, &c).ok());
  ASSERT_EQ(c.packets.size(), 4u);
  EXPECT_EQ(c.packets[0], std::string("\x40\x01"));
  EXPECT_EQ(c.packets[1], std::string(300, 'x'));
  EXPECT_EQ(c.packets[2], "");
  EXPECT_EQ(c.packets[3], std::string("\x50\x02"));
  EXPECT_EQ(c.offsets[0], 2u);
  EXPECT_EQ(c.offsets[1], 4u + 3u);
}

TEST(ProtoFramerTest, EverySplitPoint) {
  std::string trace = SampleTrace();
  Collected whole;
  ASSERT_TRUE(FeedSplit(trace, {}, &whole).ok());
  for (size_t cut = 0; cut <= trace.size(); ++cut) {
    Collected c;
    ASSERT_TRUE(FeedSplit(trace, {cut}, &c).ok()) << "cut at " << cut;
    EXPECT_EQ(c.packets, whole.packets) << "cut at " << cut;
    EXPECT_EQ(c.offsets, whole.offsets) << "cut at " << cut;
  }
}

TEST(ProtoFramerTest, EveryPairOfSplitPoints) {
  std::string trace = SampleTrace();
  Collected whole;
  ASSERT_TRUE(FeedSplit(trace, {}, &whole).ok());
  for (size_t a = 0; a <= trace.size(); a += 3) {
    for (size_t b = a; b <= trace.size(); ++b) {
      Collected c;
      ASSERT_TRUE(FeedSplit(trace, {a, b}, &c).ok());
      EXPECT_EQ(c.packets, whole.packets) << a << "," << b;
    }
  }
}

TEST(ProtoFramerTest, OneByteChunks) {
  std::string trace = SampleTrace();
  std::vector<size_t> cuts;
  for (size_t i = 1; i < trace.size(); ++i) cuts.push_back(i);
  Collected whole, c;
  ASSERT_TRUE(FeedSplit(trace, {}, &whole).ok());
  ASSERT_TRUE(FeedSplit(trace, cuts, &c).ok());
  EXPECT_EQ(c.packets, whole.packets);
}

TEST(ProtoFramerTest, TruncatedPacketIsAnError) {
  std::string trace = Packet("\x40\x01") + Packet("abcdef");
  for (size_t keep = 3; keep < trace.size(); ++keep) {
    if (keep == 4) continue;  // A whole first packet.
    Collected c;
    Status s = FeedSplit(trace.substr(0, keep), {}, &c);
    EXPECT_FALSE(s.ok()) << keep;
    EXPECT_NE(s.message().find("truncated"), std::string::npos) << s.message();
  }
}

TEST(ProtoFramerTest, MalformedHeaders) {
  for (const std::string& bad : {
           std::string("\x0d\x00\x00\x00\x00", 5),         // packet as fixed32
           std::string("\x08\x01"),                          // packet as varint
           std::string("\x0b"),                              // start group
           std::string("\x0a\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"),  // overlong
           std::string("\x0a\xff\xff\xff\xff\x7f"),          // length too large
           std::string("\x00\x01", 2),                       // field 0
       }) {
    Collected c;
    Status s = FeedSplit(Packet("ok") + bad, {}, &c);
    EXPECT_FALSE(s.ok());
    EXPECT_EQ(c.packets.size(), 1u);
  }
}

}  // namespace
}  // namespace weft
