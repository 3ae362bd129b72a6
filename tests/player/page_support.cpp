#include "tests/player/page_support.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cmath>
#include <cstring>

namespace mv::test {

namespace {

constexpr int kBrowserTimeoutMs = 120'000;

// Runs Chromium headless on `url` with `extra` arguments: a fresh profile each time, no network
// of its own (no updates, no sync), no GPU, as root without the sandbox (CI runs as root).
QByteArray runChromium(const QStringList& extra, const QString& url) {
    const QTemporaryDir profile;
    QStringList arguments = {"--headless",
                             "--no-sandbox",
                             "--disable-gpu",
                             "--no-first-run",
                             "--disable-background-networking",
                             "--disable-component-update",
                             "--disable-sync",
                             "--disable-extensions",
                             "--hide-scrollbars",
                             "--force-device-scale-factor=1",
                             "--user-data-dir=" + profile.path()};
    arguments += extra;
    arguments << url;
    QProcess browser;
    browser.setProcessChannelMode(QProcess::SeparateChannels);
    browser.start(chromium(), arguments);
    if (!browser.waitForFinished(kBrowserTimeoutMs)) {
        browser.kill();
        browser.waitForFinished();
        return {};
    }
    return browser.readAllStandardOutput();
}

}  // namespace

std::string samplePath(const std::string& name) {
    return std::string(MOVIMENTUM_SOURCE_DIR) + "/samples/" + name + ".movimentum";
}

RenderedPage renderPage(const ScratchFolder& scratch, const std::string& script,
                        const std::string& out, const std::string& args) {
    RenderedPage page;
    page.path = (scratch.path() / out).string();
    page.run = runMovimentum(scratch, "render '" + script + "' -o '" + page.path + "' " + args);
    QFile file(QString::fromStdString(page.path));
    if (file.open(QIODevice::ReadOnly)) page.html = file.readAll();
    return page;
}

QJsonObject pageData(const QByteArray& html) {
    const QByteArray open = "<script type=\"application/json\" id=\"mv-data\">";
    const qsizetype start = html.indexOf(open);
    if (start < 0) return {};
    const qsizetype from = start + open.size();
    const qsizetype end = html.indexOf("</script>", from);
    return QJsonDocument::fromJson(html.mid(from, end - from)).object();
}

std::vector<float> poseTable(const QJsonObject& data) {
    const QByteArray bytes = QByteArray::fromBase64(data["table"].toString().toLatin1());
    std::vector<float> table(static_cast<size_t>(bytes.size() / 4));
    for (size_t i = 0; i < table.size(); ++i) {
        uint32_t bits = 0;
        for (int b = 0; b < 4; ++b)
            bits |= uint32_t(static_cast<unsigned char>(bytes[qsizetype(4 * i) + b])) << (8 * b);
        std::memcpy(&table[i], &bits, sizeof bits);
    }
    return table;
}

QString chromium() {
    return QStandardPaths::findExecutable("chromium");
}

QImage screenshot(const ScratchFolder& scratch, const QString& url, int width, int height) {
    const QString file = QString::fromStdString((scratch.path() / "screenshot.png").string());
    QFile::remove(file);
    runChromium(
        {"--screenshot=" + file, QStringLiteral("--window-size=%1,%2").arg(width).arg(height),
         "--virtual-time-budget=2000"},
        url);
    return QImage(file);
}

QString dumpDom(const ScratchFolder&, const QString& url) {
    return QString::fromUtf8(runChromium({"--dump-dom", "--virtual-time-budget=5000"}, url));
}

double meanDifference(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    if (x.size() != y.size() || x.isNull()) return 1;
    double sum = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
        const auto* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col)
            sum += std::abs(qRed(p[col]) - qRed(q[col])) +
                   std::abs(qGreen(p[col]) - qGreen(q[col])) +
                   std::abs(qBlue(p[col]) - qBlue(q[col]));
    }
    return sum / (3.0 * 255.0 * x.width() * x.height());
}

double meanInkDifference(const QImage& a, const QImage& b) {
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    if (x.size() != y.size() || x.isNull()) return 1;
    const QRgb white = qRgb(255, 255, 255);
    double sum = 0;
    long long inked = 0;
    for (int row = 0; row < x.height(); ++row) {
        const auto* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
        const auto* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            if ((p[col] & 0xffffff) == (white & 0xffffff) &&
                (q[col] & 0xffffff) == (white & 0xffffff))
                continue;
            ++inked;
            sum += std::abs(qRed(p[col]) - qRed(q[col])) +
                   std::abs(qGreen(p[col]) - qGreen(q[col])) +
                   std::abs(qBlue(p[col]) - qBlue(q[col]));
        }
    }
    return inked == 0 ? 0 : sum / (3.0 * 255.0 * double(inked));
}

}  // namespace mv::test
