#include "core/io/image_io.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>

#include <stb_image.h>
#include <stb_image_write.h>

#include "core/io/atomic_file.h"
#include "core/io/bounded_file.h"
#include "core/io/png_data_check.h"

namespace cl {
namespace {

constexpr std::string_view kBase64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::array<std::uint8_t, 8> kPngSignature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

ImageLoadResult failure(std::string_view what, std::string_view problem) {
    ImageLoadResult r;
    r.error = std::string(what) + ": " + std::string(problem);
    return r;
}

/// " (<stb_image's reason>)", or nothing when stb_image gives none (it leaves "" for some truncated files).
std::string stbReason() {
    const char* reason = stbi_failure_reason();
    return reason && *reason ? " (" + std::string(reason) + ")" : std::string();
}

bool startsWithPngSignature(std::span<const std::uint8_t> bytes) {
    return bytes.size() >= kPngSignature.size() && std::equal(kPngSignature.begin(), kPngSignature.end(), bytes.begin());
}

// URI schemes and media types are case-insensitive (RFC 3986, RFC 2045).
bool startsWithIgnoringCase(std::string_view text, std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        char c = text[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != prefix[i]) return false;
    }
    return true;
}

int base64Value(char c) {
    auto at = kBase64Alphabet.find(c);
    return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

/// Image formats stb_image reads, told apart by their first bytes as stb_image does (TGA has no signature).
enum class ImageFormat { Png, Jpeg, Gif, Bmp, Psd, Pic, Pnm, Hdr, Tga };

bool startsWith(std::span<const std::uint8_t> bytes, std::string_view prefix) {
    return bytes.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), bytes.begin(),
                                                       [](char c, std::uint8_t b) { return static_cast<std::uint8_t>(c) == b; });
}

ImageFormat formatOf(std::span<const std::uint8_t> bytes) {
    if (startsWithPngSignature(bytes)) return ImageFormat::Png;
    if (startsWith(bytes, "\xFF\xD8")) return ImageFormat::Jpeg;
    if (startsWith(bytes, "GIF8")) return ImageFormat::Gif;
    if (startsWith(bytes, "BM")) return ImageFormat::Bmp;
    if (startsWith(bytes, "8BPS")) return ImageFormat::Psd;
    if (startsWith(bytes, "\x53\x80\xF6\x34")) return ImageFormat::Pic;
    if (startsWith(bytes, "P5") || startsWith(bytes, "P6")) return ImageFormat::Pnm;
    if (startsWith(bytes, "#?RADIANCE\n") || startsWith(bytes, "#?RGBE\n")) return ImageFormat::Hdr;
    return ImageFormat::Tga;
}

std::string_view formatName(ImageFormat format) {
    switch (format) {
    case ImageFormat::Png: return "PNG";
    case ImageFormat::Jpeg: return "JPEG";
    case ImageFormat::Gif: return "GIF";
    case ImageFormat::Bmp: return "BMP";
    case ImageFormat::Psd: return "PSD";
    case ImageFormat::Pic: return "PIC";
    case ImageFormat::Pnm: return "PNM";
    case ImageFormat::Hdr: return "HDR";
    case ImageFormat::Tga: break;
    }
    return "TGA";
}

std::uint64_t le16(std::span<const std::uint8_t> b, std::size_t at) {
    return at + 2 <= b.size() ? std::uint64_t(b[at]) | std::uint64_t(b[at + 1]) << 8 : 0;
}
std::uint64_t le32(std::span<const std::uint8_t> b, std::size_t at) {
    return at + 4 <= b.size() ? le16(b, at) | le16(b, at + 2) << 16 : 0;
}

