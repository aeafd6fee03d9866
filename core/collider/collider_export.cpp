#include "core/collider/collider_export.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include <nlohmann/json.hpp>

#include "core/collider/collider_validity.h"

namespace cl {
namespace {

std::string identifier(const std::string& name) {
    std::string id;
    for (char c : name) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        id += keep ? c : '_';
    }
    if (id.empty() || (id[0] >= '0' && id[0] <= '9')) id = "collider_" + id;
    return id;
}

// A float literal that reads back as the same float: 9 significant digits.
std::string floatLiteral(double value) {
    char text[40];
    std::snprintf(text, sizeof text, "%.9gf", static_cast<double>(static_cast<float>(value)));
    std::string s = text;
    if (s.find_first_of(".e") == std::string::npos) s.insert(s.size() - 1, ".0");
    return s;
}

// The shortest decimal that reads back as the same float (Godot stores Vector2 in 32-bit floats).
std::string godotNumber(double value) {
    const float f = static_cast<float>(value);
    char text[40];
    for (int digits = 6; digits <= 9; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(f));
        if (std::strtof(text, nullptr) == f) break;
    }
    return std::string(text) == "-0" ? "0" : text;
}

// Godot refuses . : @ / " % in node names; a backslash or a control character would need escaping in the file.
std::string godotNodeName(const std::string& name) {
    std::string out;
    for (char c : name) {
        const bool refused = c == '.' || c == ':' || c == '@' || c == '/' || c == '"' || c == '%' || c == '\\' ||
                             (static_cast<unsigned char>(c) < 0x20) || c == 0x7f;
        out += refused ? '_' : c;
    }
    return out;
}

std::string validityError(const std::vector<ExportFrame>& frames) {
    for (const ExportFrame& frame : frames) {
        if (const std::string problem = colliderProblem(frame.pieces, frame.maxVertices); !problem.empty())
            return frame.name + ": invalid collider (a bug): " + problem;
    }
    return "";
}

}  // namespace

TextExport exportGodot(const std::vector<ExportFrame>& frames, const std::string& bodyName, GodotVersion version) {
    TextExport out;
    if (out.error = validityError(frames); !out.error.empty()) return out;
    for (const ExportFrame& frame : frames) {
        if (!std::isfinite(frame.origin.x) || !std::isfinite(frame.origin.y)) {
            out.error = frame.name + ": the origin must be finite";
            return out;
        }
    }
    const bool godot3 = version == GodotVersion::Godot3;
    const std::string body = godotNodeName(bodyName).empty() ? "Collider" : godotNodeName(bodyName);
    out.text = std::string("[gd_scene format=") + (godot3 ? "2" : "3") + "]\n\n[node name=\"" + body +
               "\" type=\"StaticBody2D\"]\n";
    std::set<std::string> used;
    for (std::size_t f = 0; f < frames.size(); ++f) {
        // Two frames whose names differ only in refused characters still get distinct node names.
        std::string prefix = frames.size() == 1 ? "" : godotNodeName(frames[f].name) + "_";
        for (int n = 2; frames.size() > 1 && !used.insert(prefix).second; ++n)
            prefix = godotNodeName(frames[f].name) + "_" + std::to_string(n) + "_";
        for (std::size_t k = 0; k < frames[f].pieces.size(); ++k) {
            out.text += "\n[node name=\"" + prefix + "piece_" + std::to_string(k) +
                        "\" type=\"CollisionPolygon2D\" parent=\".\"]\n";
            out.text += "build_mode = 0\n";
            if (f > 0) out.text += "disabled = true\n";
            std::string points;
            for (const glm::dvec2& v : frames[f].pieces[k]) {
                points += (points.empty() ? "" : ", ") + godotNumber(v.x - frames[f].origin.x) + ", " +
                          godotNumber(v.y - frames[f].origin.y);
            }
            out.text += godot3 ? "polygon = PoolVector2Array( " + points + " )\n" : "polygon = PackedVector2Array(" + points + ")\n";
        }
    }
    return out;
}

TextExport exportPhaser(const std::vector<ExportFrame>& frames) {
    TextExport out;
    if (out.error = validityError(frames); !out.error.empty()) return out;
    nlohmann::ordered_json file = nlohmann::ordered_json::object();
    for (const ExportFrame& frame : frames) {
        if (file.contains(frame.name)) {
            out.error = frame.name + ": two frames of this name; the file holds one body per name";
            return out;
        }
        // Body.setParts keeps Body.create's default 40x40 box when there is no part: an empty collider cannot be written.
        if (frame.pieces.empty()) {
            out.error = frame.name + ": no pieces (no solid pixel); Phaser would give the body Matter's default 40x40 box";
            return out;
        }
        nlohmann::ordered_json vertices = nlohmann::ordered_json::array();
        for (const ColliderPiece& piece : frame.pieces) {
            nlohmann::ordered_json points = nlohmann::ordered_json::array();
            for (const glm::dvec2& v : piece) points.push_back({{"x", v.x}, {"y", v.y}});
            vertices.push_back(std::move(points));
        }
        // Matter's own defaults, written out so that they can be edited in place as in PhysicsEditor's files.
        file[frame.name] = {
            {"type", "fromPhysicsEditor"}, {"label", frame.name},   {"isStatic", false},     {"density", 0.001},
            {"restitution", 0},            {"friction", 0.1},       {"frictionAir", 0.01},   {"frictionStatic", 0.5},
            {"collisionFilter", {{"group", 0}, {"category", 1}, {"mask", 4294967295u}}},
            {"fixtures", nlohmann::ordered_json::array({{{"label", frame.name}, {"isSensor", false}, {"vertices", vertices}}})},
        };
    }
    out.text = file.dump(2) + "\n";
    return out;
}

