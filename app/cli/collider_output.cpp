#include "app/cli/collider_output.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/collider/collider_export.h"
#include "core/collider/collider_validity.h"

namespace cl {
namespace {

std::string fixed(double value, int digits) {
    if (!std::isfinite(value)) return "inf";
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

std::string tableText(const std::vector<ColliderFrame>& frames, const std::string&, std::string&) {
    std::ostringstream text;
    const auto certificateLine = [&](const ColliderCertificate& c) {
        text << "missed area " << fixed(c.missedArea, 2) << " px^2 (" << c.missedPixels << " px), extra area "
             << fixed(c.extraArea, 2) << " px^2 (" << c.extraPixels << " px), iou " << fixed(c.iou, 3) << ", hausdorff "
             << fixed(c.hausdorff, 2) << " px" << (c.dropped.empty() ? "" : ", " + std::to_string(c.dropped.size()) + " parts dropped")
             << "\n";
    };
    for (const ColliderFrame& f : frames) {
        std::size_t vertices = 0;
        for (const ColliderPiece& piece : f.collider.pieces) vertices += piece.size();
        text << f.name << "  " << f.width << "x" << f.height << "  " << colliderModeName(f.options.mode) << ", epsilon "
             << f.options.epsilon << ", max " << f.options.maxVertices << " vertices, threshold " << f.threshold << ": "
             << f.collider.pieces.size() << " pieces, " << vertices << " vertices\n  ";
        certificateLine(f.collider.certificate);
        for (const auto& [frame, c] : f.perFrame) {
            text << "  against " << frame << ": ";
            certificateLine(c);
        }
    }
    return text.str();
}

std::string jsonText(const std::vector<ColliderFrame>& frames, const std::string&, std::string&) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const ColliderFrame& f : frames) {
        nlohmann::ordered_json pieces = nlohmann::ordered_json::array();
        for (const ColliderPiece& piece : f.collider.pieces) {
            nlohmann::ordered_json points = nlohmann::ordered_json::array();
            for (const glm::dvec2& v : piece) points.push_back({v.x, v.y});
            pieces.push_back(points);
        }
        nlohmann::ordered_json entry = {{"name", f.name}, {"width", f.width}, {"height", f.height}, {"pieces", pieces},
                                        {"certificate", colliderCertificateJson(f.collider.certificate)}};
        if (!f.perFrame.empty()) {
            nlohmann::ordered_json each = nlohmann::ordered_json::array();
            for (const auto& [frame, c] : f.perFrame) each.push_back({{"name", frame}, {"certificate", colliderCertificateJson(c)}});
            entry["per_frame"] = each;
        }
        out.push_back(std::move(entry));
    }
    return nlohmann::ordered_json{{"frames", out}}.dump(2) + "\n";
}

std::string box2dText(const std::vector<ColliderFrame>& frames, const std::string& source, std::string& error) {
    std::string text = "// Made by collision-lab collider " + source + "\n";
    for (const ColliderFrame& f : frames) {
        const Box2dExport e = exportBox2d(f.collider.pieces, f.options.maxVertices, f.name, {f.origin, 32.0});
        if (!e.ok()) {
            error = f.name + ": " + e.error;
            return "";
        }
        text += "\n" + e.code;
    }
    return text;
}

std::vector<ExportFrame> exportFrames(const std::vector<ColliderFrame>& frames) {
    std::vector<ExportFrame> out;
    for (const ColliderFrame& f : frames) out.push_back({f.name, f.collider.pieces, f.origin, f.options.maxVertices});
    return out;
}

std::string textOf(const TextExport& e, std::string& error) {
    error = e.error;
    return e.text;
}

// The Godot body is named after its one collider (a sprite, "hero/union"), else after the input file.
std::string bodyName(const std::vector<ColliderFrame>& frames, const std::string& source) {
    return frames.size() == 1 ? frames.front().name : std::filesystem::path(source).stem().string();
}

std::string godot4Text(const std::vector<ColliderFrame>& frames, const std::string& source, std::string& error) {
    return textOf(exportGodot(exportFrames(frames), bodyName(frames, source), GodotVersion::Godot4), error);
}

std::string godot3Text(const std::vector<ColliderFrame>& frames, const std::string& source, std::string& error) {
    return textOf(exportGodot(exportFrames(frames), bodyName(frames, source), GodotVersion::Godot3), error);
}

std::string phaserText(const std::vector<ColliderFrame>& frames, const std::string&, std::string& error) {
    return textOf(exportPhaser(exportFrames(frames)), error);
}

// The output formats, one row each: --format's choices, their file name ending and what writes them.
struct FormatRow {
    const char* name;
    const char* extension;
    std::string (*write)(const std::vector<ColliderFrame>&, const std::string& source, std::string& error);
};
constexpr FormatRow kFormats[] = {
    {"table", ".collider.txt", tableText}, {"json", ".collider.json", jsonText},   {"box2d", ".collider.h", box2dText},
    {"godot", ".tscn", godot4Text},        {"godot3", ".godot3.tscn", godot3Text}, {"phaser", ".phaser.json", phaserText},
};

const FormatRow* formatRow(const std::string& format) {
    for (const FormatRow& row : kFormats)
        if (format == row.name) return &row;
    return nullptr;
}

}  // namespace

nlohmann::ordered_json colliderCertificateJson(const ColliderCertificate& c) {
    nlohmann::ordered_json dropped = nlohmann::ordered_json::array();
    for (const DroppedPart& d : c.dropped) dropped.push_back({{"at", {d.at.x, d.at.y}}, {"area", d.area}});
    // JSON has no infinity: a collider with no piece for a shape with pixels (or the reverse) has none.
    const nlohmann::ordered_json hausdorff = std::isfinite(c.hausdorff) ? nlohmann::ordered_json(c.hausdorff) : nullptr;
    return {{"missed_area", c.missedArea}, {"extra_area", c.extraArea}, {"missed_pixels", c.missedPixels},
            {"extra_pixels", c.extraPixels}, {"iou", c.iou},          {"hausdorff", hausdorff},
            {"dropped", dropped}};
}

const std::vector<std::string>& colliderFormats() {
    static const std::vector<std::string> formats = [] {
        std::vector<std::string> names;
        for (const FormatRow& row : kFormats) names.push_back(row.name);
        return names;
    }();
    return formats;
}

std::string colliderFormatExtension(const std::string& format) {
    const FormatRow* row = formatRow(format);
    return row ? row->extension : ".collider.txt";
}

ColliderOutput colliderOutput(const std::vector<ColliderFrame>& frames, const std::string& format, const std::string& source) {
    ColliderOutput out;
    for (const ColliderFrame& frame : frames) {
        if (const std::string problem = colliderProblem(frame.collider.pieces, frame.options.maxVertices); !problem.empty()) {
            out.error = frame.name + ": internal error, the collider is invalid (" + problem + ")";
            out.bug = true;
            return out;
        }
    }
    const FormatRow* row = formatRow(format);
    if (!row) {
        out.error = "--format " + format + ": not a collider format";
        return out;
    }
    std::string error;
    out.text = row->write(frames, source, error);
    if (!error.empty()) {
        out.text.clear();
        out.error = "--format " + format + ": " + error;
    }
    return out;
}

}  // namespace cl
