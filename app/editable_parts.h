#pragma once
// Where `movimentum render --editable` finds the editable page's parts that scripts/web.sh builds
// (ui/export/editable_page.h): the folder $MOVIMENTUM_WEB_DIR names, when set, and only it;
// otherwise share/movimentum/web/ beside the program's folder (where an install puts them), then
// build-web/page/ in the source tree the program was built from.

#include <QString>
#include <QStringList>

namespace mv::app {

struct EditablePartsSearch {
    QString found;         // the first folder holding every part; empty when none does
    QStringList lookedIn;  // every folder looked in, for the message when none does
};

// Needs a QCoreApplication (the program's folder).
EditablePartsSearch findEditableParts();

}  // namespace mv::app
