// The annotation catalog: descriptions and documentation links for
// well-known slice names, written for weft. An entry matches a slice name
// exactly, or as a GLOB pattern when it holds '*', '?' or '['.
// Reference: docs/analysis.md
#ifndef SRC_ANALYSIS_ANNOTATION_CATALOG_H_
#define SRC_ANALYSIS_ANNOTATION_CATALOG_H_

#include <vector>

namespace weft {

struct CatalogEntry {
  const char* match;  // Slice name, or GLOB pattern.
  const char* description;
  const char* link;
};

const std::vector<CatalogEntry>& AnnotationCatalog();
// True when |match| is a GLOB pattern rather than an exact name.
bool IsCatalogPattern(const char* match);

}  // namespace weft

#endif  // SRC_ANALYSIS_ANNOTATION_CATALOG_H_
