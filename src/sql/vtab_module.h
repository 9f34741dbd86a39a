// VtabModule<Vtab, Cursor>(): the sqlite3_module of a read-only virtual
// table. Every weft table, table function and operator table has the same
// shape (connect, plan, scan a cursor), so the static callbacks SQLite calls
// are written once, here; each forwards to a member of the module's types:
//
//   struct MyVtab : sqlite3_vtab {              // One per connected table.
//     int BestIndex(sqlite3_index_info* info);
//   };
//   struct MyCursor : VtabCursor<MyVtab> {      // One per scan.
//     int Filter(int idx_num, const char* idx_str, int argc, sqlite3_value** argv);
//     int Next();
//     bool Eof() const;
//     void ColumnValue(sqlite3_context* ctx, int column);
//     sqlite3_int64 Rowid() const;
//   };
//   const sqlite3_module kModule = VtabModule<MyVtab, MyCursor>(Connect);
//
// Only xConnect is the module's own: it declares the schema and returns a
// `new MyVtab()`, which xDisconnect / xDestroy delete (these tables own no
// storage of their own); cursors are `new MyCursor()` (zeroed base).
#ifndef SRC_SQL_VTAB_MODULE_H_
#define SRC_SQL_VTAB_MODULE_H_

#include <sqlite3.h>

#include <string>

#include "src/base/status.h"

namespace weft {

// A cursor's base: the vtab it scans (SQLite sets pVtab after xOpen).
template <typename Vtab>
struct VtabCursor : sqlite3_vtab_cursor {
  Vtab* vtab() const { return static_cast<Vtab*>(pVtab); }
};

// Reports |message| as the statement's error; returns SQLITE_ERROR.
inline int SetVtabError(sqlite3_vtab* vtab, const std::string& message) {
  sqlite3_free(vtab->zErrMsg);
  vtab->zErrMsg = sqlite3_mprintf("%s", message.c_str());
  return SQLITE_ERROR;
}

using VtabConnectFn = decltype(sqlite3_module::xConnect);

// Registers |module| on |db| as |name|; xConnect receives |aux|, which
// |destroy| (if any) frees with the connection.
inline Status RegisterVtabModule(sqlite3* db, const std::string& name, const sqlite3_module* module,
                                 void* aux = nullptr, void (*destroy)(void*) = nullptr) {
  if (sqlite3_create_module_v2(db, name.c_str(), module, aux, destroy) != SQLITE_OK) {
    return ErrStatus("cannot register %s: %s", name.c_str(), sqlite3_errmsg(db));
  }
  return Status::Ok();
}

namespace vtab_internal {

template <typename Vtab, typename Cursor>
struct Callbacks {
  static Vtab* V(sqlite3_vtab* v) { return static_cast<Vtab*>(v); }
  static Cursor* C(sqlite3_vtab_cursor* c) { return static_cast<Cursor*>(c); }

  static int BestIndex(sqlite3_vtab* v, sqlite3_index_info* info) {
    return V(v)->BestIndex(info);
  }
  static int Disconnect(sqlite3_vtab* v) {
    delete V(v);
    return SQLITE_OK;
  }
  static int Open(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
    *out = new Cursor();
    return SQLITE_OK;
  }
  static int Close(sqlite3_vtab_cursor* c) {
    delete C(c);
    return SQLITE_OK;
  }
  static int Filter(sqlite3_vtab_cursor* c, int idx_num, const char* idx_str, int argc,
                    sqlite3_value** argv) {
    return C(c)->Filter(idx_num, idx_str, argc, argv);
  }
  static int Next(sqlite3_vtab_cursor* c) { return C(c)->Next(); }
  static int Eof(sqlite3_vtab_cursor* c) { return C(c)->Eof() ? 1 : 0; }
  static int ColumnValue(sqlite3_vtab_cursor* c, sqlite3_context* ctx, int column) {
    C(c)->ColumnValue(ctx, column);
    return SQLITE_OK;
  }
  static int Rowid(sqlite3_vtab_cursor* c, sqlite3_int64* rowid) {
    *rowid = C(c)->Rowid();
    return SQLITE_OK;
  }
};

}  // namespace vtab_internal

// |create| null: eponymous only (usable by name, no CREATE VIRTUAL TABLE).
// A module usable only through CREATE VIRTUAL TABLE passes a |create| that
// differs from |connect| (SQLite compares the pointers).
template <typename Vtab, typename Cursor>
sqlite3_module VtabModule(VtabConnectFn connect, VtabConnectFn create = nullptr) {
  using C = vtab_internal::Callbacks<Vtab, Cursor>;
  sqlite3_module m{};
  m.iVersion = 2;
  m.xCreate = create;
  m.xConnect = connect;
  m.xBestIndex = &C::BestIndex;
  m.xDisconnect = &C::Disconnect;
  m.xDestroy = &C::Disconnect;
  m.xOpen = &C::Open;
  m.xClose = &C::Close;
  m.xFilter = &C::Filter;
  m.xNext = &C::Next;
  m.xEof = &C::Eof;
  m.xColumn = &C::ColumnValue;
  m.xRowid = &C::Rowid;
  return m;
}

}  // namespace weft

#endif  // SRC_SQL_VTAB_MODULE_H_
