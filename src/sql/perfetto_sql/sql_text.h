// Lexical helpers over SQL text for the PerfettoSQL preprocessor: skipping
// whitespace and comments, finding where a statement ends, reading
// identifiers and balanced parentheses. They understand SQLite's quoting
// ('str', "ident", [ident], `ident`) and comments (-- and /* */), so a `;`
// or `(` inside them is not taken for syntax.
// Reference: docs/perfetto_sql.md
#ifndef SRC_SQL_PERFETTO_SQL_SQL_TEXT_H_
#define SRC_SQL_PERFETTO_SQL_SQL_TEXT_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace weft {
namespace sql_text {

// Index of the first byte at or after |pos| that is neither whitespace nor
// inside a comment.
size_t SkipSpace(std::string_view sql, size_t pos);

// If sql[pos] opens a quoted string or identifier, or a comment: the index
// just past it (or sql.size() when it is not closed). Otherwise |pos|.
size_t SkipQuotedOrComment(std::string_view sql, size_t pos);

// Index just past the statement starting at |pos|: past its terminating `;`
// (one that SQLite agrees completes the statement, so triggers work) or the
// end of |sql|.
size_t StatementEnd(std::string_view sql, size_t pos);

bool IsIdentChar(char c);

// Reads an identifier (letters, digits, _, and `.` when |dotted|) at |*pos|
// (after skipping space); advances |*pos|. Empty if there is none.
std::string ReadWord(std::string_view sql, size_t* pos, bool dotted = false);

// True (and advances) if the next word is |keyword| (case-insensitive).
bool ConsumeKeyword(std::string_view sql, size_t* pos, std::string_view keyword);

// sql[*pos] (after space) must be `(`: returns the text between it and its
// matching `)` and advances past the `)`. False if unbalanced.
bool ReadParenthesized(std::string_view sql, size_t* pos, std::string* inner);

// Splits |text| at top-level commas (not inside parentheses, quotes or
// comments); each part trimmed. Empty text gives no parts.
std::vector<std::string> SplitTopLevel(std::string_view text, char sep = ',');

std::string Trim(std::string_view s);
std::string Lower(std::string_view s);

}  // namespace sql_text
}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_SQL_TEXT_H_
