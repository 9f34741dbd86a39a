#include "src/base/status.h"

#include <string>

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(StatusTest, DefaultIsOk) {
  Status s;
  EXPECT_TRUE(s.ok());
  EXPECT_TRUE(s.message().empty());
  EXPECT_TRUE(Status::Ok().ok());
}

TEST(StatusTest, ErrorKeepsMessage) {
  Status s = Status::Error("boom");
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "boom");
}

TEST(StatusTest, EmptyErrorMessageIsStillAnError) {
  Status s = Status::Error("");
  EXPECT_FALSE(s.ok());
  EXPECT_FALSE(s.message().empty());
}

TEST(StatusTest, ErrStatusFormats) {
  Status s = ErrStatus("bad %s at %d (%.1f)", "thing", 42, 1.5);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "bad thing at 42 (1.5)");
}

// ErrStatus formats into a fixed buffer: long messages are cut (at about
// 1 KiB today) but never lost.
TEST(StatusTest, ErrStatusLongMessage) {
  std::string big(5000, 'x');
  Status s = ErrStatus("%s!", big.c_str());
  EXPECT_FALSE(s.ok());
  EXPECT_GE(s.message().size(), 1000u);
  EXPECT_EQ(s.message().substr(0, 1000), big.substr(0, 1000));
}

Status Fails() { return Status::Error("inner"); }
Status Succeeds() { return Status::Ok(); }

Status Chain(bool fail, int* reached) {
  WEFT_RETURN_IF_ERROR(Succeeds());
  *reached = 1;
  if (fail) WEFT_RETURN_IF_ERROR(Fails());
  *reached = 2;
  return Status::Ok();
}

TEST(StatusTest, ReturnIfError) {
  int reached = 0;
  EXPECT_TRUE(Chain(false, &reached).ok());
  EXPECT_EQ(reached, 2);
  reached = 0;
  Status s = Chain(true, &reached);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "inner");
  EXPECT_EQ(reached, 1);
}

TEST(StatusTest, DataLossCarriesOffset) {
  Status s = DataLossStatus(1234, "cut inside a %s", "packet");
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(s.data_loss());
  EXPECT_EQ(s.offset(), 1234u);
  EXPECT_EQ(s.message(), "cut inside a packet");
  EXPECT_FALSE(Status::Error("x").data_loss());
}

}  // namespace
}  // namespace weft
