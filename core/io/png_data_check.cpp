#include "core/io/png_data_check.h"

#include <array>
#include <vector>

#include <zlib.h>

namespace cl {
namespace {

std::uint32_t be32(std::span<const std::uint8_t> b, std::size_t at) {
    return std::uint32_t(b[at]) << 24 | std::uint32_t(b[at + 1]) << 16 | std::uint32_t(b[at + 2]) << 8 | std::uint32_t(b[at + 3]);
}

bool isType(std::span<const std::uint8_t> b, std::size_t at, const char (&type)[5]) {
    return b[at] == std::uint8_t(type[0]) && b[at + 1] == std::uint8_t(type[1]) && b[at + 2] == std::uint8_t(type[2]) &&
           b[at + 3] == std::uint8_t(type[3]);
}

/// Samples per pixel of a PNG colour type, or 0 for a type the format does not define.
std::uint64_t samplesPerPixel(std::uint8_t colourType) {
    switch (colourType) {
        case 0: return 1;  // grey
        case 2: return 3;  // RGB
        case 3: return 1;  // palette index
        case 4: return 2;  // grey + alpha
        case 6: return 4;  // RGBA
        default: return 0;
    }
}

/// Bytes of filtered image data for a w×h image: each row is a filter byte and its packed samples.
std::uint64_t filteredBytes(std::uint64_t w, std::uint64_t h, std::uint64_t bitsPerPixel) {
    if (w == 0 || h == 0) return 0;
    return h * (1 + (w * bitsPerPixel + 7) / 8);
}

/// The filtered data of the whole image: one block, or Adam7's seven passes one after another.
std::uint64_t expectedFilteredBytes(std::uint64_t w, std::uint64_t h, std::uint64_t bitsPerPixel, bool interlaced) {
    if (!interlaced) return filteredBytes(w, h, bitsPerPixel);
    struct Pass { std::uint64_t x0, y0, dx, dy; };
    constexpr std::array<Pass, 7> kAdam7 = {{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}};
    std::uint64_t total = 0;
    for (const Pass& p : kAdam7) {
        const std::uint64_t pw = w > p.x0 ? (w - p.x0 + p.dx - 1) / p.dx : 0;
        const std::uint64_t ph = h > p.y0 ? (h - p.y0 + p.dy - 1) / p.dy : 0;
        total += filteredBytes(pw, ph, bitsPerPixel);
    }
    return total;
}

/// Inflates the IDAT chunks' data, one after another, into a small reused buffer, counting the bytes;
/// stops once more than `expected` came out.
std::optional<std::string> inflatedSizeProblem(const std::vector<std::span<const std::uint8_t>>& chunks, bool rawDeflate,
                                                std::uint64_t expected) {
    z_stream z{};
    if (inflateInit2(&z, rawDeflate ? -MAX_WBITS : MAX_WBITS) != Z_OK) return std::string("zlib could not start");
    std::vector<std::uint8_t> out(64 * 1024);
    std::uint64_t produced = 0;
    int status = Z_OK;
    for (std::size_t next = 0; status == Z_OK || (status == Z_BUF_ERROR && next < chunks.size());) {
        if (z.avail_in == 0) {
            if (next == chunks.size()) break;  // the data ran out before the stream ended
            z.next_in = const_cast<Bytef*>(chunks[next].data());
            z.avail_in = uInt(chunks[next].size());
            ++next;
        }
        z.next_out = out.data();
        z.avail_out = uInt(out.size());
        status = inflate(&z, Z_NO_FLUSH);
        produced += out.size() - z.avail_out;
        if (produced > expected) break;
    }
    const std::string zlibSays = z.msg ? std::string(" (zlib: ") + z.msg + ")" : std::string();
    inflateEnd(&z);
    if (produced > expected) return "its pixel data is longer than the image (" + std::to_string(expected) + " bytes)";
    if (status == Z_DATA_ERROR || status == Z_NEED_DICT || status == Z_MEM_ERROR || status == Z_STREAM_ERROR)
        return "its compressed pixel data is corrupt" + zlibSays;
    if (status != Z_STREAM_END) return "its compressed pixel data ends early (the file was cut short)";
    if (produced < expected)
        return "its pixel data is " + std::to_string(produced) + " bytes, the image needs " + std::to_string(expected);
    return std::nullopt;
}

}  // namespace

std::optional<std::string> pngDataProblem(std::span<const std::uint8_t> bytes) {
    constexpr std::size_t kSignatureBytes = 8;
    std::size_t at = kSignatureBytes;
    std::uint64_t width = 0, height = 0, bitsPerPixel = 0;
    bool interlaced = false, sawHeader = false, appleCgbi = false, sawEnd = false;
    std::vector<std::span<const std::uint8_t>> stream;
    while (!sawEnd) {
        if (at + 12 > bytes.size()) return std::string("a chunk runs past the end of the file (the file was cut short)");
        const std::uint64_t length = be32(bytes, at);
        const std::size_t type = at + 4, data = at + 8;
        if (length > bytes.size() - data - 4) return std::string("a chunk runs past the end of the file (the file was cut short)");
        if (isType(bytes, type, "CgBI")) appleCgbi = true;  // Apple's variant: a bare deflate stream
        if (isType(bytes, type, "IHDR")) {
            if (length < 13) return std::string("its IHDR header chunk is too short");
            width = be32(bytes, data);
            height = be32(bytes, data + 4);
            const std::uint64_t depth = bytes[data + 8], samples = samplesPerPixel(bytes[data + 9]);
            if (samples == 0) return "unknown colour type " + std::to_string(bytes[data + 9]);
            bitsPerPixel = depth * samples;
            interlaced = bytes[data + 12] == 1;
            sawHeader = true;
        } else if (isType(bytes, type, "IDAT")) {
            if (length > 0) stream.push_back(bytes.subspan(data, std::size_t(length)));
        } else if (isType(bytes, type, "IEND")) {
            sawEnd = true;
        }
        at = data + length + 4;  // data and CRC
    }
    if (!sawHeader) return std::string("it has no IHDR header chunk");
    if (stream.empty()) return std::string("it has no pixel data (no IDAT chunk)");
    return inflatedSizeProblem(stream, appleCgbi, expectedFilteredBytes(width, height, bitsPerPixel, interlaced));
}

}  // namespace cl