/// The fewest bytes a file of this format and header can have, counting only the pixel data it must
/// hold. Checked before decoding, so that a header claiming a huge image is refused before the decoder
/// allocates memory for it. Formats whose compression can be arbitrarily good (PNG, JPEG, GIF, PIC) give 0.
std::uint64_t minimumFileBytes(ImageFormat format, std::span<const std::uint8_t> bytes, std::uint64_t w, std::uint64_t h,
                               std::uint64_t channels) {
    auto ceilDiv = [](std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; };
    switch (format) {
    case ImageFormat::Bmp: {
        const std::uint64_t offset = le32(bytes, 10);
        const std::uint64_t headerSize = le32(bytes, 14);
        const std::uint64_t bits = headerSize == 12 ? le16(bytes, 24) : le16(bytes, 28);
        const std::uint64_t rowBytes = ceilDiv(w * bits, 32) * 4;
        // The last row's padding is not required: some writers leave it out.
        return std::max<std::uint64_t>(offset, 14 + headerSize) + rowBytes * (h - 1) + ceilDiv(w * bits, 8);
    }
    case ImageFormat::Tga: {
        const std::uint64_t idLength = bytes.size() > 0 ? bytes[0] : 0;
        const bool hasPalette = bytes.size() > 1 && bytes[1] != 0;
        const std::uint64_t type = bytes.size() > 2 ? bytes[2] : 0;
        const std::uint64_t paletteBytes = hasPalette ? le16(bytes, 5) * ceilDiv(bytes.size() > 7 ? bytes[7] : 0, 8) : 0;
        const std::uint64_t pixelBytes = std::max<std::uint64_t>(1, ceilDiv(bytes.size() > 16 ? bytes[16] : 8, 8));
        const std::uint64_t header = 18 + idLength + paletteBytes;
        // Run-length packets hold at most 128 pixels, each packet a header byte and one pixel.
        if (type >= 8) return header + ceilDiv(w * h, 128) * (1 + pixelBytes);
        return header + w * h * pixelBytes;
    }
    case ImageFormat::Pnm: return w * h * channels;
    case ImageFormat::Psd: return h * channels * 2 * (1 + ceilDiv(w, 128));
    case ImageFormat::Hdr:
        // Flat pixels take 4 bytes each; run-length scanlines (widths 8..32767) at least a 4-byte header
        // and, per channel, 2 bytes per 127 pixels.
        if (w < 8 || w >= 32768) return w * h * 4;
        return h * std::min<std::uint64_t>(4 * w, 4 + 8 * ceilDiv(w, 127));
    case ImageFormat::Png:
    case ImageFormat::Jpeg:
    case ImageFormat::Gif:
    case ImageFormat::Pic: break;
    }
    return 0;
}

/// Why a Radiance HDR file's pixel data is incomplete or would hang stb_image, or nothing when it is whole.
/// Walks the scanlines as stb_image reads them (flat RGBE pixels, or per-channel run-length packets)
/// without decoding: run-length data cannot be sized up front, and stb_image loops forever on a zero
/// packet count, which is what a file cut short reads as.
std::optional<std::string> hdrDataProblem(std::span<const std::uint8_t> bytes, std::uint64_t w, std::uint64_t h) {
    // The header ends with an empty line; the next line gives the size ("-Y h +X w").
    std::size_t at = 0;
    bool previousWasNewline = false;
    for (; at < bytes.size(); ++at) {
        if (bytes[at] == '\n' && previousWasNewline) break;
        previousWasNewline = bytes[at] == '\n';
    }
    while (at < bytes.size() && bytes[at] == '\n') ++at;
    while (at < bytes.size() && bytes[at] != '\n') ++at;
    ++at;
    const std::string cut = "the data ends before the image does";
    auto need = [&](std::uint64_t n) { return at + n <= bytes.size(); };
    if (w < 8 || w >= 32768) return need(w * h * 4) ? std::nullopt : std::optional(cut);
    for (std::uint64_t row = 0; row < h; ++row) {
        if (!need(4)) return cut;
        if (bytes[at] != 2 || bytes[at + 1] != 2 || (bytes[at + 2] & 0x80)) {
            // stb_image reads the rest of the image as flat pixels, starting with these four bytes.
            return need((h - row) * w * 4) ? std::nullopt : std::optional(cut);
        }
        at += 4;
        for (int channel = 0; channel < 4; ++channel) {
            std::uint64_t x = 0;
            while (x < w) {
                if (!need(1)) return cut;
                std::uint64_t count = bytes[at++];
                const bool run = count > 128;
                if (run) count -= 128;
                if (count == 0) return std::string("corrupt run-length data (a packet of zero pixels)");
                if (count > w - x) return std::nullopt;  // stb_image reports this itself
                if (!need(run ? 1 : count)) return cut;
                at += run ? 1 : count;
                x += count;
            }
        }
    }
    return std::nullopt;
}

