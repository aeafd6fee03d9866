#include "core/collider/collider_export.h"

#include <cmath>
#include <cstdio>

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

}  // namespace

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
