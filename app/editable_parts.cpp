#include "app/editable_parts.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "ui/export/editable_page.h"

namespace mv::app {

namespace {

bool holdsEveryPart(const QString& folder) {
    for (const QString& part : editablePageParts())
        if (!QFileInfo(folder + "/" + part).isFile()) return false;
    return true;
}

}  // namespace

EditablePartsSearch findEditableParts() {
    EditablePartsSearch search;
    const QString chosen = qEnvironmentVariable("MOVIMENTUM_WEB_DIR");
    if (!chosen.isEmpty())
        search.lookedIn << chosen;
    else
        search.lookedIn << QDir::cleanPath(QCoreApplication::applicationDirPath() +
                                           "/../share/movimentum/web")
                        << QStringLiteral(MOVIMENTUM_WEB_PAGE_DIR);
    for (const QString& folder : search.lookedIn)
        if (holdsEveryPart(folder)) {
            search.found = folder;
            break;
        }
    return search;
}

}  // namespace mv::app
