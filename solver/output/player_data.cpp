#include "solver/api/player_data.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numbers>

#include "core/model/placeholder_box.h"
#include "core/model/time_markers.h"
#include "core/text/colour_name.h"
#include "core/version.h"
#include "solver/api/element_placement.h"
#include "solver/api/output_buffer.h"
#include "solver/output/json_writer.h"

namespace mv {

namespace {

std::string base64(const std::vector<uint8_t>& bytes) {
    static constexpr char kDigits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t left = bytes.size() - i;
        const uint32_t group = uint32_t(bytes[i]) << 16 |
                               (left > 1 ? uint32_t(bytes[i + 1]) << 8 : 0) |
                               (left > 2 ? uint32_t(bytes[i + 2]) : 0);
        out += kDigits[group >> 18 & 63];
        out += kDigits[group >> 12 & 63];
        out += left > 1 ? kDigits[group >> 6 & 63] : '=';
        out += left > 2 ? kDigits[group & 63] : '=';
    }
    return out;
}

// How many table values an element takes: none for `visual = none`, x and y for a point, bob,
// pivot and angle for a pendulum.
int elementValues(const Element& element) {
    if (element.visual.kind == ElementVisual::Kind::None) return 0;
    return element.kind == Element::Kind::Pendulum ? 5 : 2;
}

void writeThing(JsonWriter& json, const Thing& thing, PlayerImages& images) {
    json.beginObject().key("name").value(thing.name);
    if (thing.kind == Thing::Kind::Bar) {
        json.key("kind").value("bar").key("color").value(cssColour(thing.color));
        json.key("width").value(thing.lineWidth).key("points").beginArray();
        for (const Anchor& anchor : thing.anchors) json.pair(anchor.local.x, -anchor.local.y);
        json.endArray().endObject();
        return;
    }
    const int image = thing.imageMissing ? -1 : images.add(thing.imagePath);
    if (image >= 0) {
        json.key("kind").value("image").key("image").value(image).endObject();
        return;
    }
    const Box box = placeholderBox(thing);
    json.key("kind").value("placeholder").key("rect").beginArray();
    for (const double value : {box.x, box.y, box.width, box.height}) json.value(value);
    json.endArray().endObject();
}

void writeElement(JsonWriter& json, const Element& element, PlayerImages& images) {
    const ElementVisual& visual = element.visual;
    // An image visual that cannot be drawn stands in with the class visual, as on the canvas.
    const int image = visual.kind == ElementVisual::Kind::Image && !visual.imageMissing
                          ? images.add(visual.imagePath)
                          : -1;
    json.beginObject().key("name").value(element.name);
    json.key("kind").value(element.kind == Element::Kind::Pendulum ? "pendulum" : "point");
    json.key("image").value(image).key("values").value(elementValues(element)).endObject();
}

void appendFloat(std::vector<uint8_t>& bytes, double value) {
    const float single = static_cast<float>(value);
    uint32_t bits;
    static_assert(sizeof bits == sizeof single);
    std::memcpy(&bits, &single, sizeof bits);
    for (int shift = 0; shift < 32; shift += 8) bytes.push_back(uint8_t(bits >> shift & 0xff));
}

// The pose table of the frames (player_data.h says what is where).
std::vector<uint8_t> poseTable(const Animation& animation, FrameRange frames, int stride) {
    const Script& script = *animation.script;
    const double height = script.config.height;
    constexpr double kHidden = std::numeric_limits<double>::quiet_NaN();
    std::vector<uint8_t> bytes;
    bytes.reserve(size_t(frames.count()) * size_t(stride) * 4);
    for (int f = frames.first; f <= frames.last; ++f) {
        const FrameSolution& frame = animation.frames[static_cast<size_t>(f)];
        for (ThingId id{0}; id < script.things.size(); ++id) {
            const bool posed = id < frame.poses.size();
            appendFloat(bytes, posed ? frame.poses[id].x : kHidden);
            appendFloat(bytes, posed ? frame.poses[id].y : kHidden);
            appendFloat(bytes, posed ? std::remainder(frame.poses[id].angle, 2 * std::numbers::pi)
                                     : kHidden);
        }
        for (ElementId id{0}; id < script.elements.size(); ++id) {
            const Element& element = script.elements[id];
            const int count = elementValues(element);
            if (count == 0) continue;
            const auto placement = placeElement(script, id, frame);
            const auto points =
                placement ? scenePoints(element.visual, *placement, height) : std::nullopt;
            if (!points) {
                for (int i = 0; i < count; ++i) appendFloat(bytes, kHidden);
                continue;
            }
            appendFloat(bytes, points->body.x);
            appendFloat(bytes, points->body.y);
            if (count == 2) continue;
            appendFloat(bytes, points->pivot.x);
            appendFloat(bytes, points->pivot.y);
            appendFloat(bytes, placement->angle);
        }
    }
    return bytes;
}

void writeMarkers(JsonWriter& json, const Animation& animation, FrameRange frames,
                  double startTime) {
    json.key("markers").beginArray();
    for (const TimeMarker& marker : timeMarkers(*animation.script, startTime)) {
        if (!frames.contains(marker.frame)) continue;
        json.beginObject().key("frame").value(marker.frame).key("time").value(marker.time);
        json.key("label").value(marker.label).endObject();
    }
    json.endArray();
}

void writeTraces(JsonWriter& json, const Script& script, const PlayerDataOptions& options) {
    json.key("traces").beginArray();
    for (const auto& [thing, anchor] : options.traces) {
        if (thing >= script.things.size() || anchor < 0 ||
            anchor >= static_cast<int>(script.things[thing].anchors.size()))
            continue;
        const Anchor& a = script.things[thing].anchors[static_cast<size_t>(anchor)];
        json.beginObject().key("thing").value(static_cast<int>(thing)).key("anchor").value(a.name);
        json.key("local").pair(a.local.x, a.local.y).endObject();
    }
    json.endArray();
}

// `<` as \u003c: it only occurs in strings, where both read the same, and no name can then end
// the <script> element the data sits in.
std::string scriptSafe(const std::string& json) {
    std::string out;
    out.reserve(json.size());
    for (const char c : json) {
        if (c == '<') {
            out += "\\u003c";
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace

int framePixels(double length, double scale) {
    return std::max(1, static_cast<int>(std::lround(length * scale)));
}

std::string playerData(const Animation& animation, PlayerImages& images,
                       const PlayerDataOptions& options) {
    if (!animation.script) return {};
    const Script& script = *animation.script;
    const FrameRange frames = options.frames.clampedTo(static_cast<int>(animation.frames.size()));
    if (frames.empty()) return {};
    const Config& config = script.config;
    const double startTime = animation.plan.frames.empty() ? 0 : animation.plan.frames.front().time;
    std::string text;
    {
        OutputBuffer out(text);
        JsonWriter json(out);
        json.beginObject().key("format").value("movimentum-player");
        json.key("version").value(kVersion).key("fps").value(config.fps);
        json.key("width").value(config.width).key("height").value(config.height);
        json.key("scale").value(options.scale);
        json.key("pixelWidth").value(framePixels(config.width, options.scale));
        json.key("pixelHeight").value(framePixels(config.height, options.scale));
        json.key("startTime").value(startTime).key("first").value(frames.first);
        json.key("count").value(frames.count());
        writeMarkers(json, animation, frames, startTime);
        json.key("failed").beginArray();
        for (int f = frames.first; f <= frames.last; ++f)
            if (animation.frames[static_cast<size_t>(f)].failed) json.value(f);
        json.endArray();
        int stride = 0;
        json.key("things").beginArray();
        for (const Thing& thing : script.things) {
            writeThing(json, thing, images);
            stride += 3;
        }
        json.endArray().key("elements").beginArray();
        for (const Element& element : script.elements) {
            writeElement(json, element, images);
            stride += elementValues(element);
        }
        json.endArray();
        writeTraces(json, script, options);
        json.key("images").beginArray();
        for (const std::string& id : images.ids()) json.value(id);
        json.endArray().key("stride").value(stride);
        json.key("table").value(base64(poseTable(animation, frames, stride))).endObject();
    }
    return scriptSafe(text);
}

}  // namespace mv
