#pragma once
// collision_lab_record.h: write a Collision Lab scene file from a running game, in one header.
//
// Standard library only (C++17), no link dependency: copy this file into any game (SFML, SDL, raylib,
// your own engine) or include it from an installed core as "core/record/collision_lab_record.h". Hand it each
// sprite's RGBA pixels (or a frame of a sprite sheet) and placement, optionally the answers the game
// saw, and it writes a scene that `collision-lab` opens and `collision-lab check --verify` checks:
//
//     cl::record::SceneRecorder recorder("ship hits rock?");
//     recorder.add({.name = "ship", .pixels = shipRgba, .width = 64, .height = 64,
//                   .position = {320, 200}, .rotationDeg = 30});
//     recorder.add({.name = "rock", .pixels = rockRgba, .width = 48, .height = 48, .position = {350, 210}});
//     recorder.expect({.a = "ship", .b = "rock", .algorithm = "pixel-fast", .hit = false});
//     std::string error = recorder.write("bug.json");   // empty on success
//
// Conventions (those of the scene file, see assets/README.md "Scene files"): position is the world position of the
// pivot, origin the pivot in the frame's pixels (default: the frame's centre), rotation in degrees with
// positive turning clockwise on a y-down screen (as SFML, SDL and raylib turn; pygame's rotate turns the
// other way, so pass minus its angle), scale per axis (negative flips), a pixel solid when its alpha >
// alphaThreshold. Names, title and notes are written as given and must be UTF-8. Images are embedded as
// PNG data: URIs, so the one file carries everything. The example uses C++20 designated initializers;
// the header itself needs only C++17.

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <vector>

