#include "ui/export/html_export.h"

#include <QColor>
#include <QFile>
#include <QImage>

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <numbers>

#include "core/version.h"
#include "solver/api/element_placement.h"
#include "ui/export/frame_renderer.h"
#include "ui/export/png_encoding.h"
#include "ui/scene/element_item.h"
#include "ui/scene/image_library.h"
#include "ui/scene/thing_item.h"
#include "ui/timeline/time_markers.h"

// The player's files are compiled into the library (resources/player.qrc); a static library's
// resources are registered by hand, outside any namespace.
static void initPlayerResources() {
    Q_INIT_RESOURCE(player);
}

namespace mv {

namespace {

QByteArray playerFile(const char* name) {
    static std::once_flag registered;
    std::call_once(registered, initPlayerResources);
    QFile file(QStringLiteral(":/player/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

// The shortest text that reads back as the same double; `null` for what is not finite.
QByteArray number(double value) {
    if (!std::isfinite(value)) return "null";
    char buffer[32];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    return QByteArray(buffer, static_cast<qsizetype>(end - buffer));
}

// A JSON string; `<` escaped too, so nothing in it can close the <script> element it sits in.
QByteArray jsonString(const QString& text) {
    QByteArray out = "\"";
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u == '"' || u == '\\') {
            out += '\\';
            out += static_cast<char>(u);
        } else if (u < 0x20 || u == '<' || u == '>' || u == '&' || u == 0x2028 || u == 0x2029) {
            out += QStringLiteral("\\u%1").arg(int(u), 4, 16, QChar('0')).toLatin1();
        } else {
            out += QString(c).toUtf8();
        }
    }
    return out + '"';
}

QByteArray htmlEscaped(const QString& text) {
    return text.toHtmlEscaped().toUtf8();
}

// A pen colour as CSS reads it, from the colour Qt would paint with (named, #rgb, …).
QByteArray cssColour(const std::string& name) {
    QColor colour(QString::fromStdString(name));
    if (!colour.isValid()) colour = Qt::black;  // as ThingItem does
    return QStringLiteral("rgba(%1, %2, %3, %4)")
        .arg(colour.red())
        .arg(colour.green())
        .arg(colour.blue())
        .arg(QString::fromLatin1(number(colour.alphaF())))
        .toLatin1();
}

// The images the page draws, each embedded once however many things use it.
class PageImages {
public:
    explicit PageImages(ImageLibrary& images) : m_images(images) {}

    // The image's index in the page, or -1 when it cannot be drawn (null image).
    int add(const std::string& path) {
        const QString key = QString::fromStdString(path);
        if (const auto found = m_index.find(key); found != m_index.end()) return found->second;
        const QImage image = m_images.image(key);
        int index = -1;
        if (!image.isNull()) {
            // The decoded pixels, as the scene paints them (an SVG as Qt rendered it).
            index = static_cast<int>(m_elements.size());
            m_elements << QByteArray("<img class=\"mv-image\" id=\"mv-img-") +
                              QByteArray::number(index) +
                              "\" alt=\"\" src=\"data:image/png;base64," +
                              encodePng(image, 9).toBase64() + "\">";
        }
        m_index.emplace(key, index);
        return index;
    }
    QImage image(const std::string& path) { return m_images.image(QString::fromStdString(path)); }

    QByteArray elements() const { return m_elements.join('\n'); }
    QByteArray ids() const {
        QByteArrayList ids;
        for (qsizetype i = 0; i < m_elements.size(); ++i)
            ids << "\"mv-img-" + QByteArray::number(i) + "\"";
        return "[" + ids.join(',') + "]";
    }

private:
    ImageLibrary& m_images;
    std::map<QString, int> m_index;
    QByteArrayList m_elements;
};

QByteArray point(QPointF p) {
    return "[" + number(p.x()) + "," + number(p.y()) + "]";
}

QByteArray thingJson(const Thing& thing, ThingId id, PageImages& images) {
    QByteArray out = "{\"name\":" + jsonString(QString::fromStdString(thing.name));
    if (thing.kind == Thing::Kind::Bar) {
        QByteArrayList points;
        for (const Anchor& anchor : thing.anchors)
            points << point(ThingItem::itemPoint(anchor.local));
        return out + ",\"kind\":\"bar\",\"color\":\"" + cssColour(thing.color) +
               "\",\"width\":" + number(thing.lineWidth) + ",\"points\":[" + points.join(',') +
               "]}";
    }
    const int image = thing.imageMissing ? -1 : images.add(thing.imagePath);
    if (image >= 0) return out + ",\"kind\":\"image\",\"image\":" + QByteArray::number(image) + "}";
    const QRectF rect = ThingItem(thing, id, QImage(), false).boundingRect();
    return out + ",\"kind\":\"placeholder\",\"rect\":[" + number(rect.x()) + "," +
           number(rect.y()) + "," + number(rect.width()) + "," + number(rect.height()) + "]}";
}

// How many table values an element takes: none for `visual = none`, x and y for a point, bob,
// pivot and angle for a pendulum.
int elementValues(const Element& element) {
    if (element.visual.kind == ElementVisual::Kind::None) return 0;
    return element.kind == Element::Kind::Pendulum ? 5 : 2;
}

QByteArray elementJson(const Element& element, PageImages& images) {
    const ElementVisual& visual = element.visual;
    // An image visual that cannot be drawn stands in with the class visual, as on the canvas.
    const int image = visual.kind == ElementVisual::Kind::Image && !visual.imageMissing
                          ? images.add(visual.imagePath)
                          : -1;
    return "{\"name\":" + jsonString(QString::fromStdString(element.name)) + ",\"kind\":\"" +
           (element.kind == Element::Kind::Pendulum ? "pendulum" : "point") +
           "\",\"image\":" + QByteArray::number(image) +
           ",\"values\":" + QByteArray::number(elementValues(element)) + "}";
}

// The pose table of the frames, little-endian float32 (html_export.h says what is where).
QByteArray poseTable(const Animation& animation, FrameRange frames, int stride) {
    const Script& script = *animation.script;
    const double height = script.config.height;
    constexpr float kHidden = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> values;
    values.reserve(static_cast<size_t>(frames.count()) * static_cast<size_t>(stride));
    for (int f = frames.first; f <= frames.last; ++f) {
        const FrameSolution& frame = animation.frames[static_cast<size_t>(f)];
        for (ThingId id{0}; id < script.things.size(); ++id) {
            if (id >= frame.poses.size()) {
                values.insert(values.end(), {kHidden, kHidden, kHidden});
                continue;
            }
            const Pose& pose = frame.poses[id];
            values.push_back(static_cast<float>(pose.x));
            values.push_back(static_cast<float>(pose.y));
            values.push_back(static_cast<float>(std::remainder(pose.angle, 2 * std::numbers::pi)));
        }
        for (ElementId id{0}; id < script.elements.size(); ++id) {
            const Element& element = script.elements[id];
            const int count = elementValues(element);
            if (count == 0) continue;
            const auto placement = placeElement(script, id, frame);
            const auto points = placement
                                    ? ElementItem::scenePoints(element.visual, *placement, height)
                                    : std::nullopt;
            if (!points) {
                values.insert(values.end(), static_cast<size_t>(count), kHidden);
                continue;
            }
            values.push_back(static_cast<float>(points->body.x()));
            values.push_back(static_cast<float>(points->body.y()));
            if (count == 2) continue;
            values.push_back(static_cast<float>(points->pivot.x()));
            values.push_back(static_cast<float>(points->pivot.y()));
            values.push_back(static_cast<float>(placement->angle));
        }
    }
    QByteArray bytes;
    bytes.reserve(static_cast<qsizetype>(values.size() * 4));
    for (const float value : values) {
        uint32_t bits;
        static_assert(sizeof bits == sizeof value);
        std::memcpy(&bits, &value, sizeof bits);
        for (int shift = 0; shift < 32; shift += 8)
            bytes += static_cast<char>((bits >> shift) & 0xff);
    }
    return bytes;
}

QByteArray markersJson(const Animation& animation, FrameRange frames) {
    const double startTime = animation.plan.frames.empty() ? 0 : animation.plan.frames.front().time;
    QByteArrayList markers;
    for (const TimeMarker& marker : timeMarkers(*animation.script, startTime)) {
        if (!frames.contains(marker.frame)) continue;
        markers << "{\"frame\":" + QByteArray::number(marker.frame) +
                       ",\"time\":" + number(marker.time) +
                       ",\"label\":" + jsonString(marker.label) + "}";
    }
    return "[" + markers.join(',') + "]";
}

QByteArray tracesJson(const Script& script, const HtmlPageOptions& options) {
    QByteArrayList traces;
    for (const auto& [thing, anchor] : options.traces) {
        if (thing >= script.things.size() || anchor < 0 ||
            anchor >= static_cast<int>(script.things[thing].anchors.size()))
            continue;
        const Anchor& a = script.things[thing].anchors[static_cast<size_t>(anchor)];
        traces << "{\"thing\":" + QByteArray::number(static_cast<int>(thing)) +
                      ",\"anchor\":" + jsonString(QString::fromStdString(a.name)) + ",\"local\":[" +
                      number(a.local.x) + "," + number(a.local.y) + "]}";
    }
    return "[" + traces.join(',') + "]";
}

// The page template with its placeholders filled, each where the template has it (the values
// themselves are never searched, so a value may contain anything).
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

}  // namespace

QByteArray htmlPlayerPage(const Animation& animation, ImageLibrary& images,
                          const HtmlPageOptions& options) {
    if (!animation.script) return {};
    const Script& script = *animation.script;
    const FrameRange frames = options.frames.clampedTo(static_cast<int>(animation.frames.size()));
    if (frames.empty()) return {};
    PageImages pageImages(images);
    QByteArrayList things, elements;
    int stride = 0;
    for (ThingId id{0}; id < script.things.size(); ++id) {
        things << thingJson(script.things[id], id, pageImages);
        stride += 3;
    }
    for (const Element& element : script.elements) {
        elements << elementJson(element, pageImages);
        stride += elementValues(element);
    }
    QByteArrayList failed;
    for (int f = frames.first; f <= frames.last; ++f)
        if (animation.frames[static_cast<size_t>(f)].failed) failed << QByteArray::number(f);
    const Config& config = script.config;
    const QSize pixels = frameImageSize(config.width, config.height, options.scale);
    const double startTime = animation.plan.frames.empty() ? 0 : animation.plan.frames.front().time;
    const QByteArray data =
        "{\"format\":\"movimentum-player\",\"version\":" +
        jsonString(QString::fromUtf8(kVersion.data(), static_cast<qsizetype>(kVersion.size()))) +
        ",\"fps\":" + number(config.fps) + ",\"width\":" + number(config.width) +
        ",\"height\":" + number(config.height) + ",\"scale\":" + number(options.scale) +
        ",\"pixelWidth\":" + QByteArray::number(pixels.width()) +
        ",\"pixelHeight\":" + QByteArray::number(pixels.height()) +
        ",\"startTime\":" + number(startTime) + ",\"first\":" + QByteArray::number(frames.first) +
        ",\"count\":" + QByteArray::number(frames.count()) +
        ",\"markers\":" + markersJson(animation, frames) + ",\"failed\":[" + failed.join(',') +
        "],\"things\":[" + things.join(',') + "],\"elements\":[" + elements.join(',') +
        "],\"traces\":" + tracesJson(script, options) + ",\"images\":" + pageImages.ids() +
        ",\"stride\":" + QByteArray::number(stride) + ",\"table\":\"" +
        poseTable(animation, frames, stride).toBase64() + "\"}";
    const QString title = options.title.isEmpty() ? QStringLiteral("Movimentum") : options.title;
    return fillTemplate(
        playerFile("player.html"),
        {{"@GENERATOR@",
          "movimentum " + QByteArray(kVersion.data(), static_cast<qsizetype>(kVersion.size()))},
         {"@TITLE@", htmlEscaped(title)},
         {"@STYLE@", playerFile("player.css")},
         {"@IMAGES@", pageImages.elements()},
         {"@DATA@", data},
         {"@SCRIPT@", playerFile("player.js")}});
}

}  // namespace mv