/// The bytes stb_image decodes from, through its callback interface so that every read is seen: a
/// decoder asking for data past the end means the file was cut short. (From memory stb_image would
/// quietly use zeros, or for some formats leave the pixels uninitialised.)
class WatchedReader {
public:
    explicit WatchedReader(std::span<const std::uint8_t> bytes) : m_bytes(bytes) {}

    static stbi_io_callbacks callbacks() { return {&WatchedReader::read, &WatchedReader::skip, &WatchedReader::eof}; }
    /// True when the decoder asked for bytes the data does not have.
    bool overran() const { return m_overran; }

private:
    // stb_image refills its 128-byte buffer with reads of this size; a short one is just the file's end.
    static constexpr int kStbBufferBytes = 128;

    static int read(void* user, char* data, int size) {
        auto* self = static_cast<WatchedReader*>(user);
        const std::size_t left = self->m_bytes.size() - self->m_at;
        const std::size_t n = std::min<std::size_t>(left, static_cast<std::size_t>(std::max(size, 0)));
        if (size > 0 && (left == 0 || (n < static_cast<std::size_t>(size) && size != kStbBufferBytes))) self->m_overran = true;
        std::memcpy(data, self->m_bytes.data() + self->m_at, n);
        self->m_at += n;
        return static_cast<int>(n);
    }
    static void skip(void* user, int n) {
        auto* self = static_cast<WatchedReader*>(user);
        const std::size_t left = self->m_bytes.size() - self->m_at;
        if (n < 0) n = 0;
        self->m_at += std::min<std::size_t>(left, static_cast<std::size_t>(n));
    }
    static int eof(void* user) {
        auto* self = static_cast<WatchedReader*>(user);
        return self->m_at >= self->m_bytes.size() ? 1 : 0;
    }

    std::span<const std::uint8_t> m_bytes;
    std::size_t m_at = 0;
    bool m_overran = false;
};

void appendBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    auto* begin = static_cast<const std::uint8_t*>(data);
    out->insert(out->end(), begin, begin + size);
}

}  // namespace

ImageLoadResult loadImageFile(const std::filesystem::path& file) {
    const std::string what = shortenedForMessage(file.string());
    FileReadResult read = readBoundedFile(file, kMaxImageFileBytes, "image file");
    if (!read.ok()) return failure(what, read.problem);
    return decodeImage(std::span(reinterpret_cast<const std::uint8_t*>(read.bytes->data()), read.bytes->size()), what);
}

