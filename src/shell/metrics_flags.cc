// --run-metrics: user metric files, protoc for their .proto, printing.
#include "src/shell/metrics_flags.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "src/metrics/metrics_descriptor.h"
#include "src/trace/trace_processor.h"

namespace weft {
namespace {

bool ReadWholeFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return true;
}

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// |proto| compiled by protoc against weft's metrics protos (given as a
// descriptor set, so `import "perfetto/metrics/metrics.proto"` resolves).
Status CompileProto(const std::string& proto, std::string* descriptor_set) {
#ifdef __EMSCRIPTEN__
  (void)proto;
  (void)descriptor_set;
  return Status::Error("a metric's .proto needs protoc (native builds only)");
#else
  char dir_template[] = "/tmp/weft-metric-XXXXXX";
  if (!mkdtemp(dir_template)) return Status::Error("cannot create a temporary directory");
  std::string dir = dir_template, in = dir + "/metrics.pb", out = dir + "/user.pb";
  {
    std::ofstream f(in, std::ios::binary);
    f.write(reinterpret_cast<const char*>(kMetricsDescriptorSet),
            static_cast<std::streamsize>(kMetricsDescriptorSetSize));
  }
  size_t slash = proto.find_last_of('/');
  std::string proto_dir = slash == std::string::npos ? "." : proto.substr(0, slash);
  std::string file = slash == std::string::npos ? proto : proto.substr(slash + 1);
  std::string cmd = "protoc --descriptor_set_in=" + Quote(in) + " --descriptor_set_out=" +
                    Quote(out) + " -I " + Quote(proto_dir) + " " + Quote(file);
  int rc = std::system(cmd.c_str());
  bool ok = rc == 0 && ReadWholeFile(out, descriptor_set);
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(dir.c_str());
  if (!ok) return Status::Error("protoc failed on " + proto);
  return Status::Ok();
#endif
}

// Registers the metric of |path| (PATH.sql [+ PATH.proto]); sets |name|.
Status RegisterUserMetric(SqlEngine* engine, const std::string& path, std::string* name) {
  std::string sql;
  if (!ReadWholeFile(path, &sql)) return Status::Error("cannot read metric file " + path);
  size_t slash = path.find_last_of('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  *name = base.substr(0, base.size() - 4);
  std::string proto = path.substr(0, path.size() - 4) + ".proto";
  std::string descriptor_set;
  if (std::ifstream(proto).good()) WEFT_RETURN_IF_ERROR(CompileProto(proto, &descriptor_set));
  return RegisterMetric(engine, *name, std::move(sql), descriptor_set);
}

}  // namespace

Status RunMetricsFlag(TraceProcessor* tp, const std::string& list, MetricFormat format) {
  SqlEngine* engine = tp->sql_engine();
  if (!engine) return Status::Error("cannot start the SQL engine");
  std::vector<std::string> names;
  std::stringstream ss(list);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty()) continue;
    if (EndsWith(item, ".sql")) {
      std::string name;
      WEFT_RETURN_IF_ERROR(RegisterUserMetric(engine, item, &name));
      item = name;
    }
    names.push_back(item);
  }
  if (names.empty()) return Status::Error("--run-metrics needs at least one metric");
  std::string out;
  WEFT_RETURN_IF_ERROR(ComputeMetrics(engine, names, format, &out));
  fwrite(out.data(), 1, out.size(), stdout);
  fflush(stdout);
  return Status::Ok();
}

}  // namespace weft
