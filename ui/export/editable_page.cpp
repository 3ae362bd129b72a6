#include "ui/export/editable_page.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <map>

#include "ui/export/page_template.h"

namespace mv {

namespace {

// The picture files the script uses, by the name it gives each (Thing::imageFile, as written):
// the page's worker finds them by these names, the player by their place in this order.
std::map<std::string, std::string> usedPictures(const Script& script) {
    std::map<std::string, std::string> pictures;
    for (const Thing& thing : script.things)
        if (thing.kind == Thing::Kind::Image && !thing.imageMissing)
            pictures.emplace(thing.imageFile, thing.imagePath);
    for (const Element& element : script.elements)
        if (element.visual.kind == ElementVisual::Kind::Image && !element.visual.imageMissing)
            pictures.emplace(element.visual.imageFile, element.visual.imagePath);
    return pictures;
}

QByteArray mimeType(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "jpg" || suffix == "jpeg") return "image/jpeg";
    if (suffix == "svg") return "image/svg+xml";
    if (suffix == "gif" || suffix == "bmp" || suffix == "webp") return "image/" + suffix.toLatin1();
    return "image/png";
}

// The text as a JSON string, `<` escaped so no text can end the <script> element it sits in.
QByteArray scriptString(const std::string& text) {
    const QByteArray array =
        QJsonDocument(QJsonArray{QString::fromStdString(text)}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2).replace("<", "\\u003c");
}

// The player's own markup (its stage, timeline and controls), as the player page has it: the
// editable page lays the same player beside its editor.
QByteArray playerMarkup() {
    const QByteArray page = playerFile("player.html");
    const qsizetype start = page.indexOf("<div id=\"mv-player\">");
    const qsizetype end = page.indexOf("<!-- /mv-player -->", start);
    return start < 0 || end < 0 ? QByteArray() : page.mid(start, end - start);
}

QByteArray readPart(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return {};
    }
    return file.readAll();
}

}  // namespace

QStringList editablePageParts() {
    return {"editable.html", "solver.js", "editor.js"};
}

QByteArray editablePage(const Script& script, const QString& partsFolder, QString* error) {
    QByteArrayList pictures;
    QStringList names;
    for (const auto& [name, path] : usedPictures(script)) {
        const QByteArray bytes = readPart(QString::fromStdString(path), error);
        if (!error->isEmpty()) return {};
        pictures << "<img class=\"mv-image\" id=\"mv-pic-" + QByteArray::number(names.size()) +
                        "\" alt=\"\" src=\"data:" + mimeType(QString::fromStdString(path)) +
                        ";base64," + bytes.toBase64() + "\">";
        names << QString::fromStdString(name);
    }
    std::map<QString, QByteArray> parts;
    for (const QString& part : editablePageParts()) {
        parts[part] = readPart(partsFolder + "/" + part, error);
        if (!error->isEmpty()) return {};
    }
    for (const QByteArray& code : {parts["solver.js"], parts["editor.js"]})
        if (code.contains("</script")) {
            *error = QStringLiteral("a part of the page holds \"</script\": it cannot be embedded");
            return {};
        }
    const QString name = QFileInfo(QString::fromStdString(script.source->name())).fileName();
    return fillTemplate(parts["editable.html"],
                        {{"@GENERATOR@", generatorName()},
                         {"@TITLE@", htmlEscaped(QFileInfo(name).completeBaseName())},
                         {"@NAME@", htmlEscaped(name)},
                         {"@IMAGES@", htmlEscaped(names.join('\n'))},
                         {"@STYLE@", playerFile("player.css")},
                         {"@PLAYER@", playerMarkup()},
                         {"@PICTURES@", pictures.join('\n')},
                         {"@SCRIPT@", scriptString(script.source->text())},
                         {"@SOLVER@", parts["solver.js"]},
                         {"@EDITOR@", parts["editor.js"]}});
}

}  // namespace mv
