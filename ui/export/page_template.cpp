#include "ui/export/page_template.h"

#include <QFile>
#include <QString>

#include <mutex>

#include "core/version.h"

// The player's files are compiled into the library (resources/player.qrc); a static library's
// resources are registered by hand, outside any namespace.
static void initPlayerResources() {
    Q_INIT_RESOURCE(player);
}

namespace mv {

QByteArray playerFile(const char* name) {
    static std::once_flag registered;
    std::call_once(registered, initPlayerResources);
    QFile file(QStringLiteral(":/player/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

QByteArray htmlEscaped(const QString& text) {
    return text.toHtmlEscaped().toUtf8();
}

QByteArray generatorName() {
    return "movimentum " + QByteArray(kVersion.data(), static_cast<qsizetype>(kVersion.size()));
}

QByteArray fillTemplate(const QByteArray& page,
                        const std::vector<std::pair<QByteArray, QByteArray>>& values) {
    QByteArray out;
    qsizetype from = 0;
    while (true) {
        qsizetype at = -1;
        const std::pair<QByteArray, QByteArray>* found = nullptr;
        for (const auto& value : values) {
            const qsizetype i = page.indexOf(value.first, from);
            if (i >= 0 && (at < 0 || i < at)) {
                at = i;
                found = &value;
            }
        }
        if (!found) break;
        out += page.mid(from, at - from);
        out += found->second;
        from = at + found->first.size();
    }
    return out + page.mid(from);
}

}  // namespace mv
