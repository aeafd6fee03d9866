// Exporters: the Box2D export's data is loaded by Box2D 2.4 itself (libbox2d-dev) when it is installed: every
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