namespace cl::record {

/// A rectangle of pixels inside an image: the frame of a sprite sheet a sprite shows.
struct PixelRect {
    int x = 0;
    int y = 0;
    int width = 0;   ///< 0 (with height 0) means the whole image.
    int height = 0;
};

/// One sprite as the game placed it.
struct Sprite {
    std::string name{};                        ///< Unique, non-empty, no '/'.
    const std::uint8_t* pixels = nullptr;      ///< RGBA, 8 bits per channel, top row first; read during add().
    int width = 0;                             ///< Width of the image `pixels` points at.
    int height = 0;                            ///< Height of the image `pixels` points at.
    int strideBytes = 0;                       ///< Bytes from one row to the next; 0 means width * 4.
    PixelRect frame;                           ///< The part of the image the sprite shows; default all of it.
    std::array<double, 2> position{0.0, 0.0};  ///< World position of the pivot.
    std::optional<std::array<double, 2>> origin{};  ///< Pivot in the frame's pixels; default its centre.
    double rotationDeg = 0.0;                  ///< Degrees, positive clockwise on screen (y down).
    std::array<double, 2> scale{1.0, 1.0};     ///< Per axis; negative flips.
    int alphaThreshold = 0;                    ///< 0..255: a pixel is solid when its alpha > this.
};

/// A pixel position, as in a collision test's first hit.
struct FirstHit {
    std::array<int, 2> a{0, 0};           ///< Pixel of A.
    std::array<int, 2> b{0, 0};           ///< Pixel of B.
    std::array<double, 2> world{0.0, 0.0};///< World position of the sample.
};

/// What the game saw for one pair and one test; written into the scene's `expect` block. Fields left
/// empty are not checked by `collision-lab check --verify`.
struct Expectation {
    std::string a{};                        ///< Name of the scanned sprite.
    std::string b{};                        ///< Name of the other sprite.
    std::string algorithm = "pixel-fast";   ///< A test name from `collision-lab check --help`.
    std::optional<bool> hit{};
    std::optional<long long> overlap{};      ///< Count of overlapping samples (the pixel tests).
    std::optional<double> overlapArea{};     ///< World area (pixel-exact only).
    std::optional<long long> samples{};
    /// The first overlapping sample; set `noFirstHit` instead to expect that there is none.
    std::optional<FirstHit> firstHit{};
    bool noFirstHit = false;
};

/// The scene loader's limits, mirrored so that this header needs nothing of the core (record_tests checks
/// that each equals the loader's own constant). The recorder refuses whatever would break one of them.
namespace limits {
inline constexpr int kMaxSprites = 256;                                  ///< cl::kMaxSceneSprites
inline constexpr int kMaxImageSide = 8192;                               ///< cl::kMaxImageSide
inline constexpr std::uint64_t kMaxImageBytes = 256ull * 1024 * 1024;    ///< cl::kMaxImageFileBytes (one embedded PNG)
inline constexpr std::uint64_t kMaxSceneFileBytes = 512ull * 1024 * 1024;///< cl::kMaxSceneFileBytes
inline constexpr std::int64_t kMaxScenePixels = 128ll * 1024 * 1024;     ///< cl::kMaxScenePixels
inline constexpr double kMaxCoordinate = 1.0e7;                          ///< cl::kMaxCoordinate
inline constexpr double kMinScale = 0.001;                               ///< cl::kMinScale
inline constexpr double kMaxScale = 1000.0;                              ///< cl::kMaxScale
inline constexpr std::uint64_t kMaxExpectValues = 1'000'000;             ///< cl::kMaxKeptPartValues (the expect block)
inline constexpr std::uint64_t kMaxExpectTextBytes = 16ull * 1024 * 1024;///< cl::kMaxKeptPartTextBytes (the expect block)
/// The names scene files give the sampling conventions (cl::samplingName).
inline constexpr std::array<const char*, 2> kSamplingNames = {"center", "xna"};
/// Every collision test's name: core's table (cl::coreAlgorithms) and the sandbox's "gpu" row.
inline constexpr std::array<const char*, 12> kAlgorithmNames = {
    "circle", "aabb", "tight-aabb", "obb", "polygon", "pixel-rect", "pixel-naive", "pixel-step", "pixel-fast", "pixel-world",
    "pixel-exact", "gpu"};
}  // namespace limits

namespace detail {

inline std::uint32_t crc32(const std::uint8_t* data, std::size_t size, std::uint32_t crc = 0) {
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    crc = ~crc;
    for (std::size_t i = 0; i < size; ++i) crc = table[(crc ^ data[i]) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

inline std::uint32_t adler32(const std::uint8_t* data, std::size_t size, std::uint32_t adler = 1) {
    std::uint32_t s1 = adler & 0xFFFFu, s2 = adler >> 16;
    // 5552 bytes is the most that can be summed before s2 could overflow 32 bits.
    while (size > 0) {
        const std::size_t n = size < 5552 ? size : 5552;
        for (std::size_t i = 0; i < n; ++i) {
            s1 += data[i];
            s2 += s1;
        }
        s1 %= 65521u;
        s2 %= 65521u;
        data += n;
        size -= n;
    }
    return (s2 << 16) | s1;
}

inline void putBigEndian(std::vector<std::uint8_t>& out, std::uint32_t v) {
    out.push_back(std::uint8_t(v >> 24));
    out.push_back(std::uint8_t(v >> 16));
    out.push_back(std::uint8_t(v >> 8));
    out.push_back(std::uint8_t(v));
}

inline void putChunk(std::vector<std::uint8_t>& png, const char type[4], const std::vector<std::uint8_t>& data) {
    putBigEndian(png, std::uint32_t(data.size()));
    const std::size_t typeAt = png.size();
    png.insert(png.end(), type, type + 4);
    png.insert(png.end(), data.begin(), data.end());
    putBigEndian(png, crc32(png.data() + typeAt, 4 + data.size()));
}

/// An 8-bit RGBA PNG of `height` rows of `width` pixels, each row `strideBytes` after the previous. The
/// image data is zlib with stored (uncompressed) deflate blocks: no compressor needed, any reader reads it.
inline std::vector<std::uint8_t> encodePng(const std::uint8_t* rgba, int width, int height, std::size_t strideBytes) {
    const std::size_t rowBytes = std::size_t(width) * 4;
    std::vector<std::uint8_t> raw;  // each row: filter type 0 (none), then its pixels
    raw.reserve((rowBytes + 1) * std::size_t(height));
    for (int y = 0; y < height; ++y) {
        raw.push_back(0);
        const std::uint8_t* row = rgba + strideBytes * std::size_t(y);
        raw.insert(raw.end(), row, row + rowBytes);
    }
    std::vector<std::uint8_t> zlib{0x78, 0x01};  // deflate, 32K window, no dictionary, check bits
    std::size_t at = 0;
    do {
        const std::size_t n = raw.size() - at < 65535 ? raw.size() - at : 65535;
        const bool last = at + n == raw.size();
        zlib.push_back(last ? 1 : 0);  // BFINAL, BTYPE 00 = stored
        zlib.push_back(std::uint8_t(n));
        zlib.push_back(std::uint8_t(n >> 8));
        zlib.push_back(std::uint8_t(~n));
        zlib.push_back(std::uint8_t(~n >> 8));
        zlib.insert(zlib.end(), raw.begin() + std::ptrdiff_t(at), raw.begin() + std::ptrdiff_t(at + n));
        at += n;
    } while (at < raw.size());
    putBigEndian(zlib, adler32(raw.data(), raw.size()));

    std::vector<std::uint8_t> png{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    std::vector<std::uint8_t> header;
    putBigEndian(header, std::uint32_t(width));
    putBigEndian(header, std::uint32_t(height));
    header.insert(header.end(), {8, 6, 0, 0, 0});  // 8 bits, RGBA, deflate, adaptive filters, no interlace
    putChunk(png, "IHDR", header);
    putChunk(png, "IDAT", zlib);
    putChunk(png, "IEND", {});
    return png;
}

inline std::string base64(const std::vector<std::uint8_t>& bytes) {
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const std::uint32_t v = (std::uint32_t(bytes[i]) << 16) | (std::uint32_t(bytes[i + 1]) << 8) | bytes[i + 2];
        for (int shift : {18, 12, 6, 0}) out.push_back(kAlphabet[(v >> shift) & 63u]);
    }
    if (i + 1 == bytes.size()) {
        const std::uint32_t v = std::uint32_t(bytes[i]) << 16;
        out += {kAlphabet[(v >> 18) & 63u], kAlphabet[(v >> 12) & 63u], '=', '='};
    } else if (i + 2 == bytes.size()) {
        const std::uint32_t v = (std::uint32_t(bytes[i]) << 16) | (std::uint32_t(bytes[i + 1]) << 8);
        out += {kAlphabet[(v >> 18) & 63u], kAlphabet[(v >> 12) & 63u], kAlphabet[(v >> 6) & 63u], '='};
    }
    return out;
}

/// The size in bytes of what encodePng() writes for a width x height image, without encoding it.
inline std::uint64_t pngBytes(int width, int height) {
    const std::uint64_t raw = (std::uint64_t(width) * 4 + 1) * std::uint64_t(height);
    const std::uint64_t blocks = raw == 0 ? 1 : (raw + 65534) / 65535;
    const std::uint64_t zlib = 2 + 5 * blocks + raw + 4;
    return 8 + (12 + 13) + (12 + zlib) + 12;  // signature, IHDR, IDAT, IEND
}

/// True when `text` is well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates or values past
/// U+10FFFF), as a JSON reader requires of every string.
inline bool validUtf8(const std::string& text) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* end = p + text.size();
    while (p < end) {
        const unsigned char c = *p;
        std::size_t length = 0;
        unsigned char lo = 0x80, hi = 0xBF;  // range of the second byte
        if (c < 0x80) length = 1;
        else if (c >= 0xC2 && c <= 0xDF) length = 2;
        else if (c == 0xE0) length = 3, lo = 0xA0;
        else if (c >= 0xE1 && c <= 0xEC) length = 3;
        else if (c == 0xED) length = 3, hi = 0x9F;
        else if (c >= 0xEE && c <= 0xEF) length = 3;
        else if (c == 0xF0) length = 4, lo = 0x90;
        else if (c >= 0xF1 && c <= 0xF3) length = 4;
        else if (c == 0xF4) length = 4, hi = 0x8F;
        else return false;
        if (std::size_t(end - p) < length) return false;
        for (std::size_t i = 1; i < length; ++i) {
            const unsigned char lowest = i == 1 ? lo : 0x80, highest = i == 1 ? hi : 0xBF;
            if (p[i] < lowest || p[i] > highest) return false;
        }
        p += length;
    }
    return true;
}

inline std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (unsigned char c : text) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20) {
                    char buffer[8];
                    std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
                    out += buffer;
                } else {
                    out += char(c);
                }
        }
    }
    return out + "\"";
}

