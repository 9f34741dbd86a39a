// Tests of the HTTP server's Origin and Host allowlists.
#include "src/httpd/access_policy.h"

#include <gtest/gtest.h>

namespace weft {
namespace {

TEST(AccessPolicyTest, DefaultOrigins) {
  AccessPolicy policy({}, /*loopback_only=*/true);
  EXPECT_TRUE(policy.AllowsOrigin(""));  // Not a browser page.
  EXPECT_TRUE(policy.AllowsOrigin("https://ui.perfetto.dev"));
  EXPECT_TRUE(policy.AllowsOrigin("http://localhost:8000"));  // tools/serve
  EXPECT_TRUE(policy.AllowsOrigin("http://localhost"));
  EXPECT_TRUE(policy.AllowsOrigin("http://127.0.0.1:10000"));
  EXPECT_TRUE(policy.AllowsOrigin("http://[::1]:8000"));
  EXPECT_FALSE(policy.AllowsOrigin("http://ui.perfetto.dev"));
  EXPECT_FALSE(policy.AllowsOrigin("https://ui.perfetto.dev.evil.com"));
  EXPECT_FALSE(policy.AllowsOrigin("http://localhost.evil.com"));
  EXPECT_FALSE(policy.AllowsOrigin("http://localhost:80x"));
  EXPECT_FALSE(policy.AllowsOrigin("http://localhost:123456"));
  EXPECT_FALSE(policy.AllowsOrigin("https://localhost:8000"));
  EXPECT_FALSE(policy.AllowsOrigin("null"));
}

TEST(AccessPolicyTest, AdditionalOrigins) {
  AccessPolicy policy(SplitOriginList(" https://a.example , http://b.example:*,"), true);
  EXPECT_TRUE(policy.AllowsOrigin("https://a.example"));
  EXPECT_FALSE(policy.AllowsOrigin("https://a.example:8443"));
  EXPECT_TRUE(policy.AllowsOrigin("http://b.example:8443"));
  EXPECT_FALSE(policy.AllowsOrigin("https://b.example"));
}

TEST(AccessPolicyTest, HostsOnLoopback) {
  AccessPolicy policy({}, /*loopback_only=*/true);
  EXPECT_TRUE(policy.AllowsHost("localhost:9001"));
  EXPECT_TRUE(policy.AllowsHost("127.0.0.1:9001"));
  EXPECT_TRUE(policy.AllowsHost("[::1]:9001"));
  EXPECT_TRUE(policy.AllowsHost("localhost"));
  EXPECT_FALSE(policy.AllowsHost("evil.com:9001"));  // DNS rebinding.
  EXPECT_FALSE(policy.AllowsHost("localhost.evil.com"));
  EXPECT_FALSE(policy.AllowsHost("127.0.0.1.nip.io:9001"));
}

TEST(AccessPolicyTest, AnyHostBeyondLoopback) {
  AccessPolicy policy({}, /*loopback_only=*/false);
  EXPECT_TRUE(policy.AllowsHost("myserver.example:9001"));
}

TEST(AccessPolicyTest, SplitOriginList) {
  EXPECT_EQ(SplitOriginList(""), std::vector<std::string>{});
  EXPECT_EQ(SplitOriginList("a, b,,c "), (std::vector<std::string>{"a", "b", "c"}));
}

}  // namespace
}  // namespace weft
