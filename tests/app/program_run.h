#pragma once
// Runs the real `movimentum` program through the shell, as a user does, and keeps what it printed
// on each stream and its exit code. `prefix` goes before the program (an `env` or `ulimit`
// setting).

#include <sys/wait.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace mv::test {

// 1 s at 10 fps (11 frames) of a 200×100 world with a bar turning by 90°.
inline const char* const kTurningRodScript =
    ".config(10, 200, 100);\n"
    "Rod : .bar A = [0,0] B = [50,0];\n"
    "@0  Rod.A = [100,50]; Rod.B = Rod.A + [50,0].rotate(90° * t);\n"
    "@1\n";

struct ProgramRun {
    std::string out;
    std::string err;
    int exitCode = -1;  // -1 when it did not exit normally (a crash or an abort)
};

inline std::string readWhole(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A folder of its own per test, removed afterwards. Made by mkdtemp, so two builds testing at once
// never share one; `name` only says in its name which test made it.
class ScratchFolder {
public:
    explicit ScratchFolder(const std::string& name) : m_path(madeFolder(name)) {}
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    ~ScratchFolder() { std::filesystem::remove_all(m_path); }
    const std::filesystem::path& path() const { return m_path; }
    std::string write(const std::string& file, const std::string& text) const {
        std::ofstream(m_path / file, std::ios::binary) << text;
        return (m_path / file).string();
    }

private:
    static std::filesystem::path madeFolder(const std::string& name) {
        std::string pattern =
            (std::filesystem::temp_directory_path() / ("movimentum_" + name + "_XXXXXX")).string();
        if (!mkdtemp(pattern.data()))
            throw std::filesystem::filesystem_error(
                "mkdtemp", pattern, std::error_code(errno, std::generic_category()));
        return pattern;
    }

    std::filesystem::path m_path;
};

// `arguments` is shell text: quote what needs quoting. Runs without a display, as in CI.
inline ProgramRun runMovimentum(const ScratchFolder& scratch, const std::string& arguments,
                                const std::string& prefix = "") {
    const auto out = scratch.path() / "stdout.txt", err = scratch.path() / "stderr.txt";
    const std::string command = prefix + " env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM " +
                                std::string(MOVIMENTUM_PROGRAM) + " " + arguments + " >'" +
                                out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(("(" + command + ")").c_str());
    ProgramRun run;
    run.out = readWhole(out);
    run.err = readWhole(err);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

}  // namespace mv::test
