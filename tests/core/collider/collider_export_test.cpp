// Exporters: the Godot (3 and 4) and Phaser files checked by form here (Godot 3 and matter-js load them in
// tests/app/cli/collider_engines_test.py); the Box2D export's data is loaded by Box2D 2.4 itself (libbox2d-dev) when it is installed: every
// piece goes through b2PolygonShape::Set into a fixture of one body and must come out unchanged (same count,
// same vertices). The generated code is checked by form for both Box2D 2.4 and v3.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/collider/collider_export.h"
#include "core/collider/make_collider.h"

#include <nlohmann/json.hpp>
#include "tests/core/test_masks.h"

#if defined(COLLISION_LAB_HAVE_BOX2D)
#include <box2d/box2d.h>
#endif

namespace cl {
namespace {

using testing::maskFromArt;

std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

TEST(ColliderExport, Box2dPiecesAreMetresWithYUpAroundTheOrigin) {
    // A 2x1 bar: one piece (0,0) (0,1) (2,1) (2,0) on screen; with the origin at (1, 0.5) and 2 px per metre it is
    // (-0.5, 0.25) (-0.5, -0.25) (0.5, -0.25) (0.5, 0.25): counter-clockwise with y up.
    const std::vector<ColliderPiece> pieces{{{0, 0}, {0, 1}, {2, 1}, {2, 0}}};
    const Box2dExport e = exportBox2d(pieces, 8, "bar", {{1.0, 0.5}, 2.0});
    ASSERT_TRUE(e.ok()) << e.error;
    ASSERT_EQ(e.pieces.size(), 1u);
    EXPECT_EQ(e.pieces[0], (std::vector<glm::dvec2>{{-0.5, 0.25}, {-0.5, -0.25}, {0.5, -0.25}, {0.5, 0.25}}));
    double twiceArea = 0.0;
    for (std::size_t i = 0; i < 4; ++i) {
        const glm::dvec2 a = e.pieces[0][i], b = e.pieces[0][(i + 1) % 4];
        twiceArea += a.x * b.y - a.y * b.x;
    }
    EXPECT_GT(twiceArea, 0.0);  // counter-clockwise in Box2D's axes
}

TEST(ColliderExport, Box2dCodeHasBothApisAndEveryPiece) {
    const std::vector<ColliderPiece> pieces{{{0, 0}, {0, 1}, {2, 1}, {2, 0}}, {{0, 1}, {0, 2}, {1, 1}}};
    const Box2dExport e = exportBox2d(pieces, 8, "my-bar 2", {{0.0, 0.0}, 1.0});
    ASSERT_TRUE(e.ok()) << e.error;
    EXPECT_NE(e.code.find("static const int my_bar_2_piece_count = 2;"), std::string::npos) << e.code;
    EXPECT_NE(e.code.find("my_bar_2_vertex_counts[] = {4, 3};"), std::string::npos) << e.code;
    EXPECT_NE(e.code.find("{{0.0f, -0.0f}, {0.0f, -1.0f}, {2.0f, -1.0f}, {2.0f, -0.0f}},"), std::string::npos) << e.code;
    EXPECT_NE(e.code.find("{{0.0f, -1.0f}, {0.0f, -2.0f}, {1.0f, -1.0f}},"), std::string::npos) << e.code;
    // v3: a hull, then b2MakePolygon, per piece; 2.4: b2PolygonShape::Set into a fixture.
    EXPECT_EQ(count(e.code, "b2ComputeHull("), 1u);
    EXPECT_EQ(count(e.code, "b2MakePolygon(&hull, 0.0f)"), 1u);
    EXPECT_EQ(count(e.code, "b2CreatePolygonShape(body, def, &polygon)"), 1u);
    EXPECT_EQ(count(e.code, "shape.Set(points, my_bar_2_vertex_counts[k])"), 1u);
    EXPECT_EQ(count(e.code, "body->CreateFixture(&def)"), 1u);
}

TEST(ColliderExport, RefusesInvalidCollidersTooManyVerticesAndBadPlacements) {
    const std::vector<ColliderPiece> clockwise{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
    EXPECT_NE(exportBox2d(clockwise, 8, "c").error.find("invalid collider"), std::string::npos);
    ColliderPiece nine;
    for (int i = 0; i < 9; ++i) {
        const double angle = -2.0 * M_PI * i / 9;  // counter-clockwise on screen
        nine.push_back({std::round(20 * std::cos(angle)) / 2, std::round(20 * std::sin(angle)) / 2});
    }
    const Box2dExport e = exportBox2d({nine}, 16, "nine");
    EXPECT_NE(e.error.find("at most 8"), std::string::npos) << e.error;
    EXPECT_TRUE(e.code.empty());
    const std::vector<ColliderPiece> square{{{0, 0}, {0, 1}, {1, 1}, {1, 0}}};
    EXPECT_FALSE(exportBox2d(square, 8, "s", {{0, 0}, 0.0}).ok());
    EXPECT_FALSE(exportBox2d(square, 8, "s", {{std::nan(""), 0}, 32.0}).ok());
}

// Two frames: "walk/0" with a 2x1 bar and a triangle, "walk.1" with a unit square; origins at the frames' centres.
const std::vector<ExportFrame> kWalk{
    {"walk/0", {{{0, 0}, {0, 1}, {2, 1}, {2, 0}}, {{0, 1}, {0, 2}, {1, 1}}}, {1.0, 1.0}, 8},
    {"walk.1", {{{0.25, 0}, {0.25, 1}, {1.25, 1}, {1.25, 0}}}, {0.5, 0.5}, 8},
};

TEST(ColliderExport, Godot4SceneIsFormat3WithPackedVector2ArrayPolygons) {
    const TextExport e = exportGodot({kWalk[0]}, "hero", GodotVersion::Godot4);
    ASSERT_TRUE(e.ok()) << e.error;
    EXPECT_EQ(e.text,
              "[gd_scene format=3]\n"
              "\n"
              "[node name=\"hero\" type=\"StaticBody2D\"]\n"
              "\n"
              "[node name=\"piece_0\" type=\"CollisionPolygon2D\" parent=\".\"]\n"
              "build_mode = 0\n"
              "polygon = PackedVector2Array(-1, -1, -1, 0, 1, 0, 1, -1)\n"
              "\n"
              "[node name=\"piece_1\" type=\"CollisionPolygon2D\" parent=\".\"]\n"
              "build_mode = 0\n"
              "polygon = PackedVector2Array(-1, 0, -1, 1, 0, 0)\n");
}

TEST(ColliderExport, Godot3SceneIsFormat2WithPoolVector2ArrayAndLaterFramesDisabled) {
    const TextExport e = exportGodot(kWalk, "my/hero", GodotVersion::Godot3);
    ASSERT_TRUE(e.ok()) << e.error;
    EXPECT_EQ(e.text.rfind("[gd_scene format=2]\n\n[node name=\"my_hero\" type=\"StaticBody2D\"]\n", 0), 0u) << e.text;
    EXPECT_EQ(count(e.text, "type=\"CollisionPolygon2D\" parent=\".\"]\nbuild_mode = 0\n"), 3u) << e.text;
    EXPECT_NE(e.text.find("[node name=\"walk_0_piece_1\" type=\"CollisionPolygon2D\" parent=\".\"]\nbuild_mode = 0\n"
                          "polygon = PoolVector2Array( -1, 0, -1, 1, 0, 0 )\n"),
              std::string::npos)
        << e.text;
    EXPECT_NE(e.text.find("[node name=\"walk_1_piece_0\" type=\"CollisionPolygon2D\" parent=\".\"]\nbuild_mode = 0\n"
                          "disabled = true\npolygon = PoolVector2Array( -0.25, -0.5, -0.25, 0.5, 0.75, 0.5, 0.75, -0.5 )\n"),
              std::string::npos)
        << e.text;
    EXPECT_EQ(count(e.text, "disabled = true"), 1u);
    EXPECT_EQ(count(e.text, "PackedVector2Array"), 0u);
}

TEST(ColliderExport, GodotNodeNamesStayDistinctAndNumbersReadBackAsTheSameFloat) {
    // "a/b" and "a.b" both clean to "a_b": the second frame's nodes get "a_b_2_".
    const ColliderPiece third{{0, 0}, {0, 1.0 / 3.0}, {1, 0}};
    const TextExport e = exportGodot({{"a/b", {third}, {0, 0}, 8}, {"a.b", {third}, {0, 0}, 8}}, "", GodotVersion::Godot4);
    ASSERT_TRUE(e.ok()) << e.error;
    EXPECT_NE(e.text.find("[node name=\"Collider\" type=\"StaticBody2D\"]"), std::string::npos) << e.text;
    EXPECT_NE(e.text.find("\"a_b_piece_0\""), std::string::npos) << e.text;
    EXPECT_NE(e.text.find("\"a_b_2_piece_0\""), std::string::npos) << e.text;
    // 1/3 as a float is 0.3333333432674407958984375; "0.3333333" reads back as another float, "0.33333334" as it.
    EXPECT_NE(e.text.find("PackedVector2Array(0, 0, 0, 0.33333334, 1, 0)"), std::string::npos) << e.text;
}

TEST(ColliderExport, GodotRefusesInvalidCollidersAndOriginsThatAreNotFinite) {
    const ColliderPiece clockwise{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    EXPECT_NE(exportGodot({{"f", {clockwise}, {0, 0}, 8}}, "b", GodotVersion::Godot3).error.find("f: invalid collider"),
              std::string::npos);
    EXPECT_FALSE(exportGodot({{"f", kWalk[0].pieces, {std::nan(""), 0}, 8}}, "b", GodotVersion::Godot4).ok());
    // An empty collider is a body with no shape.
    const TextExport empty = exportGodot({{"f", {}, {0, 0}, 8}}, "b", GodotVersion::Godot4);
    EXPECT_EQ(empty.text, "[gd_scene format=3]\n\n[node name=\"b\" type=\"StaticBody2D\"]\n");
}

TEST(ColliderExport, PhaserFileHasOneFromPhysicsEditorBodyPerFrameWithEveryPieceInTexturePixels) {
    const TextExport e = exportPhaser(kWalk);
    ASSERT_TRUE(e.ok()) << e.error;
    const nlohmann::json file = nlohmann::json::parse(e.text);
    ASSERT_EQ(file.size(), 2u);
    const nlohmann::json& body = file.at("walk/0");
    EXPECT_EQ(body.at("type"), "fromPhysicsEditor");
    EXPECT_EQ(body.at("label"), "walk/0");
    EXPECT_EQ(body.at("isStatic"), false);
    ASSERT_EQ(body.at("fixtures").size(), 1u);
    const nlohmann::json& sets = body.at("fixtures")[0].at("vertices");
    ASSERT_EQ(sets.size(), 2u);
    EXPECT_EQ(sets[0], nlohmann::json::parse(R"([{"x":0.0,"y":0.0},{"x":0.0,"y":1.0},{"x":2.0,"y":1.0},{"x":2.0,"y":0.0}])"));
    EXPECT_EQ(sets[1], nlohmann::json::parse(R"([{"x":0.0,"y":1.0},{"x":0.0,"y":2.0},{"x":1.0,"y":1.0}])"));
    EXPECT_EQ(file.at("walk.1").at("fixtures")[0].at("vertices")[0][0], nlohmann::json::parse(R"({"x":0.25,"y":0.0})"));
}

TEST(ColliderExport, PhaserRefusesEmptyCollidersDuplicateNamesAndInvalidColliders) {
    EXPECT_NE(exportPhaser({{"f", {}, {0, 0}, 8}}).error.find("40x40"), std::string::npos);
    EXPECT_NE(exportPhaser({kWalk[0], kWalk[0]}).error.find("two frames of this name"), std::string::npos);
    EXPECT_NE(exportPhaser({{"f", {{{0, 0}, {1, 0}, {1, 1}}}, {0, 0}, 8}}).error.find("invalid collider"), std::string::npos);
    EXPECT_NE(exportPhaser({{"f", kWalk[0].pieces, {0, 0}, 3}}).error.find("invalid collider"), std::string::npos);
}

#if defined(COLLISION_LAB_HAVE_BOX2D)
// Every piece of many colliders, set on a b2PolygonShape and made a fixture of one body: Box2D keeps each as given.
TEST(ColliderExport, Box2d24AcceptsEveryPieceUnchanged) {
    std::mt19937 rng(24);
    b2World world(b2Vec2(0.0f, -10.0f));
    b2BodyDef bodyDef;
    bodyDef.type = b2_dynamicBody;
    b2Body* body = world.CreateBody(&bodyDef);
    int checked = 0;
    for (int trial = 0; trial < 300; ++trial) {
        std::uniform_int_distribution<int> side(1, 20);
        const int w = side(rng), h = side(rng);
        std::bernoulli_distribution solid(0.6);
        std::vector<std::string> rows(static_cast<std::size_t>(h), std::string(static_cast<std::size_t>(w), '.'));
        for (auto& row : rows)
            for (char& c : row) c = solid(rng) ? '#' : '.';
        const ColliderOptions options{static_cast<ColliderMode>(trial % 3), 0.5 + (trial % 4) * 0.5, 3 + trial % 6};
        const Collider collider = makeCollider(maskFromArt(rows), options);
        const Box2dExport e = exportBox2d(collider.pieces, options.maxVertices, "t", {{w / 2.0, h / 2.0}, 32.0});
        ASSERT_TRUE(e.ok()) << e.error;
        for (const auto& piece : e.pieces) {
            std::vector<b2Vec2> points;
            for (const glm::dvec2& v : piece) points.emplace_back(static_cast<float>(v.x), static_cast<float>(v.y));
            b2PolygonShape shape;
            shape.Set(points.data(), static_cast<int32>(points.size()));
            ASSERT_EQ(shape.m_count, static_cast<int32>(points.size())) << "trial " << trial;
            // Set starts the hull at another vertex; the vertices and their order around it are the same.
            const auto first = std::find_if(points.begin(), points.end(), [&](const b2Vec2& p) {
                return p.x == shape.m_vertices[0].x && p.y == shape.m_vertices[0].y;
            });
            ASSERT_NE(first, points.end()) << "trial " << trial;
            const std::size_t start = static_cast<std::size_t>(first - points.begin());
            for (std::size_t i = 0; i < points.size(); ++i) {
                const b2Vec2 expected = points[(start + i) % points.size()];
                EXPECT_EQ(shape.m_vertices[i].x, expected.x) << "trial " << trial << " vertex " << i;
                EXPECT_EQ(shape.m_vertices[i].y, expected.y) << "trial " << trial << " vertex " << i;
            }
            b2FixtureDef fixture;
            fixture.shape = &shape;
            fixture.density = 1.0f;
            ASSERT_NE(body->CreateFixture(&fixture), nullptr);
            ++checked;
        }
    }
    EXPECT_GT(checked, 1000);
    EXPECT_GT(body->GetMass(), 0.0f);
}
#else
TEST(ColliderExport, Box2d24AcceptsEveryPieceUnchanged) {
    GTEST_SKIP() << "Box2D 2.4 (libbox2d-dev) is not installed: the export is not loaded by Box2D here";
}
#endif

}  // namespace
}  // namespace cl
