#include "solver/api/solve_output.h"

#include <cmath>
#include <limits>
#include <string>

#include "core/text/utf8.h"
#include "core/version.h"
#include "solver/output/frame_fields.h"
#include "solver/output/json_writer.h"

namespace mv {

namespace {

void writeDiagnostics(JsonWriter& json, const SourceText& source,
                      const std::vector<Diagnostic>& list) {
    json.beginArray();
    for (const Diagnostic& d : list) {
        const LineColumn at = source.location(d.range.begin);
        json.beginObject();
        json.key("severity").value(severityName(d.severity));
        json.key("line").value(at.line);
        json.key("column").value(at.column);
        json.key("message").value(d.message);
        json.endObject();
    }
    json.endArray();
}

// Groups become objects, points [x, y] pairs, an undefined group null (its fields are not
// written).
class JsonFrameSink final : public FrameFieldSink {
public:
    JsonFrameSink(JsonWriter& json, const Script& script) : m_json(json), m_script(script) {}

    void beginGroup(std::string_view name) override {
        if (m_undefined > 0) {
            ++m_undefined;
            return;
        }
        m_json.key(name).beginObject();
    }
    void beginUndefinedGroup(std::string_view name) override {
        if (m_undefined++ == 0) m_json.key(name).value(std::numeric_limits<double>::quiet_NaN());
    }
    void endGroup() override {
        if (m_undefined > 0) {
            --m_undefined;
            return;
        }
        m_json.endObject();
    }
    void number(std::string_view name, double value) override {
        if (m_undefined == 0) m_json.key(name).value(value);
    }
    void integer(std::string_view name, int value) override {
        if (m_undefined == 0) m_json.key(name).value(value);
    }
    void text(std::string_view name, std::string_view value) override {
        if (m_undefined == 0) m_json.key(name).value(value);
    }
    void boolean(std::string_view name, bool value) override {
        if (m_undefined == 0) m_json.key(name).value(value);
    }
    void point(std::string_view name, Vec2 value) override {
        if (m_undefined == 0) m_json.key(name).pair(value.x, value.y);
    }
    void summary(const FrameSummary& summary) override {
        m_json.key("summary").beginObject();
        m_json.key("termination").value(terminationName(summary.termination));
        m_json.key("iterations").value(summary.iterations);
        m_json.key("substeps").value(summary.substeps);
        m_json.key("largestResidual").value(summary.largestResidual);
        m_json.key("deadCentre").value(summary.deadCentre);
        m_json.key("substepLimit").value(summary.substepLimit);
        m_json.key("off").beginArray();
        for (const FrameSummary::Off& off : summary.off) {
            const LineColumn at =
                m_script.source->location(m_script.constraints[off.constraint].range.begin);
            m_json.beginObject();
            m_json.key("line").value(at.line);
            m_json.key("column").value(at.column);
            m_json.key("by").value(off.by);
            m_json.endObject();
        }
        m_json.endArray().endObject();
    }

private:
    JsonWriter& m_json;
    const Script& m_script;
    int m_undefined = 0;  // depth inside an undefined group
};

// One cell per field; a point is two. In header mode it writes the columns' names (the path of
// groups to the field, joined by '.'), otherwise the values.
class CsvFrameSink final : public FrameFieldSink {
public:
    CsvFrameSink(OutputBuffer& out, bool header) : m_out(out), m_header(header) {}

    void beginGroup(std::string_view name) override {
        m_path.push_back(m_prefix.size());
        m_prefix.append(name).push_back('.');
    }
    void endGroup() override {
        m_prefix.resize(m_path.back());
        m_path.pop_back();
    }
    void number(std::string_view name, double value) override {
        if (!cell(name)) return;
        if (std::isfinite(value)) m_out.number(value);  // empty: pandas reads NaN
    }
    void integer(std::string_view name, int value) override {
        if (cell(name)) m_out.integer(value);
    }
    void text(std::string_view name, std::string_view value) override {
        if (cell(name)) quoted(value);
    }
    void boolean(std::string_view name, bool value) override {
        if (cell(name)) m_out.put(value ? "true" : "false");
    }
    void point(std::string_view name, Vec2 value) override {
        beginGroup(name);
        number("x", value.x);
        number("y", value.y);
        endGroup();
    }
    void summary(const FrameSummary&) override {}

    void endRow() { m_out.put('\n'); }

private:
    // Starts a cell; true when the caller is to write the value (false: the header was written).
    bool cell(std::string_view name) {
        if (m_cells++ > 0) m_out.put(',');
        if (!m_header) return true;
        quoted(m_prefix + std::string(name));
        return false;
    }

    // Names are identifiers, but a field with a comma, a quote or a line break is quoted. Bytes
    // that are not UTF-8 (from an image name) become U+FFFD: a CSV reader decodes UTF-8.
    void quoted(std::string_view raw) {
        const std::string text = validUtf8(raw);
        if (text.find_first_of(",\"\r\n") == std::string_view::npos) return m_out.put(text);
        m_out.put('"');
        for (const char c : text) {
            if (c == '"') m_out.put('"');
            m_out.put(c);
        }
        m_out.put('"');
    }

    OutputBuffer& m_out;
    const bool m_header;
    std::string m_prefix;        // "things.Crank." inside those groups
    std::vector<size_t> m_path;  // m_prefix's length before each open group
    int m_cells = 0;
};

}  // namespace

bool writeSolveJson(OutputBuffer& out, const SourceText& source,
                    const std::vector<Diagnostic>& diagnostics, const Animation& animation,
                    const FrameRange& range) {
    std::vector<int> frames;
    for (size_t i = 0; i < animation.frames.size(); ++i)
        if (range.contains(animation.frames[i].index)) frames.push_back(static_cast<int>(i));
    return writeSolveJson(out, source, diagnostics, animation, frames);
}

bool writeSolveJson(OutputBuffer& out, const SourceText& source,
                    const std::vector<Diagnostic>& diagnostics, const Animation& animation,
                    std::span<const int> frames) {
    const Script& script = *animation.script;
    JsonWriter json(out);
    json.beginObject();
    json.key("format").value("movimentum-solve");
    json.key("version").value(kVersion);
    json.key("fps").value(script.config.fps);
    json.key("width").value(script.config.width);
    json.key("height").value(script.config.height);
    json.key("diagnostics");
    writeDiagnostics(json, source, diagnostics);
    json.key("frames").beginArray();
    bool failed = false;
    JsonFrameSink sink(json, script);
    const FrameFields fields(script);
    for (const int index : frames) {
        const FrameSolution& frame = animation.frames[static_cast<size_t>(index)];
        json.beginObject();
        fields.write(frame, sink);
        json.endObject();
        failed = failed || frame.failed;
    }
    json.endArray().endObject();
    out.put('\n');
    return !failed;
}

bool writeSolveCsv(OutputBuffer& out, const Animation& animation, const FrameRange& range) {
    const Script& script = *animation.script;
    bool failed = false, header = true;
    const FrameFields fields(script);
    for (const FrameSolution& frame : animation.frames) {
        if (!range.contains(frame.index)) continue;
        if (header) {
            CsvFrameSink names(out, true);
            fields.write(frame, names);
            names.endRow();
            header = false;
        }
        CsvFrameSink row(out, false);
        fields.write(frame, row);
        row.endRow();
        failed = failed || frame.failed;
    }
    return !failed;
}

}  // namespace mv
