// Smoke test of the sandbox: opens SCENE for a few frames under the current X display, saves a
// screenshot and checks it is a real picture (not blank, not one flat colour).
//   screenshot_smoke APP SCENE OUT.png
// ctest runs it as `xvfb-run -a screenshot_smoke ...` for every bundled scene.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>

#include "core/io/image_io.h"

namespace {

std::string quoted(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 4) {
        std::cerr << "usage: screenshot_smoke APP SCENE OUT.png\n";
        return 2;
    }
    const std::string app = argv[1], scene = argv[2], out = argv[3];
    std::error_code ec;
    std::filesystem::remove(out, ec);
    const std::string command = quoted(app) + " " + quoted(scene) + " --frames 5 --screenshot " + quoted(out);
    const int status = std::system(command.c_str());
    if (status != 0) {
        std::cerr << "FAIL: `" << command << "` exited with status " << status << "\n";
        return 1;
    }
    const cl::ImageLoadResult shot = cl::loadImageFile(out);
    if (!shot.ok()) {
        std::cerr << "FAIL: " << shot.error << "\n";
        return 1;
    }
    const cl::RgbaImage& img = *shot.image;
    double sum = 0.0, sumSq = 0.0;
    std::set<std::uint32_t> colours;
    const std::size_t count = static_cast<std::size_t>(img.width) * img.height;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint8_t* p = &img.pixels[i * 4];
        const double luma = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
        sum += luma;
        sumSq += luma * luma;
        if (colours.size() < 100000) colours.insert((std::uint32_t(p[0]) << 16) | (std::uint32_t(p[1]) << 8) | p[2]);
    }
    const double mean = sum / double(count);
    const double deviation = std::sqrt(std::max(0.0, sumSq / double(count) - mean * mean));
    std::cout << out << ": " << img.width << "x" << img.height << ", mean luma " << mean << ", deviation " << deviation
              << ", " << colours.size() << " distinct colours\n";
    // A blank or cleared-only frame has one or two colours and next to no deviation; the sandbox with
    // panels, sprites and overlays has thousands of colours.
    if (deviation < 8.0 || colours.size() < 200) {
        std::cerr << "FAIL: the screenshot looks blank\n";
        return 1;
    }
    return 0;
}