ImageLoadResult decodeImage(std::span<const std::uint8_t> bytes, std::string_view what) {
    if (bytes.empty()) return failure(what, "empty file, not an image");
    if (bytes.size() > kMaxImageFileBytes) return failure(what, "too big: more than " + std::to_string(kMaxImageFileBytes) + " bytes");
    const bool png = startsWithPngSignature(bytes);
    const int length = static_cast<int>(bytes.size());

    // Read the header first so an oversized image is refused before any pixel memory is allocated.
    int w = 0, h = 0, channels = 0;
    if (!stbi_info_from_memory(bytes.data(), length, &w, &h, &channels)) {
        if (png) return failure(what, "corrupt or truncated PNG" + stbReason());
        return failure(what, "unsupported or corrupt image: not a PNG, JPEG, BMP, GIF, TGA, PSD, HDR, PIC or PNM file" +
                                 stbReason());
    }
    if (w <= 0 || h <= 0) return failure(what, "corrupt image: it says it is " + std::to_string(w) + "x" + std::to_string(h) + " pixels");
    if (w > kMaxImageSide || h > kMaxImageSide) {
        return failure(what, "too big: " + std::to_string(w) + "x" + std::to_string(h) + " pixels; the limit is " +
                                 std::to_string(kMaxImageSide) + "x" + std::to_string(kMaxImageSide));
    }

    const ImageFormat format = formatOf(bytes);
    const std::string name(formatName(format));
    // stb_image 2.27 converts 16-bit PNM samples with its 8-bit routine, reading past its own buffer.
    if (format == ImageFormat::Pnm && stbi_is_16_bit_from_memory(bytes.data(), length)) {
        return failure(what, "unsupported PNM: 16-bit samples (maxval over 255); save it with 8 bits per sample or as PNG");
    }
    const std::uint64_t needed = minimumFileBytes(format, bytes, std::uint64_t(w), std::uint64_t(h), std::uint64_t(channels));
    if (needed > bytes.size()) {
        return failure(what, "truncated " + name + ": a " + std::to_string(w) + "x" + std::to_string(h) + " image needs at least " +
                                 std::to_string(needed) + " bytes, the file has " + std::to_string(bytes.size()));
    }

    if (format == ImageFormat::Png) {
        if (auto problem = pngDataProblem(bytes)) return failure(what, "corrupt or truncated PNG: " + *problem);
    }
    if (format == ImageFormat::Hdr) {
        if (auto problem = hdrDataProblem(bytes, std::uint64_t(w), std::uint64_t(h))) return failure(what, "truncated or corrupt HDR: " + *problem);
    }

    WatchedReader reader(bytes);
    const stbi_io_callbacks callbacks = WatchedReader::callbacks();
    std::unique_ptr<stbi_uc, void (*)(void*)> pixels(stbi_load_from_callbacks(&callbacks, &reader, &w, &h, &channels, 4),
                                                     stbi_image_free);
    if (!pixels) return failure(what, "corrupt or truncated " + name + stbReason());
    if (reader.overran()) return failure(what, "truncated " + name + ": the data ends before the image does");

    ImageLoadResult r;
    r.image = RgbaImage{w, h, {}};
    r.image->pixels.assign(pixels.get(), pixels.get() + static_cast<std::size_t>(w) * h * 4);
    return r;
}

PngEncodeResult encodePng(const RgbaImage& image) {
    PngEncodeResult r;
    if (image.width <= 0 || image.height <= 0 || image.width > kMaxImageSide || image.height > kMaxImageSide) {
        r.error = "cannot encode a " + std::to_string(image.width) + "x" + std::to_string(image.height) + " image as PNG";
        return r;
    }
    if (image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
        r.error = "cannot encode as PNG: the pixel buffer does not hold width * height * 4 bytes";
        return r;
    }
    if (!stbi_write_png_to_func(appendBytes, &r.bytes, image.width, image.height, 4, image.pixels.data(), image.width * 4)) {
        r.bytes.clear();
        r.error = "PNG encoder failed";
    }
    return r;
}

std::string savePngFile(const RgbaImage& image, const std::filesystem::path& file, std::span<const std::filesystem::path> inputs) {
    if (std::string problem = outputProblem(file, inputs); !problem.empty()) return problem;  // before the work of encoding
    PngEncodeResult png = encodePng(image);
    if (!png.ok()) return file.string() + ": " + png.error;
    return writeFileAtomically(file, std::string_view(reinterpret_cast<const char*>(png.bytes.data()), png.bytes.size()), inputs);
}

