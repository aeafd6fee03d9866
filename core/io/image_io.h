#pragma once
// Image files in and out: decoding (PNG and every format stb_image reads), PNG encoding, base64 and
// `data:` URIs for images embedded in scene files.
//
// Every function returns a result with a message instead of throwing. A message names the file (or
// "embedded image") and the problem: missing, unreadable, corrupt or truncated, unsupported, too big.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/image.h"

namespace cl {

/// Largest width and largest height accepted when decoding (each side at most this many pixels).
inline constexpr int kMaxImageSide = 8192;
/// Largest image file read from disk or from a data URI, in bytes.
inline constexpr std::uintmax_t kMaxImageFileBytes = 256u * 1024u * 1024u;

/// A decoded image, or a message saying why there is none.
struct ImageLoadResult {
    std::optional<RgbaImage> image;  ///< Set on success.
    std::string error;               ///< Set on failure: "<what>: <problem>".
    /// True on success.
    bool ok() const { return image.has_value(); }
};

/// Decodes an image file to RGBA. On failure the message names `file` and the problem.
ImageLoadResult loadImageFile(const std::filesystem::path& file);

/// Decodes encoded image bytes to RGBA; `what` names the source in messages (e.g. a file name).
ImageLoadResult decodeImage(std::span<const std::uint8_t> bytes, std::string_view what);

/// PNG bytes, or a message.
struct PngEncodeResult {
    std::vector<std::uint8_t> bytes;  ///< The PNG file contents on success.
    std::string error;                ///< Set on failure.
    /// True on success.
    bool ok() const { return error.empty(); }
};

/// Encodes an RGBA image as an 8-bit RGBA PNG. Fails (with a message) for an empty or inconsistent image.
PngEncodeResult encodePng(const RgbaImage& image);

/// Writes an RGBA image as a PNG file (atomically: temporary file, then rename) under the output rule
/// (writeFileAtomically: never over a non-regular file or one of `inputs`). Empty string on success,
/// otherwise a message naming the file; on failure an existing file is left unchanged.
std::string savePngFile(const RgbaImage& image, const std::filesystem::path& file, std::span<const std::filesystem::path> inputs = {});

/// Standard base64 (RFC 4648 alphabet, with '=' padding).
std::string base64Encode(std::span<const std::uint8_t> bytes);

/// Decoded base64; empty optional when the text is not valid base64. ASCII whitespace is ignored.
std::optional<std::vector<std::uint8_t>> base64Decode(std::string_view text);

/// `text` as a message shows it: whole when short, else its start and end with the length (never a whole data URI).
std::string shortenedForMessage(std::string_view text);

/// True when `text` starts with "data:" in any case (an embedded image rather than a path).
bool isDataUri(std::string_view text);

/// "data:image/png;base64,..." holding the image encoded as PNG; empty string if encoding fails.
std::string pngDataUri(const RgbaImage& image);

/// Decodes a `data:image/<type>;base64,<payload>` URI. `what` names it in messages.
ImageLoadResult decodeDataUri(std::string_view uri, std::string_view what);

}  // namespace cl
