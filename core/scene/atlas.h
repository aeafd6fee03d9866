#pragma once
// Atlas: the frames a sprite-sheet description lists — TexturePacker JSON (hash and array forms) and
// Aseprite JSON (hash and array forms, with meta.frameTags) — read into one plain structure.
//
// Both tools write the same frame record:
//   "frame": {x, y, w, h}            where the frame's pixels sit in the atlas image; w and h are the frame's
//                                    size as shown, so a rotated frame covers h x w pixels of the atlas
//   "rotated": bool                  stored turned 90 degrees clockwise in the atlas (TexturePacker)
//   "trimmed": bool                  transparent borders were cut off
//   "spriteSourceSize": {x, y, w, h} where the stored pixels sit inside the untrimmed frame
//   "sourceSize": {w, h}             the untrimmed frame's size
//   "pivot": {x, y}                  optional, in 0..1 of sourceSize (TexturePacker)
//   "duration": ms                   optional (Aseprite)
// In the hash form "frames" is an object keyed by frame name (file order is kept); in the array form each
// record carries its name in "filename".

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

namespace cl {

/// A rectangle of whole pixels: x, y its top-left corner, w, h its size.
struct PixelRect {
    int x = 0;
    int y = 0;
    int w = 0;
    int h = 0;
    /// Field-by-field equality.
    friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

/// One named frame of an atlas.
struct AtlasFrame {
    std::string name;
    PixelRect frame;              ///< In the atlas image; w, h as shown (a rotated frame covers h x w atlas pixels).
    bool rotated = false;         ///< Stored turned 90 degrees clockwise in the atlas.
    bool trimmed = false;
    PixelRect spriteSourceSize;   ///< Where the stored pixels sit inside the untrimmed frame (w, h = frame's).
    int sourceWidth = 0;          ///< The untrimmed frame's size: the sprite's texture.
    int sourceHeight = 0;
    std::optional<glm::dvec2> pivot;  ///< In 0..1 of the source size, when the atlas gives one.
    int durationMs = 0;           ///< 0 when the atlas gives none.

    /// The atlas pixels the frame occupies (h x w when rotated).
    PixelRect atlasRect() const { return rotated ? PixelRect{frame.x, frame.y, frame.h, frame.w} : frame; }
};

/// An Aseprite tag: a named run of frames, by index in the atlas's frame order.
struct AtlasTag {
    std::string name;
    int from = 0;
    int to = 0;
    std::string direction = "forward";  ///< forward, reverse, pingpong or pingpong_reverse, as written.
};

/// A parsed atlas description.
struct Atlas {
    std::string app;           ///< meta.app as written (e.g. "https://www.aseprite.org/"); may be empty.
    std::string image;         ///< meta.image: the atlas image, relative to the description's folder.
    int width = 0;             ///< meta.size; 0 when absent.
    int height = 0;
    std::vector<AtlasFrame> frames;  ///< In file order.
    std::vector<AtlasTag> tags;

    /// Index of the frame with this name, or -1.
    int indexOf(std::string_view name) const;
    /// The tag with this name, or null.
    const AtlasTag* findTag(std::string_view name) const;
    /// Up to `count` frame names closest to `name` by edit distance, closest first; only names within
    /// kMaxSuggestionDistance edits, and none when `name` or the frame's name is longer than
    /// kMaxSuggestedNameBytes (so the cost is bounded whatever the names).
    std::vector<std::string> closestNames(std::string_view name, std::size_t count = 3) const;
};

/// Most frames one atlas may list.
inline constexpr int kMaxAtlasFrames = 16384;
/// Largest atlas description read, in bytes.
inline constexpr std::uintmax_t kMaxAtlasFileBytes = 64u * 1024u * 1024u;
/// Longest frame duration accepted, in milliseconds (ten minutes).
inline constexpr int kMaxFrameDurationMs = 600000;

/// One problem in an atlas description: a JSON path such as "frames[\"run_03\"].frame.w" and what is wrong.
struct AtlasProblem {
    std::string path;
    std::string message;
};

/// A parsed atlas, or every problem found.
struct AtlasLoadResult {
    std::optional<Atlas> atlas;           ///< Set only when there is no problem.
    std::filesystem::path file;           ///< As given; used in messages.
    std::vector<AtlasProblem> problems;   ///< Every problem, in file order.
    /// True on success.
    bool ok() const { return atlas.has_value(); }
    /// Every problem, one per line: "<file>: <path>: <message>".
    std::string message() const;
};

/// Parses atlas description text; `file` names it in messages.
AtlasLoadResult parseAtlas(std::string_view text, const std::filesystem::path& file);

/// Reads and parses an atlas description file.
AtlasLoadResult loadAtlas(const std::filesystem::path& file);

/// Problems between an atlas and the image it describes: meta.size differing from the image, a frame
/// reaching outside it. Empty when they agree.
std::vector<AtlasProblem> checkAtlasAgainstImage(const Atlas& atlas, int imageWidth, int imageHeight);

/// The frame indices of a tag in play order of its first pass (reverse tags backwards); empty for a bad tag.
std::vector<int> tagFrames(const Atlas& atlas, const AtlasTag& tag);

/// Levenshtein distance between two strings (bytes).
std::size_t editDistance(std::string_view a, std::string_view b);
/// editDistance(a, b) when it is at most `limit`, else limit + 1; time O(min(|a|, |b|) x limit).
std::size_t boundedEditDistance(std::string_view a, std::string_view b, std::size_t limit);

/// Most edits between an unknown frame name and a name closestNames() suggests.
inline constexpr std::size_t kMaxSuggestionDistance = 8;
/// Longest name (bytes) closestNames() compares.
inline constexpr std::size_t kMaxSuggestedNameBytes = 256;
/// Unknown frame names of one sprite that get suggestions and are reported one by one; the rest are counted.
inline constexpr std::size_t kMaxReportedUnknownFrames = 8;

}  // namespace cl