std::string base64Encode(std::span<const std::uint8_t> bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        std::uint32_t v = (std::uint32_t(bytes[i]) << 16) | (std::uint32_t(bytes[i + 1]) << 8) | bytes[i + 2];
        out += kBase64Alphabet[(v >> 18) & 63];
        out += kBase64Alphabet[(v >> 12) & 63];
        out += kBase64Alphabet[(v >> 6) & 63];
        out += kBase64Alphabet[v & 63];
    }
    const std::size_t rest = bytes.size() - i;
    if (rest > 0) {
        std::uint32_t v = std::uint32_t(bytes[i]) << 16;
        if (rest == 2) v |= std::uint32_t(bytes[i + 1]) << 8;
        out += kBase64Alphabet[(v >> 18) & 63];
        out += kBase64Alphabet[(v >> 12) & 63];
        out += rest == 2 ? kBase64Alphabet[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

std::optional<std::vector<std::uint8_t>> base64Decode(std::string_view text) {
    std::vector<std::uint8_t> out;
    out.reserve(text.size() / 4 * 3);
    std::uint32_t accumulator = 0;
    int pending = 0;  // sextets held in the accumulator
    int padding = 0;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') continue;
        if (c == '=') {
            ++padding;
            continue;
        }
        // Data after padding means the text was cut and pasted wrongly.
        if (padding > 0) return std::nullopt;
        int v = base64Value(c);
        if (v < 0) return std::nullopt;
        accumulator = (accumulator << 6) | static_cast<std::uint32_t>(v);
        if (++pending == 4) {
            out.push_back(static_cast<std::uint8_t>(accumulator >> 16));
            out.push_back(static_cast<std::uint8_t>(accumulator >> 8));
            out.push_back(static_cast<std::uint8_t>(accumulator));
            accumulator = 0;
            pending = 0;
        }
    }
    // A final group of 2 or 3 sextets carries 1 or 2 bytes; padding, when present, must complete it.
    if (pending == 1) return std::nullopt;
    if (padding > 0 && pending + padding != 4) return std::nullopt;
    if (padding > 2) return std::nullopt;
    if (pending == 2) {
        out.push_back(static_cast<std::uint8_t>(accumulator >> 4));
    } else if (pending == 3) {
        out.push_back(static_cast<std::uint8_t>(accumulator >> 10));
        out.push_back(static_cast<std::uint8_t>(accumulator >> 2));
    }
    return out;
}

std::string shortenedForMessage(std::string_view text) {
    constexpr std::size_t kHead = 120, kTail = 40;
    if (text.size() <= kHead + kTail + 3) return std::string(text);
    return std::string(text.substr(0, kHead)) + "..." + std::string(text.substr(text.size() - kTail)) + " (" +
           std::to_string(text.size()) + " characters)";
}

bool isDataUri(std::string_view text) { return startsWithIgnoringCase(text, "data:"); }

std::string pngDataUri(const RgbaImage& image) {
    PngEncodeResult png = encodePng(image);
    if (!png.ok()) return {};
    return "data:image/png;base64," + base64Encode(png.bytes);
}

ImageLoadResult decodeDataUri(std::string_view uri, std::string_view what) {
    if (!isDataUri(uri)) return failure(what, "not a data: URI");
    const auto comma = uri.find(',');
    if (comma == std::string_view::npos) return failure(what, "malformed data: URI (no ',' before the data)");
    std::string_view header = uri.substr(5, comma - 5);
    constexpr std::string_view kBase64Suffix = ";base64";
    if (header.size() < kBase64Suffix.size() ||
        !startsWithIgnoringCase(header.substr(header.size() - kBase64Suffix.size()), kBase64Suffix)) {
        return failure(what, "unsupported data: URI: only base64 data is read (\"data:image/png;base64,...\")");
    }
    std::string_view mediaType = header.substr(0, header.size() - kBase64Suffix.size());
    if (!startsWithIgnoringCase(mediaType, "image/")) {
        return failure(what, "unsupported data: URI: media type \"" + shortenedForMessage(mediaType) + "\" is not an image");
    }
    std::string_view payload = uri.substr(comma + 1);
    if (payload.size() / 4 * 3 > kMaxImageFileBytes) return failure(what, "too big: more than " + std::to_string(kMaxImageFileBytes) + " bytes");
    auto bytes = base64Decode(payload);
    if (!bytes) return failure(what, "corrupt data: URI: the data is not valid base64");
    return decodeImage(*bytes, what);
}

}  // namespace cl
