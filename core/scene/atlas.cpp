#include "core/scene/atlas.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/io/bounded_file.h"
#include "core/io/bounded_json.h"
#include "core/io/image_io.h"
#include "core/io/json_text.h"

namespace cl {
namespace {

// Ordered: in the hash form the frames' order is the file's, and Aseprite tags count frames in that order.
using OrderedJson = nlohmann::ordered_json;

class AtlasReader {
public:
    std::optional<Atlas> read(const OrderedJson& root) {
        if (!root.is_object()) {
            add("", "an atlas description must be one JSON object with \"frames\" and \"meta\", got " + describeJson(root));
            return std::nullopt;
        }
        Atlas atlas;
        readMeta(root, atlas);
        auto frames = root.find("frames");
        if (frames == root.end()) {
            add("frames", "missing (required: the atlas's frames, an object keyed by name or an array)");
        } else if (frames->is_object() || frames->is_array()) {
            if (frames->size() > static_cast<std::size_t>(kMaxAtlasFrames)) {
                add("frames", "too many frames: " + std::to_string(frames->size()) + "; the limit is " + std::to_string(kMaxAtlasFrames));
            } else if (frames->empty()) {
                add("frames", "lists no frames");
            } else if (frames->is_object()) {
                for (const auto& item : frames->items()) {
                    AtlasFrame frame;
                    frame.name = item.key();
                    if (readFrame(item.value(), "frames[" + jsonQuoted(item.key()) + "]", frame)) atlas.frames.push_back(std::move(frame));
                }
            } else {
                for (std::size_t i = 0; i < frames->size(); ++i) {
                    const std::string path = "frames[" + std::to_string(i) + "]";
                    const OrderedJson& record = (*frames)[i];
                    AtlasFrame frame;
                    if (record.is_object()) {
                        auto name = record.find("filename");
                        if (name == record.end()) add(path + ".filename", "missing (the array form names each frame here)");
                        else if (!name->is_string() || name->get_ref<const std::string&>().empty()) {
                            add(path + ".filename", "must be a non-empty string, got " + describeJson(*name));
                        } else frame.name = name->get<std::string>();
                    }
                    if (readFrame(record, path, frame) && !frame.name.empty()) atlas.frames.push_back(std::move(frame));
                }
            }
        } else {
            add("frames", "must be an object keyed by frame name or an array of frames, got " + describeJson(*frames));
        }
        checkDuplicateNames(atlas, frames != root.end() && frames->is_array());  // the parser refuses repeated keys
        if (auto meta = root.find("meta"); meta != root.end() && meta->is_object()) readTags(*meta, atlas);
        if (!m_problems.empty()) return std::nullopt;
        return atlas;
    }

    std::vector<AtlasProblem> takeProblems() { return std::move(m_problems); }

private:
    void add(std::string path, std::string message) { m_problems.push_back({std::move(path), std::move(message)}); }

