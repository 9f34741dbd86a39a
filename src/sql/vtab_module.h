// VtabModule(): the sqlite3_module of a read-only virtual table from its
// callbacks. Every weft table, table function and operator table has the
// same shape (connect, plan, scan a cursor); only the callbacks differ.
#ifndef SRC_SQL_VTAB_MODULE_H_
#define SRC_SQL_VTAB_MODULE_H_

#include <sqlite3.h>

namespace weft {

struct VtabCallbacks {
  // Null: eponymous only (usable by name, no CREATE VIRTUAL TABLE).
  decltype(sqlite3_module::xCreate) create;
  decltype(sqlite3_module::xConnect) connect;
  decltype(sqlite3_module::xBestIndex) best_index;
  // Also xDestroy: these tables own no storage of their own.
  decltype(sqlite3_module::xDisconnect) disconnect;
  decltype(sqlite3_module::xOpen) open;
  decltype(sqlite3_module::xClose) close;
  decltype(sqlite3_module::xFilter) filter;
  decltype(sqlite3_module::xNext) next;
  decltype(sqlite3_module::xEof) eof;
  decltype(sqlite3_module::xColumn) column;
  decltype(sqlite3_module::xRowid) rowid;
};

inline sqlite3_module VtabModule(const VtabCallbacks& c) {
  sqlite3_module m{};
  m.iVersion = 2;
  m.xCreate = c.create;
  m.xConnect = c.connect;
  m.xBestIndex = c.best_index;
  m.xDisconnect = c.disconnect;
  m.xDestroy = c.disconnect;
  m.xOpen = c.open;
  m.xClose = c.close;
  m.xFilter = c.filter;
  m.xNext = c.next;
  m.xEof = c.eof;
  m.xColumn = c.column;
  m.xRowid = c.rowid;
  return m;
}

}  // namespace weft

#endif  // SRC_SQL_VTAB_MODULE_H_
