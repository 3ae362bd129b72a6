// Export benchmarks on the pump sample (326 frames, 640×360), figures in docs/performance.md
// ("Export"):
//  - BM_Export/FORMAT/SCALE/FRAMES: a whole export at scale 1 (640×360) or 3 (1920×1080), with
//    frames/s, output bytes per frame, our peak memory above the start, ffmpeg's peak memory and
//    the CPU cores used (our CPU time and ffmpeg's over the wall time);
//  - BM_PngLevel/LEVEL/SCALE: encoding one frame as PNG at each zlib level (size and CPU time),
//    which chose ui/export/png_encoding.h's level.
// Run one export case per process (see the docs), so one case's freed memory cannot hide the next
// one's and ffmpeg's peak is that case's. Offscreen platform (set when unset).

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <QApplication>
#include <QDirIterator>
#include <QFileInfo>
#include <QTemporaryDir>

#include <atomic>
#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "bench/bench_scripts.h"
#include "ui/export/frame_exporter.h"
#include "ui/export/frame_renderer.h"
#include "ui/export/png_encoding.h"
#include "ui/export/video_encoder.h"
#include "ui/scene/image_library.h"

using namespace mv;

namespace {

const Animation& pump() {
    static const Animation animation = solveAnimation(bench::pumpSample());
    return animation;
}

// The pump's frames repeated until there are `count` (indices renumbered), for long exports.
Animation repeated(const Animation& base, int count) {
    Animation animation;
    animation.script = base.script;
    std::vector<FrameSolution> frames;
    for (int i = 0; i < count; ++i) {
        FrameSolution frame = base.frames[static_cast<size_t>(i) % base.frames.size()];
        frame.index = i;
        frames.push_back(std::move(frame));
    }
    animation.frames = AnimationFrames(std::move(frames));
    return animation;
}

long residentKb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return 0;
}

double cpuSeconds(int who) {
    rusage usage{};
    getrusage(who, &usage);
    auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

long childPeakKb() {
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return usage.ru_maxrss;
}

qint64 bytesUnder(const QString& path) {
    if (QFileInfo(path).isFile()) return QFileInfo(path).size();
    qint64 bytes = 0;
    for (QDirIterator it(path, QDir::Files); it.hasNext();) bytes += QFileInfo(it.next()).size();
    return bytes;
}

// Samples our resident memory every 5 ms while it lives; peak() is the most above the start.
class PeakMemory {
public:
    PeakMemory() : m_start(residentKb()), m_peak(m_start) {
        m_sampler = std::thread([this] {
            while (!m_done) {
                m_peak = std::max(m_peak.load(), residentKb());
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });
    }
    ~PeakMemory() { stop(); }
    long stop() {
        m_done = true;
        if (m_sampler.joinable()) m_sampler.join();
        return m_peak - m_start;
    }

private:
    long m_start;
    std::atomic<long> m_peak;
    std::atomic<bool> m_done = false;
    std::thread m_sampler;
};

void BM_Export(benchmark::State& state) {
    const auto format = static_cast<ExportFormat>(state.range(0));
    if (!formatInfo(format).sequence && VideoEncoder::findFfmpeg().isEmpty())
        return state.SkipWithError("ffmpeg is not installed");
    const Animation animation = repeated(pump(), static_cast<int>(state.range(2)));
    ImageLibrary images;
    long peakKb = 0;
    qint64 bytes = 0;
    const double cpuBefore = cpuSeconds(RUSAGE_SELF) + cpuSeconds(RUSAGE_CHILDREN);
    const auto wallBefore = std::chrono::steady_clock::now();
    for (auto _ : state) {
        QTemporaryDir dir;
        ExportOptions options;
        options.format = format;
        options.output = dir.filePath(QStringLiteral("out.") + formatInfo(format).suffix);
        options.scale = double(state.range(1));
        PeakMemory memory;
        const ExportResult result = exportAnimation(animation, images, options);
        peakKb = std::max(peakKb, memory.stop());
        if (result.outcome != ExportResult::Outcome::Done)
            return state.SkipWithError(result.message.toStdString().c_str());
        bytes = bytesUnder(options.output);
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallBefore).count();
    const double frames = double(animation.frames.size());
    state.SetLabel(formatInfo(format).name);
    state.counters["fps"] =
        benchmark::Counter(frames * double(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["bytes_per_frame"] = double(bytes) / frames;
    state.counters["peak_MB"] = double(peakKb) / 1024.0;
    state.counters["ffmpeg_peak_MB"] = double(childPeakKb()) / 1024.0;
    state.counters["cores"] =
        (cpuSeconds(RUSAGE_SELF) + cpuSeconds(RUSAGE_CHILDREN) - cpuBefore) / wall;
}
BENCHMARK(BM_Export)
    ->ArgNames({"format", "scale", "frames"})
    ->ArgsProduct({{int(ExportFormat::Png), int(ExportFormat::Svg), int(ExportFormat::Mp4),
                    int(ExportFormat::Webm), int(ExportFormat::Gif), int(ExportFormat::Apng)},
                   {1, 3},
                   {326}})
    // 3,000 frames: memory must not grow with the count (GIF included).
    ->Args({int(ExportFormat::Png), 1, 3000})
    ->Args({int(ExportFormat::Mp4), 1, 3000})
    ->Args({int(ExportFormat::Gif), 1, 3000})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kSecond);

void BM_PngLevel(benchmark::State& state) {
    ImageLibrary images;
    FrameRenderer renderer(images, pump().script, double(state.range(1)));
    const QImage frame = renderer.render(pump().frames[100]);
    qint64 bytes = 0;
    for (auto _ : state) bytes = encodePng(frame, int(state.range(0))).size();
    state.counters["bytes"] = double(bytes);
    state.counters["of_raw_pct"] =
        100.0 * double(bytes) / double(frame.width() * frame.height() * 3);
}
BENCHMARK(BM_PngLevel)
    ->ArgNames({"level", "scale"})
    ->ArgsProduct({{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 3}})
    ->Unit(benchmark::kMillisecond);

}  // namespace