/// The shortest decimal that reads back as the same double (the caller has checked it is finite).
inline std::string number(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

// Built by appending: GCC 12 gives a false -Wrestrict warning for "[" + std::string.
inline std::string pair(const std::array<double, 2>& v) {
    std::string out = "[";
    out.append(number(v[0])).append(", ").append(number(v[1])).append("]");
    return out;
}
inline std::string intPair(const std::array<int, 2>& v) {
    std::string out = "[";
    out.append(std::to_string(v[0])).append(", ").append(std::to_string(v[1])).append("]");
    return out;
}

inline bool finite(const std::array<double, 2>& v) { return std::isfinite(v[0]) && std::isfinite(v[1]); }

}  // namespace detail

/// Collects sprites and expectations, then writes them as one scene file. Every call refuses, with a
/// message and without changing the recorder, what would make the file break one of the scene loader's
/// rules (see `limits`), so a written file always loads.
class SceneRecorder {
public:
    /// A recorder for a scene with this title and free-text notes (shown beside the scene in the sandbox).
    /// Both must be UTF-8; write() refuses them otherwise.
    explicit SceneRecorder(std::string title = "", std::string notes = "")
        : m_title(std::move(title)), m_notes(std::move(notes)) {}

    /// "center" (the default) or "xna": how the sampled pixel tests sample (core/README.md "Rules, to the last
    /// rounding"). Returns an empty string, or why the name was refused (then the sampling is unchanged).
    std::string setSampling(std::string sampling) {
        for (const char* known : limits::kSamplingNames) {
            if (sampling == known) {
                m_sampling = std::move(sampling);
                return "";
            }
        }
        return "sampling " + detail::quoted(sampling) + ": must be \"center\" or \"xna\"";
    }

