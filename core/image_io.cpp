#include "core/image_io.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>

#include <stb_image.h>
#include <stb_image_write.h>

#include "core/atomic_file.h"

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

int base64Value(char c) {
    auto at = kBase64Alphabet.find(c);
    return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

void appendBytes(void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    auto* begin = static_cast<const std::uint8_t*>(data);
    out->insert(out->end(), begin, begin + size);
}

}  // namespace

ImageLoadResult loadImageFile(const std::filesystem::path& file) {
    const std::string what = file.string();
    std::error_code ec;
    auto status = std::filesystem::status(file, ec);
    if (!std::filesystem::exists(status)) return failure(what, "file not found");
    if (std::filesystem::is_directory(status)) return failure(what, "is a folder, not an image file");
    auto size = std::filesystem::file_size(file, ec);
    if (ec) return failure(what, "cannot be read: " + ec.message());
    if (size > kMaxImageFileBytes) {
        return failure(what, "too big: " + std::to_string(size) + " bytes; the limit is " +
                                 std::to_string(kMaxImageFileBytes) + " bytes");
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) return failure(what, std::string("cannot be read: ") + std::strerror(errno));
    std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (static_cast<std::uintmax_t>(in.gcount()) != size) return failure(what, "cannot be read: short read");
    return decodeImage(bytes, what);
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

    std::unique_ptr<stbi_uc, void (*)(void*)> pixels(stbi_load_from_memory(bytes.data(), length, &w, &h, &channels, 4),
                                                     stbi_image_free);
    if (!pixels) return failure(what, std::string("corrupt or truncated ") + (png ? "PNG" : "image") + stbReason());

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

std::string savePngFile(const RgbaImage& image, const std::filesystem::path& file) {
    PngEncodeResult png = encodePng(image);
    if (!png.ok()) return file.string() + ": " + png.error;
    return writeFileAtomically(file, std::string_view(reinterpret_cast<const char*>(png.bytes.data()), png.bytes.size()));
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

bool isDataUri(std::string_view text) { return text.substr(0, 5) == "data:"; }

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
    if (header.size() < kBase64Suffix.size() || header.substr(header.size() - kBase64Suffix.size()) != kBase64Suffix) {
        return failure(what, "unsupported data: URI: only base64 data is read (\"data:image/png;base64,...\")");
    }
    std::string_view mediaType = header.substr(0, header.size() - kBase64Suffix.size());
    if (mediaType.substr(0, 6) != "image/") {
        return failure(what, "unsupported data: URI: media type \"" + std::string(mediaType) + "\" is not an image");
    }
    std::string_view payload = uri.substr(comma + 1);
    if (payload.size() / 4 * 3 > kMaxImageFileBytes) return failure(what, "too big: more than " + std::to_string(kMaxImageFileBytes) + " bytes");
    auto bytes = base64Decode(payload);
    if (!bytes) return failure(what, "corrupt data: URI: the data is not valid base64");
    return decodeImage(*bytes, what);
}

}  // namespace cl
