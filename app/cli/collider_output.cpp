#include "app/cli/collider_output.h"

#include <cmath>
#include <cstdio>
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
    static const std::vector<std::string> formats = {"table", "json", "box2d"};
    return formats;
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
    std::ostringstream text;
    if (format == "box2d") text << "// Made by collision-lab collider " << source << "\n";
    nlohmann::ordered_json framesJson = nlohmann::ordered_json::array();
    for (const ColliderFrame& frame : frames) {
        const Collider& collider = frame.collider;
        const ColliderCertificate& c = collider.certificate;
        if (format == "box2d") {
            const Box2dExport e = exportBox2d(collider.pieces, frame.options.maxVertices, frame.name, {frame.origin, 32.0});
            if (!e.ok()) {
                out.error = frame.name + ": --format box2d: " + e.error;
                return out;
            }
            text << "\n" << e.code;
            continue;
        }
        if (format == "json") {
            nlohmann::ordered_json pieces = nlohmann::ordered_json::array();
            for (const ColliderPiece& piece : collider.pieces) {
                nlohmann::ordered_json points = nlohmann::ordered_json::array();
                for (const glm::dvec2& v : piece) points.push_back({v.x, v.y});
                pieces.push_back(points);
            }
            framesJson.push_back({{"name", frame.name}, {"width", frame.width}, {"height", frame.height},
                                  {"pieces", pieces}, {"certificate", colliderCertificateJson(c)}});
            continue;
        }
        std::size_t vertices = 0;
        for (const ColliderPiece& piece : collider.pieces) vertices += piece.size();
        text << frame.name << "  " << frame.width << "x" << frame.height << "  " << colliderModeName(frame.options.mode)
             << ", epsilon " << frame.options.epsilon << ", max " << frame.options.maxVertices << " vertices, threshold "
             << frame.threshold << ": " << collider.pieces.size() << " pieces, " << vertices << " vertices\n"
             << "  missed area " << fixed(c.missedArea, 2) << " px^2 (" << c.missedPixels << " px), extra area "
             << fixed(c.extraArea, 2) << " px^2 (" << c.extraPixels << " px), iou " << fixed(c.iou, 3) << ", hausdorff "
             << fixed(c.hausdorff, 2) << " px" << (c.dropped.empty() ? "" : ", " + std::to_string(c.dropped.size()) + " parts dropped")
             << "\n";
    }
    out.text = format == "json" ? nlohmann::ordered_json{{"frames", framesJson}}.dump(2) + "\n" : text.str();
    return out;
}

}  // namespace cl
