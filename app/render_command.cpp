// `movimentum render FILE -o OUT [--format png|gif|mp4] [--scale S] [--frames A:B] [--force]`:
// argument parsing only; the rendering lives in ui/script_render.cpp.
//
// OUT is a folder for a PNG sequence (frame_0000.png, … named by frame index), a pattern with one
// printf integer directive (out/frame_%04d.png), or a file for GIF and MP4. Without --format the
// format follows OUT's suffix (.gif, .mp4), PNG otherwise. --frames A:B renders frames A to B-1
// (either side may be left out). Existing files are replaced only with --force (exit 2 otherwise).

#include <iostream>
#include <optional>

#include "app/commands.h"
#include "app/frame_range.h"
#include "app/headless_application.h"
#include "app/input_file.h"
#include "core/printable.h"
#include "ui/script_render.h"

namespace mv::app {

namespace {

struct RenderArgs {
    std::string file;
    ExportOptions options;
};

bool parseScale(const std::string& text, double& scale) {
    try {
        size_t used = 0;
        scale = std::stod(text, &used);
        return used == text.size() && scale > 0;
    } catch (const std::exception&) {
        return false;
    }
}

std::optional<RenderArgs> parse(const std::vector<std::string>& args) {
    RenderArgs parsed;
    std::optional<std::string> format;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const bool hasValue = i + 1 < args.size();
        if (arg == "--force") {
            parsed.options.overwrite = true;
        } else if ((arg == "-o" || arg == "--output") && hasValue) {
            parsed.options.output = QString::fromStdString(args[++i]);
        } else if (arg == "--format" && hasValue) {
            format = args[++i];
        } else if (arg == "--scale" && hasValue) {
            if (!parseScale(args[++i], parsed.options.scale)) {
                std::cerr << "render: --scale needs a positive number\n";
                return std::nullopt;
            }
        } else if (arg == "--frames" && hasValue) {
            const auto range = parseFrameRange(args[++i]);
            if (!range) {
                std::cerr
                    << "render: --frames needs A:B with 0 <= A < B (B excluded), or one frame A\n";
                return std::nullopt;
            }
            parsed.options.firstFrame = range->begin;
            parsed.options.endFrame = range->end;
        } else if (!arg.empty() && arg[0] != '-' && parsed.file.empty()) {
            parsed.file = arg;
        } else {
            std::cerr << "render: unexpected argument '" << printable(arg) << "'\n";
            return std::nullopt;
        }
    }
    if (parsed.file.empty() || parsed.options.output.isEmpty()) {
        std::cerr << "usage: movimentum render FILE -o OUT [--format png|gif|mp4] [--scale S] "
                     "[--frames A:B] [--force]\n";
        return std::nullopt;
    }
    parsed.options.format = formatForPath(parsed.options.output);
    if (format && !parseExportFormat(QString::fromStdString(*format), &parsed.options.format)) {
        std::cerr << "render: unknown format '" << printable(*format) << "' (png, gif or mp4)\n";
        return std::nullopt;
    }
    return parsed;
}

}  // namespace

int runRender(const std::vector<std::string>& args) {
    const std::optional<RenderArgs> parsed = parse(args);
    if (!parsed) return kUsageError;
    std::string problem;
    std::optional<std::string> text = readInputFile(parsed->file, &problem);
    if (!text) {
        std::cerr << "render: " << problem << '\n';
        return kUsageError;
    }
    const HeadlessApplication application;
    switch (renderScript(QString::fromStdString(parsed->file), std::move(*text), parsed->options,
                         std::cout, std::cerr)) {
        case RenderOutcome::Done:
            return kSuccess;
        case RenderOutcome::ScriptErrors:
            return kScriptErrors;
        case RenderOutcome::IoError:
            return kUsageError;
        case RenderOutcome::FramesFailed:
            return kFramesFailed;
    }
    return kUsageError;
}

}  // namespace mv::app