    /// Copies the sprite's frame into the recorder (the pixels may change afterwards). Returns an empty
    /// string, or why the sprite was refused (and then nothing was added).
    std::string add(const Sprite& sprite) {
        std::string problem = check(sprite);
        if (!problem.empty()) return "sprite " + detail::quoted(sprite.name) + ": " + problem;
        const bool whole = sprite.frame.width == 0 && sprite.frame.height == 0;
        const PixelRect frame = whole ? PixelRect{0, 0, sprite.width, sprite.height} : sprite.frame;
        const std::size_t stride = sprite.strideBytes ? std::size_t(sprite.strideBytes) : std::size_t(sprite.width) * 4;
        const std::uint8_t* first = sprite.pixels + stride * std::size_t(frame.y) + std::size_t(frame.x) * 4;
        std::string text = spriteJson(sprite, detail::encodePng(first, frame.width, frame.height, stride));
        // The sprites alone must leave the file under the loader's size limit; write() checks the whole file.
        if (m_spriteBytes + text.size() > limits::kMaxSceneFileBytes) {
            return "sprite " + detail::quoted(sprite.name) + ": the scene file would hold more than " +
                   std::to_string(limits::kMaxSceneFileBytes) + " bytes, the scene loader's limit";
        }
        m_spriteBytes += text.size();
        m_pixels += std::int64_t(frame.width) * frame.height;
        m_names.insert(sprite.name);
        m_sprites.push_back(std::move(text));
        return "";
    }

