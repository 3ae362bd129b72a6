#pragma once
// The recently opened scripts, newest first, kept in QSettings (key "recentFiles").

#include <QStringList>

namespace mv {

class RecentFiles {
public:
    static constexpr int kMax = 8;
    QStringList list() const;  // existing files only
    void add(const QString& path);
};

}  // namespace mv