    std::optional<int> readInt(const OrderedJson& object, std::string_view key, const std::string& path, int lo, int hi) {
        auto it = object.find(key);
        const std::string at = path + "." + std::string(key);
        if (it == object.end()) {
            add(at, "missing");
            return std::nullopt;
        }
        if (it->is_number()) {
            double d = it->get<double>();
            if (std::isfinite(d) && d == std::floor(d) && d >= lo && d <= hi) return static_cast<int>(d);
        }
        add(at, "must be an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + describeJson(*it));
        return std::nullopt;
    }

    std::optional<PixelRect> readRect(const OrderedJson& record, std::string_view key, const std::string& path, bool withPosition,
                                      int minSide) {
        auto it = record.find(key);
        const std::string at = path + "." + std::string(key);
        if (it == record.end()) {
            add(at, withPosition ? "missing (required: {\"x\", \"y\", \"w\", \"h\"})" : "missing (required: {\"w\", \"h\"})");
            return std::nullopt;
        }
        if (!it->is_object()) {
            add(at, std::string("must be an object ") + (withPosition ? "{\"x\", \"y\", \"w\", \"h\"}" : "{\"w\", \"h\"}") +
                        ", got " + describeJson(*it));
            return std::nullopt;
        }
        PixelRect r;
        bool ok = true;
        if (withPosition) {
            auto x = readInt(*it, "x", at, 0, kMaxImageSide);
            auto y = readInt(*it, "y", at, 0, kMaxImageSide);
            ok = x && y;
            if (ok) r.x = *x, r.y = *y;
        }
        auto w = readInt(*it, "w", at, minSide, kMaxImageSide);
        auto h = readInt(*it, "h", at, minSide, kMaxImageSide);
        if (!ok || !w || !h) return std::nullopt;
        r.w = *w;
        r.h = *h;
        return r;
    }

    std::optional<bool> readBool(const OrderedJson& record, std::string_view key, const std::string& path) {
        auto it = record.find(key);
        if (it == record.end()) return false;
        if (it->is_boolean()) return it->get<bool>();
        add(path + "." + std::string(key), "must be true or false, got " + describeJson(*it));
        return std::nullopt;
    }

    bool readFrame(const OrderedJson& record, const std::string& path, AtlasFrame& frame) {
        if (!record.is_object()) {
            add(path, "must be an object {\"frame\": {...}, ...}, got " + describeJson(record));
            return false;
        }
        const std::size_t before = m_problems.size();
        auto rect = readRect(record, "frame", path, true, 1);
        auto rotated = readBool(record, "rotated", path);
        auto trimmed = readBool(record, "trimmed", path);
        if (rect) frame.frame = *rect;
        if (rotated) frame.rotated = *rotated;
        if (trimmed) frame.trimmed = *trimmed;
        // Untrimmed exports may leave out spriteSourceSize and sourceSize: the frame is the whole source.
        PixelRect placed{0, 0, rect ? rect->w : 0, rect ? rect->h : 0};
        bool placedOk = rect.has_value();
        if (record.contains("spriteSourceSize")) {
            auto read = readRect(record, "spriteSourceSize", path, true, 1);
            placedOk = read.has_value();
            if (read) placed = *read;
        }
        int sourceW = placed.x + placed.w, sourceH = placed.y + placed.h;
        bool sourceOk = placedOk;
        if (record.contains("sourceSize")) {
            auto read = readRect(record, "sourceSize", path, false, 1);
            sourceOk = read.has_value();
            if (read) sourceW = read->w, sourceH = read->h;
        }
        if (rect && placedOk && (placed.w != rect->w || placed.h != rect->h)) {
            add(path + ".spriteSourceSize", "is " + std::to_string(placed.w) + "x" + std::to_string(placed.h) +
                                                " but the frame is " + std::to_string(rect->w) + "x" + std::to_string(rect->h) +
                                                "; they must be the same size");
        }
        if (placedOk && sourceOk && (sourceW > kMaxImageSide || sourceH > kMaxImageSide)) {
            // Without sourceSize the untrimmed frame reaches to the stored pixels' far corner, which may pass the image limit.
            add(path + ".spriteSourceSize", "places the frame in a " + std::to_string(sourceW) + "x" + std::to_string(sourceH) +
                                                " untrimmed frame; every size must be at most " + std::to_string(kMaxImageSide) + "x" +
                                                std::to_string(kMaxImageSide));
            sourceOk = false;
        }
        if (placedOk && sourceOk && (placed.x + placed.w > sourceW || placed.y + placed.h > sourceH)) {
            add(path + ".spriteSourceSize", "reaches outside the untrimmed frame (sourceSize " + std::to_string(sourceW) + "x" +
                                                std::to_string(sourceH) + ")");
        }
        frame.spriteSourceSize = placed;
        frame.sourceWidth = sourceW;
        frame.sourceHeight = sourceH;
        if (auto pivot = record.find("pivot"); pivot != record.end()) {
            const std::string at = path + ".pivot";
            if (pivot->is_object() && pivot->contains("x") && pivot->contains("y") && (*pivot)["x"].is_number() &&
                (*pivot)["y"].is_number()) {
                double x = (*pivot)["x"].get<double>(), y = (*pivot)["y"].get<double>();
                if (std::isfinite(x) && std::isfinite(y) && std::fabs(x) <= 16 && std::fabs(y) <= 16) frame.pivot = glm::dvec2{x, y};
                else add(at, "must hold x and y in [-16, 16] (fractions of the source size)");
            } else {
                add(at, "must be an object {\"x\": number, \"y\": number}, got " + describeJson(*pivot));
            }
        }
        if (record.contains("duration")) {
            if (auto d = readInt(record, "duration", path, 0, kMaxFrameDurationMs)) frame.durationMs = *d;
        }
        return m_problems.size() == before;
    }

    void checkDuplicateNames(const Atlas& atlas, bool arrayForm) {
        if (!arrayForm) return;  // object keys are unique by construction
        for (std::size_t i = 0; i < atlas.frames.size(); ++i) {
            for (std::size_t j = 0; j < i; ++j) {
                if (atlas.frames[i].name == atlas.frames[j].name) {
                    add("frames", "two frames are called " + jsonQuoted(atlas.frames[i].name));
                    break;
                }
            }
        }
    }

    void readMeta(const OrderedJson& root, Atlas& atlas) {
        auto meta = root.find("meta");
        if (meta == root.end()) return;
        if (!meta->is_object()) {
            add("meta", "must be an object, got " + describeJson(*meta));
            return;
        }
        if (auto app = meta->find("app"); app != meta->end() && app->is_string()) atlas.app = app->get<std::string>();
        if (auto image = meta->find("image"); image != meta->end()) {
            if (image->is_string() && image->get_ref<const std::string&>().find('\0') != std::string::npos) {
                add("meta.image", "must not contain a NUL character (\\u0000): the path would end there");
            } else if (image->is_string()) atlas.image = image->get<std::string>();
            else add("meta.image", "must be a string (the atlas image's file name), got " + describeJson(*image));
        }
        if (meta->contains("size")) {
            if (auto size = readRect(*meta, "size", "meta", false, 1)) atlas.width = size->w, atlas.height = size->h;
        }
    }

    void readTags(const OrderedJson& meta, Atlas& atlas) {
        auto tags = meta.find("frameTags");
        if (tags == meta.end()) return;
        if (!tags->is_array()) {
            add("meta.frameTags", "must be an array of {\"name\", \"from\", \"to\"}, got " + describeJson(*tags));
            return;
        }
        const int last = static_cast<int>(atlas.frames.size()) - 1;
        for (std::size_t i = 0; i < tags->size(); ++i) {
            const std::string path = "meta.frameTags[" + std::to_string(i) + "]";
            const OrderedJson& t = (*tags)[i];
            if (!t.is_object()) {
                add(path, "must be an object {\"name\", \"from\", \"to\"}, got " + describeJson(t));
                continue;
            }
            AtlasTag tag;
            auto name = t.find("name");
            if (name == t.end() || !name->is_string() || name->get_ref<const std::string&>().empty()) {
                add(path + ".name", "must be a non-empty string");
                continue;
            }
            tag.name = name->get<std::string>();
            auto from = readInt(t, "from", path, -kMaxAtlasFrames, kMaxAtlasFrames);
            auto to = readInt(t, "to", path, -kMaxAtlasFrames, kMaxAtlasFrames);
            if (!from || !to) continue;
            tag.from = *from;
            tag.to = *to;
            if (auto direction = t.find("direction"); direction != t.end() && direction->is_string()) {
                tag.direction = direction->get<std::string>();
            }
            if (tag.from > tag.to || tag.from < 0 || tag.to > last) {
                add(path, "tag " + jsonQuoted(tag.name) + " has no frames: from " + std::to_string(tag.from) + " to " +
                              std::to_string(tag.to) + ", but the atlas's frames are 0.." + std::to_string(last));
                continue;
            }
            if (atlas.findTag(tag.name)) add(path + ".name", "two tags are called " + jsonQuoted(tag.name));
            atlas.tags.push_back(std::move(tag));
        }
    }

    std::vector<AtlasProblem> m_problems;
};

AtlasLoadResult failed(const std::filesystem::path& file, std::string message) {
    AtlasLoadResult r;
    r.file = file;
    r.problems.push_back({"", std::move(message)});
    return r;
}

}  // namespace

int Atlas::indexOf(std::string_view name) const {
    for (std::size_t i = 0; i < frames.size(); ++i) {
        if (frames[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

const AtlasTag* Atlas::findTag(std::string_view name) const {
    for (const auto& tag : tags) {
        if (tag.name == name) return &tag;
    }
    return nullptr;
}

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::size_t boundedEditDistance(std::string_view a, std::string_view b, std::size_t limit) {
    if (a.size() > b.size()) std::swap(a, b);
    if (b.size() - a.size() > limit) return limit + 1;
    // Only the cells within `limit` of the diagonal can hold a distance of at most `limit`; the others count
    // as limit + 1 (a band of Ukkonen's), and a row with nothing within the limit ends the search.
    const std::size_t over = limit + 1;
    std::vector<std::size_t> row(b.size() + 1, over);
    for (std::size_t j = 0; j <= std::min(b.size(), limit); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        const std::size_t from = i > limit ? i - limit : 1, to = std::min(b.size(), i + limit);
        std::size_t diagonal = row[from - 1];
        row[from - 1] = from == 1 && i <= limit ? i : over;
        std::size_t best = row[from - 1];
        for (std::size_t j = from; j <= to; ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1), over});
            diagonal = above;
            best = std::min(best, row[j]);
        }
        if (to < b.size()) row[to + 1] = over;
        if (best > limit) return over;
    }
    return std::min(row[b.size()], over);
}

std::vector<std::string> Atlas::closestNames(std::string_view name, std::size_t count) const {
    std::vector<std::pair<std::size_t, std::size_t>> ranked;  // (distance, frame index)
    if (name.size() > kMaxSuggestedNameBytes) return {};
    for (std::size_t i = 0; i < frames.size(); ++i) {
        if (frames[i].name.size() > kMaxSuggestedNameBytes) continue;
        const std::size_t d = boundedEditDistance(name, frames[i].name, kMaxSuggestionDistance);
        if (d <= kMaxSuggestionDistance) ranked.emplace_back(d, i);
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<std::string> names;
    for (std::size_t i = 0; i < ranked.size() && i < count; ++i) names.push_back(frames[ranked[i].second].name);
    return names;
}

std::string AtlasLoadResult::message() const {
    std::string text;
    for (const auto& problem : problems) {
        text += file.string() + ": " + (problem.path.empty() ? "" : problem.path + ": ") + problem.message + "\n";
    }
    return text;
}

AtlasLoadResult parseAtlas(std::string_view text, const std::filesystem::path& file) {
    OrderedJson root;
    try {
        OrderedJsonParseResult parsed = parseBoundedOrderedJson(text);
        if (!parsed.ok()) {
            AtlasLoadResult refused;
            refused.file = file;
            refused.problems.push_back({parsed.path, parsed.error});
            return refused;
        }
        root = std::move(*parsed.json);
    } catch (const std::exception& e) {
        return failed(file, "cannot be loaded: " + jsonErrorText(e));
    }
    AtlasLoadResult result;
    result.file = file;
    try {
        AtlasReader reader;
        result.atlas = reader.read(root);
        result.problems = reader.takeProblems();
    } catch (const std::exception& e) {
        result.atlas.reset();
        result.problems.push_back({"", std::string("cannot be loaded: ") + e.what()});
    }
    return result;
}

AtlasLoadResult loadAtlas(const std::filesystem::path& file) {
    FileReadResult read = readBoundedFile(file, kMaxAtlasFileBytes, "atlas description");
    // A scene names its atlas beside its image, so a missing one says which of the two is missing.
    if (read.error == FileReadError::NotFound) return failed(file, "atlas description not found");
    if (!read.ok()) return failed(file, read.problem);
    return parseAtlas(*read.bytes, file);
}

std::vector<AtlasProblem> checkAtlasAgainstImage(const Atlas& atlas, int imageWidth, int imageHeight) {
    std::vector<AtlasProblem> problems;
    const std::string imageSize = std::to_string(imageWidth) + "x" + std::to_string(imageHeight);
    if (atlas.width != 0 && (atlas.width != imageWidth || atlas.height != imageHeight)) {
        problems.push_back({"meta.size", "says " + std::to_string(atlas.width) + "x" + std::to_string(atlas.height) +
                                             " but the image is " + imageSize + "; is this the description of that image?"});
    }
    for (const auto& frame : atlas.frames) {
        const PixelRect r = frame.atlasRect();
        if (r.x + r.w > imageWidth || r.y + r.h > imageHeight) {
            std::string message = "[";
            problems.push_back({"frames[" + jsonQuoted(frame.name) + "].frame",
                                message + std::to_string(r.x) + ", " + std::to_string(r.y) + ", " + std::to_string(r.w) + ", " +
                                    std::to_string(r.h) + "]" + (frame.rotated ? " (rotated)" : "") +
                                    " reaches outside the " + imageSize + " image"});
        }
    }
    return problems;
}

std::vector<int> tagFrames(const Atlas& atlas, const AtlasTag& tag) {
    std::vector<int> indices;
    if (tag.from < 0 || tag.from > tag.to || tag.to >= static_cast<int>(atlas.frames.size())) return indices;
    for (int i = tag.from; i <= tag.to; ++i) indices.push_back(i);
    if (tag.direction == "reverse" || tag.direction == "pingpong_reverse") std::reverse(indices.begin(), indices.end());
    return indices;
}

}  // namespace cl