    /// Records what the game saw for the pair (a, b). Returns an empty string, or why it was refused (and
    /// then nothing was recorded).
    std::string expect(const Expectation& e) {
        const std::string where = "expect " + e.a + "/" + e.b + ": ";
        if (!m_names.count(e.a) || !m_names.count(e.b)) return where + "add both sprites first";
        if (e.a == e.b) return where + "a sprite cannot be paired with itself";
        bool known = false;
        std::string names;
        for (const char* name : limits::kAlgorithmNames) {
            known = known || e.algorithm == name;
            names += (names.empty() ? "" : ", ") + std::string(name);
        }
        if (!known) return where + "unknown algorithm " + detail::quoted(e.algorithm) + " (known: " + names + ")";
        if (e.overlap && *e.overlap < 0) return where + "overlap must not be negative";
        if (e.samples && *e.samples < 0) return where + "samples must not be negative";
        if (e.overlapArea && !(std::isfinite(*e.overlapArea) && *e.overlapArea >= 0.0)) {
            return where + "overlapArea must be a finite number >= 0";
        }
        if (e.firstHit && !detail::finite(e.firstHit->world)) return where + "firstHit.world must be finite";
        const std::string key = e.a + "/" + e.b;
        auto pair = m_pairIndex.find(key);
        if (pair != m_pairIndex.end() && m_pairs[pair->second].algorithms.count(e.algorithm)) {
            return where + e.algorithm + " is already expected for this pair";
        }
        // The loader keeps the expect block as written and bounds its values and text (cl::JsonLimits).
        std::uint64_t values = 1, text = e.algorithm.size();
        if (pair == m_pairIndex.end()) values += 1, text += key.size();
        auto field = [&](std::size_t keyBytes, std::uint64_t fieldValues) { values += fieldValues, text += keyBytes; };
        if (e.hit) field(3, 1);
        if (e.overlap) field(7, 1);
        if (e.overlapArea) field(12, 1);
        if (e.samples) field(7, 1);
        if (e.firstHit) field(9 + 1 + 1 + 5, 1 + 3 * 3);  // {"a": [x, y], "b": [x, y], "world": [x, y]}
        else if (e.noFirstHit) field(9, 1);
        if (m_expectValues + values > limits::kMaxExpectValues || m_expectText + text > limits::kMaxExpectTextBytes) {
            return where + "the expect block would exceed the scene loader's limits (" +
                   std::to_string(limits::kMaxExpectValues) + " values, " + std::to_string(limits::kMaxExpectTextBytes) +
                   " bytes of names)";
        }
        m_expectValues += values;
        m_expectText += text;
        if (pair == m_pairIndex.end()) {
            pair = m_pairIndex.emplace(key, m_pairs.size()).first;
            m_pairs.push_back(Pair{key, {}, ""});
        }
        Pair& p = m_pairs[pair->second];
        p.algorithms.insert(e.algorithm);
        p.text += (p.text.empty() ? "" : ", ") + detail::quoted(e.algorithm) + ": {" + fields(e) + "}";
        return "";
    }

    /// The scene file's text (JSON).
    std::string json() const {
        std::string out = "{\n  \"format\": \"collision-lab/scene\",\n  \"version\": 1,\n";
        out += "  \"title\": " + detail::quoted(m_title) + ",\n";
        out += "  \"notes\": " + detail::quoted(m_notes) + ",\n";
        out += "  \"sampling\": " + detail::quoted(m_sampling) + ",\n";
        out += "  \"sprites\": [";
        for (std::size_t i = 0; i < m_sprites.size(); ++i) out.append(i ? ",\n    " : "\n    ").append(m_sprites[i]);
        out += "\n  ],\n  \"expect\": {";
        // The file keeps the order in which pairs were first expected.
        for (std::size_t p = 0; p < m_pairs.size(); ++p) {
            out.append(p ? ",\n    " : "\n    ").append(detail::quoted(m_pairs[p].key)).append(": {").append(m_pairs[p].text).append("}");
        }
        out += m_pairs.empty() ? "}\n}\n" : "\n  }\n}\n";
        return out;
    }

