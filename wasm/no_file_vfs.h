// A SQLite VFS that opens no file. The wasm module needs it, being built
// without a file system (-sFILESYSTEM=0): there, open() "succeeds" with fd
// 0, which SQLite's unix VFS rejects as stdin and retries forever. `weft
// --httpd` uses it so that SQL (ATTACH, VACUUM INTO) cannot read or write
// the host's files. See no_file_vfs.cc.
#ifndef WASM_NO_FILE_VFS_H_
#define WASM_NO_FILE_VFS_H_

namespace weft {

// Makes the no-file VFS SQLite's default. Call before opening connections;
// calling again does nothing.
void RegisterNoFileVfs();

}  // namespace weft

#endif  // WASM_NO_FILE_VFS_H_
