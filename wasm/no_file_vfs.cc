// The no-file SQLite VFS: the default (unix) VFS with every file access
// replaced. Opening a file fails with SQLITE_CANTOPEN (in-memory databases
// never open one), and randomness comes from getentropy() (the JS crypto
// source) instead of /dev/urandom.
#include "wasm/no_file_vfs.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <ctime>

namespace weft {
namespace {

sqlite3_vfs g_vfs;

int OpenNoFile(sqlite3_vfs*, sqlite3_filename, sqlite3_file* file, int, int*) {
  file->pMethods = nullptr;  // Tells SQLite there is nothing to close.
  return SQLITE_CANTOPEN;
}

int DeleteNoFile(sqlite3_vfs*, const char*, int) { return SQLITE_IOERR_DELETE_NOENT; }

int AccessNoFile(sqlite3_vfs*, const char*, int, int* result) {
  *result = 0;  // No file exists.
  return SQLITE_OK;
}

int FullPathnameAsIs(sqlite3_vfs*, const char* path, int out_size, char* out) {
  sqlite3_snprintf(out_size, out, "%s", path);
  return SQLITE_OK;
}

int RandomnessFromEntropy(sqlite3_vfs*, int size, char* out) {
  memset(out, 0, static_cast<size_t>(size));
  for (int done = 0; done < size;) {
    int n = std::min(size - done, 256);  // getentropy's limit per call.
    if (getentropy(out + done, static_cast<size_t>(n)) != 0) {
      time_t now = time(nullptr);  // No entropy source: at least vary by time.
      memcpy(out, &now, std::min(sizeof(now), static_cast<size_t>(size)));
      break;
    }
    done += n;
  }
  return size;
}

}  // namespace

void RegisterNoFileVfs() {
  if (g_vfs.zName) return;
  sqlite3_initialize();
  const sqlite3_vfs* base = sqlite3_vfs_find(nullptr);
  g_vfs = *base;
  g_vfs.pNext = nullptr;
  g_vfs.zName = "weft_no_file";
  g_vfs.xOpen = OpenNoFile;
  g_vfs.xDelete = DeleteNoFile;
  g_vfs.xAccess = AccessNoFile;
  g_vfs.xFullPathname = FullPathnameAsIs;
  g_vfs.xRandomness = RandomnessFromEntropy;
  sqlite3_vfs_register(&g_vfs, /*makeDflt=*/1);
}

}  // namespace weft