    /// Writes the scene to `file` atomically: a temporary file beside it, then a rename over it, so a
    /// reader never sees half a file and a failed write leaves an existing `file` unchanged. Returns an
    /// empty string on success, otherwise a message naming the file and the problem.
    std::string write(const std::filesystem::path& file) const {
        if (m_sprites.size() < 2) return file.string() + ": a scene needs at least two sprites";
        if (!detail::validUtf8(m_title)) return file.string() + ": the title is not UTF-8";
        if (!detail::validUtf8(m_notes)) return file.string() + ": the notes are not UTF-8";
        // The output rule of core/io/atomic_file.h, restated here because this header stands alone: never
        // put a regular file in the place of a folder, device, FIFO or socket.
        std::error_code status;
        const std::filesystem::file_status target = std::filesystem::status(file, status);
        if (std::filesystem::is_directory(target)) return file.string() + ": cannot save: is a folder";
        if (std::filesystem::exists(target) && !std::filesystem::is_regular_file(target)) {
            return file.string() + ": cannot save: not a regular file (a device, FIFO or socket); refusing to replace it";
        }
        const std::string text = json();
        if (text.size() > limits::kMaxSceneFileBytes) {
            return file.string() + ": the scene would be " + std::to_string(text.size()) + " bytes; the scene loader reads at most " +
                   std::to_string(limits::kMaxSceneFileBytes);
        }
        std::filesystem::path temporary = file;
        temporary += ".recording.tmp";
        {
            std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
            if (!out) return file.string() + ": cannot create " + temporary.string();
            out.write(text.data(), std::streamsize(text.size()));
            out.flush();
            if (!out) {
                out.close();
                std::error_code ignored;
                std::filesystem::remove(temporary, ignored);
                return file.string() + ": cannot write (disk full?)";
            }
        }
        std::error_code ec;
        std::filesystem::rename(temporary, file, ec);
        if (ec) {
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            return file.string() + ": cannot replace: " + ec.message();
        }
        return "";
    }

private:
    struct Pair {
        std::string key;                   // "A/B"
        std::set<std::string> algorithms;  // the tests expected for it
        std::string text;                  // "\"pixel-fast\": {...}, ..."
    };

