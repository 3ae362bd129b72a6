#pragma once
// How the analyzer learns about a script's image files without touching the disk: core does no
// I/O (it is the same code for a file, an editor buffer or a fuzzer), so the layer that can read
// files answers for each name as the script writes it. The ui's answer decodes the image, so a
// zero-byte, corrupt, truncated or over-sized image is an error on its file name at analysis,
// like a missing one (docs/reference.md#diagnostics), instead of a placeholder at render time.

#include <string>

namespace mv {

struct ImageCheck {
    // Unsaved: a relative name in a script that has no folder yet (an editor's unsaved buffer),
    // so there is nowhere to look; a warning, not an error.
    enum class Status { Found, Missing, Unreadable, Unsaved };
    Status status = Status::Missing;
    std::string path;     // where the file was looked for (relative names resolved)
    std::string problem;  // Unreadable: why it cannot be drawn, e.g. "the file is empty"
    std::string warning;  // Found: what the user should still know (an SVG's skipped resources)
};

class ImageResolver {
public:
    virtual ~ImageResolver() = default;
    // `file` as written in the script (may be empty). May be called from a worker thread.
    virtual ImageCheck check(const std::string& file) const = 0;
    // The folder relative names are resolved against (shown in messages, watched by the editor).
    virtual std::string folder() const = 0;
};

}  // namespace mv
