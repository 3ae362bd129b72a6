#pragma once
// Writing a file so that nothing older is lost when the write fails: the bytes go to a hidden
// temporary file beside the target (`.NAME.XXXXXX.part`, same folder, so the rename is atomic),
// which rename(2) then puts in the target's place. A full disk or a cancelled export leaves the old
// file as it was; a symlink in the target's place is itself replaced, never written through
// (export_options.h).

#include <QByteArray>
#include <QString>

namespace mv {

// An empty private file beside `target`, kept (the caller renames or removes it); its path, or
// empty with `error` saying why (the folder and the system's reason).
QString createTemporaryBeside(const QString& target, QString* error);

// Makes `temporary` an ordinary readable file (0644) and renames it over `target`.
bool putInPlace(const QString& temporary, const QString& target, QString* error);

// Flushes `path`'s data to the disk (fsync): a write error the system reports only then (a full
// disk on a network file system) is one too. False with `reason` (strerror) when it fails.
bool syncToDisk(const QString& path, QString* reason);

// Writes `bytes` to `target` through a temporary file; empty on success, otherwise what went
// wrong (the path and the reason). On failure `target` is untouched and nothing is left behind.
QString replaceFile(const QString& target, const QByteArray& bytes);

}  // namespace mv