    std::string check(const Sprite& s) const {
        if (m_sprites.size() >= std::size_t(limits::kMaxSprites)) {
            return "a scene holds at most " + std::to_string(limits::kMaxSprites) + " sprites";
        }
        if (s.name.empty()) return "name must not be empty";
        if (s.name.find('/') != std::string::npos) return "name must not contain '/'";
        if (!detail::validUtf8(s.name)) return "name must be UTF-8";
        if (m_names.count(s.name)) return "name already used by another sprite";
        if (!s.pixels) return "no pixels";
        if (s.width <= 0 || s.height <= 0) return "width and height must be positive";
        // In 64 bits: width * 4 overflows an int for the widest images.
        if (s.strideBytes != 0 && std::int64_t(s.strideBytes) < std::int64_t(s.width) * 4) return "strideBytes is less than width * 4";
        const bool whole = s.frame.width == 0 && s.frame.height == 0;
        if (!whole && (s.frame.x < 0 || s.frame.y < 0 || s.frame.width <= 0 || s.frame.height <= 0 ||
                       s.frame.x > s.width - s.frame.width || s.frame.y > s.height - s.frame.height)) {
            return "frame must lie inside the image";
        }
        const int frameWidth = whole ? s.width : s.frame.width, frameHeight = whole ? s.height : s.frame.height;
        if (frameWidth > limits::kMaxImageSide || frameHeight > limits::kMaxImageSide) {
            return "the scene loader reads images of at most " + std::to_string(limits::kMaxImageSide) + " x " +
                   std::to_string(limits::kMaxImageSide);
        }
        // The loader reads a data URI's payload only when its decoded size, rounded up to whole base64 groups,
        // is within the limit.
        if ((detail::pngBytes(frameWidth, frameHeight) + 2) / 3 * 3 > limits::kMaxImageBytes) {
            return "its PNG would be more than " + std::to_string(limits::kMaxImageBytes) +
                   " bytes, the most the scene loader reads of one image (the recorder does not compress)";
        }
        // The loader counts each distinct image once; counting every sprite refuses nothing loadable, since
        // that many pixels, uncompressed and in base64, would already break the file size limit.
        if (m_pixels + std::int64_t(frameWidth) * frameHeight > limits::kMaxScenePixels) {
            return "the scene's images would hold more than " + std::to_string(limits::kMaxScenePixels) + " pixels together";
        }
        auto coordinate = [](const std::array<double, 2>& v) {
            return detail::finite(v) && std::fabs(v[0]) <= limits::kMaxCoordinate && std::fabs(v[1]) <= limits::kMaxCoordinate;
        };
        auto scale = [](double v) { return std::isfinite(v) && std::fabs(v) >= limits::kMinScale && std::fabs(v) <= limits::kMaxScale; };
        if (!coordinate(s.position)) return "position must be finite, each |coordinate| <= 1e7";
        if (s.origin && !coordinate(*s.origin)) return "origin must be finite, each |coordinate| <= 1e7";
        if (!std::isfinite(s.rotationDeg)) return "rotationDeg must be finite";
        if (!scale(s.scale[0]) || !scale(s.scale[1])) return "scale must have each |value| in [0.001, 1000]";
        if (s.alphaThreshold < 0 || s.alphaThreshold > 255) return "alphaThreshold must be in 0..255";
        return "";
    }

    // One entry of "sprites", its image embedded.
    static std::string spriteJson(const Sprite& s, const std::vector<std::uint8_t>& png) {
        std::string out = "{\"name\": " + detail::quoted(s.name);
        out += ", \"position\": " + detail::pair(s.position);
        if (s.origin) out += ", \"origin\": " + detail::pair(*s.origin);
        out += ", \"rotation_deg\": " + detail::number(s.rotationDeg);
        out += ", \"scale\": " + detail::pair(s.scale);
        out += ", \"alpha_threshold\": " + std::to_string(s.alphaThreshold);
        out += ",\n     \"image\": \"data:image/png;base64,";
        out += detail::base64(png);
        out += "\"}";
        return out;
    }

    static std::string fields(const Expectation& e) {
        std::string out;
        auto add = [&out](const std::string& name, const std::string& value) {
            out += (out.empty() ? "" : ", ") + detail::quoted(name) + ": " + value;
        };
        if (e.hit) add("hit", *e.hit ? "true" : "false");
        if (e.overlap) add("overlap", std::to_string(*e.overlap));
        if (e.overlapArea) add("overlap_area", detail::number(*e.overlapArea));
        if (e.samples) add("samples", std::to_string(*e.samples));
        if (e.firstHit) {
            add("first_hit", "{\"a\": " + detail::intPair(e.firstHit->a) + ", \"b\": " + detail::intPair(e.firstHit->b) +
                                 ", \"world\": " + detail::pair(e.firstHit->world) + "}");
        } else if (e.noFirstHit) {
            add("first_hit", "null");
        }
        return out;
    }

    std::string m_title;
    std::string m_notes;
    std::string m_sampling = "center";
    std::vector<std::string> m_sprites;  // each sprite's entry of "sprites", as written
    std::set<std::string> m_names;
    std::uint64_t m_spriteBytes = 0;
    std::int64_t m_pixels = 0;
    std::vector<Pair> m_pairs;  // in the order first expected
    std::map<std::string, std::size_t> m_pairIndex;
    std::uint64_t m_expectValues = 1;  // the expect object itself
    std::uint64_t m_expectText = 0;
};

}  // namespace cl::record
