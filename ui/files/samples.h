#pragma once
// Finds the samples/ folder: next to an installed or built program first (…/samples,
// …/../samples, …/../../samples, …/../share/movimentum/samples), then the source tree the program
// was built from (MOVIMENTUM_SAMPLES_DIR, set by CMake), so a build run in place finds them too.

#include <QString>
#include <QStringList>

namespace mv {

QString samplesFolder();        // empty when none is found
QStringList sampleScripts();    // absolute paths of the *.movimentum files, sorted
QString defaultSampleScript();  // samples/pump.movimentum, or empty

}  // namespace mv
