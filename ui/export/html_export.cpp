#include "ui/export/html_export.h"

#include <QImage>

#include <map>

#include "solver/api/player_data.h"
#include "ui/export/page_template.h"
#include "ui/export/png_encoding.h"
#include "ui/scene/image_library.h"

namespace mv {

namespace {

// The images the page draws, each embedded once however many things use it: the decoded pixels,
// as the scene paints them (an SVG as Qt rendered it).
class PageImages : public PlayerImages {
public:
    explicit PageImages(ImageLibrary& images) : m_images(images) {}

    int add(const std::string& path) override {
        const QString key = QString::fromStdString(path);
        if (const auto found = m_index.find(key); found != m_index.end()) return found->second;
        const QImage image = m_images.image(key);
        int index = -1;
        if (!image.isNull()) {
            index = static_cast<int>(m_elements.size());
            m_elements << QByteArray("<img class=\"mv-image\" id=\"") +
                              QByteArray::fromStdString(id(index)) +
                              "\" alt=\"\" src=\"data:image/png;base64," +
                              encodePng(image, 9).toBase64() + "\">";
        }
        m_index.emplace(key, index);
        return index;
    }
    std::vector<std::string> ids() const override {
        std::vector<std::string> ids;
        for (qsizetype i = 0; i < m_elements.size(); ++i) ids.push_back(id(static_cast<int>(i)));
        return ids;
    }
    QByteArray elements() const { return m_elements.join('\n'); }

private:
    static std::string id(int index) { return "mv-img-" + std::to_string(index); }

    ImageLibrary& m_images;
    std::map<QString, int> m_index;
    QByteArrayList m_elements;
};

}  // namespace

QByteArray htmlPlayerPage(const Animation& animation, ImageLibrary& images,
                          const HtmlPageOptions& options) {
    PageImages pageImages(images);
    const std::string data =
        playerData(animation, pageImages, {options.scale, options.frames, options.traces});
    if (data.empty()) return {};
    const QString title = options.title.isEmpty() ? QStringLiteral("Movimentum") : options.title;
    return fillTemplate(playerFile("player.html"), {{"@GENERATOR@", generatorName()},
                                                    {"@TITLE@", htmlEscaped(title)},
                                                    {"@STYLE@", playerFile("player.css")},
                                                    {"@IMAGES@", pageImages.elements()},
                                                    {"@DATA@", QByteArray::fromStdString(data)},
                                                    {"@SCRIPT@", playerFile("player.js")}});
}

}  // namespace mv
