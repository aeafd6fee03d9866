#pragma once
// Helpers for the scene, image and check tests: a temporary folder, small images, text files.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>

#include <gtest/gtest.h>

#include "core/base/image.h"
#include "core/io/image_io.h"

namespace cl::testing {

/// A fresh folder under the system temporary folder, removed (with its contents) on destruction.
class TempFolder {
public:
    TempFolder() {
        std::string pattern = (std::filesystem::temp_directory_path() / "collision-lab-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        m_path = pattern;
    }
    ~TempFolder() {
        std::error_code ec;
        // Restore write permission first so a test that made a folder read-only can still be cleaned up.
        for (auto it = std::filesystem::recursive_directory_iterator(m_path, ec);
             !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
            std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
        }
        std::filesystem::remove_all(m_path, ec);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path operator/(const std::filesystem::path& relative) const { return m_path / relative; }

private:
    std::filesystem::path m_path;
};

/// An image whose pixel i has alpha alphas[i] and colour (i, 2i, 3i) (distinct, so mix-ups show).
inline RgbaImage imageWithAlphas(int width, int height, std::initializer_list<int> alphas) {
    RgbaImage image{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 4, 0)};
    int i = 0;
    for (int alpha : alphas) {
        auto* p = &image.pixels[static_cast<std::size_t>(i) * 4];
        p[0] = static_cast<std::uint8_t>(i);
        p[1] = static_cast<std::uint8_t>(2 * i);
        p[2] = static_cast<std::uint8_t>(3 * i);
        p[3] = static_cast<std::uint8_t>(alpha);
        ++i;
    }
    return image;
}

/// A fully opaque width x height image.
inline RgbaImage solidImage(int width, int height) {
    RgbaImage image{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 4, 255)};
    return image;
}

/// Writes `image` as a PNG file, creating parent folders; fails the test on error.
inline void writePng(const std::filesystem::path& file, const RgbaImage& image) {
    std::filesystem::create_directories(file.parent_path());
    std::string error = savePngFile(image, file);
    ASSERT_EQ(error, "") << "writing test image " << file;
}

/// Writes text (or bytes) to a file, creating parent folders.
inline void writeText(const std::filesystem::path& file, const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream out(file, std::ios::binary);
    out << text;
}

/// The whole contents of a file.
inline std::string readText(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// True when every pixel of both images is the same.
inline bool samePixels(const RgbaImage& a, const RgbaImage& b) {
    return a.width == b.width && a.height == b.height && a.pixels == b.pixels;
}

}  // namespace cl::testing