Box2dExport exportBox2d(const std::vector<ColliderPiece>& pieces, int maxVertices, const std::string& name,
                        const ExportPlacement& placement) {
    Box2dExport out;
    if (const std::string problem = colliderProblem(pieces, maxVertices); !problem.empty()) {
        out.error = "invalid collider (a bug): " + problem;
        return out;
    }
    if (!std::isfinite(placement.origin.x) || !std::isfinite(placement.origin.y) || !std::isfinite(placement.pixelsPerMeter) ||
        !(placement.pixelsPerMeter > 0.0)) {
        out.error = "the origin must be finite and pixels per metre a finite number > 0";
        return out;
    }
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        if (pieces[k].size() > static_cast<std::size_t>(kBox2dMaxVertices)) {
            out.error = "piece " + std::to_string(k) + " has " + std::to_string(pieces[k].size()) +
                        " vertices; Box2D allows at most 8 (make the collider with max_vertices <= 8)";
            return out;
        }
        // Counter-clockwise on screen with y down stays counter-clockwise once y points up: the order is kept.
        std::vector<glm::dvec2> metres;
        for (const glm::dvec2& v : pieces[k]) {
            metres.push_back({(v.x - placement.origin.x) / placement.pixelsPerMeter,
                              -(v.y - placement.origin.y) / placement.pixelsPerMeter});
        }
        out.pieces.push_back(std::move(metres));
    }
    const std::string id = identifier(name);
    std::string points;
    for (std::size_t k = 0; k < out.pieces.size(); ++k) {
        points += "    {";
        for (std::size_t i = 0; i < out.pieces[k].size(); ++i) {
            points += (i ? ", " : "") + std::string("{") + floatLiteral(out.pieces[k][i].x) + ", " +
                      floatLiteral(out.pieces[k][i].y) + "}";
        }
        points += "},\n";
    }
    std::string counts;
    for (std::size_t k = 0; k < out.pieces.size(); ++k) counts += (k ? ", " : "") + std::to_string(out.pieces[k].size());
    const std::string n = std::to_string(out.pieces.size());
    char scale[64];
    std::snprintf(scale, sizeof scale, "%.17g", placement.pixelsPerMeter);
    out.code =
        "// Collider \"" + name + "\" made by collision-lab: " + n + " convex pieces in metres (" + scale +
        " pixels per metre, y up),\n"
        "// counter-clockwise, at most 8 vertices each. Pieces may overlap.\n"
        "static const int " + id + "_piece_count = " + n + ";\n"
        "static const int " + id + "_vertex_counts[] = {" + (counts.empty() ? "0" : counts) + "};\n"
        "static const float " + id + "_vertices[][8][2] = {\n" + (points.empty() ? "    {{0.0f, 0.0f}},\n" : points) + "};\n\n"
        "#if defined(B2_MAX_POLYGON_VERTICES)  // Box2D v3\n"
        "// Adds one polygon shape per piece to `body`.\n"
        "static void add_" + id + "(b2BodyId body, const b2ShapeDef* def) {\n"
        "    for (int k = 0; k < " + id + "_piece_count; ++k) {\n"
        "        b2Vec2 points[8];\n"
        "        for (int i = 0; i < " + id + "_vertex_counts[k]; ++i) {\n"
        "            points[i].x = " + id + "_vertices[k][i][0];\n"
        "            points[i].y = " + id + "_vertices[k][i][1];\n"
        "        }\n"
        "        b2Hull hull = b2ComputeHull(points, " + id + "_vertex_counts[k]);\n"
        "        b2Polygon polygon = b2MakePolygon(&hull, 0.0f);\n"
        "        b2CreatePolygonShape(body, def, &polygon);\n"
        "    }\n"
        "}\n"
        "#else  // Box2D 2.4\n"
        "// Adds one fixture per piece to `body`.\n"
        "static void add_" + id + "(b2Body* body, b2FixtureDef def) {\n"
        "    for (int k = 0; k < " + id + "_piece_count; ++k) {\n"
        "        b2Vec2 points[8];\n"
        "        for (int i = 0; i < " + id + "_vertex_counts[k]; ++i) points[i].Set(" + id + "_vertices[k][i][0], " + id +
        "_vertices[k][i][1]);\n"
        "        b2PolygonShape shape;\n"
        "        shape.Set(points, " + id + "_vertex_counts[k]);\n"
        "        def.shape = &shape;\n"
        "        body->CreateFixture(&def);\n"
        "    }\n"
        "}\n"
        "#endif\n";
    return out;
}

}  // namespace cl
