#pragma once
// Shared by the HTML player's tests: the `movimentum` program run as a user runs it
// (tests/app/program_run.h), the page's parts read back (its data JSON, its pose table), and
// Debian's headless Chromium run on a page (a screenshot, or the DOM after a script in the page
// has run).

#include <QByteArray>
#include <QImage>
#include <QJsonObject>
#include <QString>

#include <string>
#include <vector>

#include "tests/app/program_run.h"

namespace mv::test {

std::string samplePath(const std::string& name);  // samples/NAME.movimentum

// `movimentum render SCRIPT -o FOLDER/OUT ARGS`; its page (or nothing) and the run.
struct RenderedPage {
    ProgramRun run;
    QByteArray html;
    std::string path;
};
RenderedPage renderPage(const ScratchFolder& scratch, const std::string& script,
                        const std::string& out, const std::string& args = "");

// The page's data (the JSON in <script id="mv-data">) and its pose table, decoded as the player
// decodes it (little-endian float32).
QJsonObject pageData(const QByteArray& html);
std::vector<float> poseTable(const QJsonObject& data);

// Headless Chromium, Debian's `chromium`: empty when it is not installed.
QString chromium();
// A screenshot of `url` in a window of `width` × `height` at device pixel ratio 1.
QImage screenshot(const ScratchFolder& scratch, const QString& url, int width, int height);
// The DOM of `url` once the page's scripts and timers have run (virtual time), as text.
QString dumpDom(const ScratchFolder& scratch, const QString& url);

// The mean absolute difference of two images of one size, over every channel, as a fraction of
// full scale (0: the same, 1: black against white everywhere); and the same over the pixels that
// are not white in either image (the machine, not the ground).
double meanDifference(const QImage& a, const QImage& b);
double meanInkDifference(const QImage& a, const QImage& b);

}  // namespace mv::test
