#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/collider/collider_validity.h"

namespace cl {
namespace {

const ColliderPiece kUnitSquare{{0, 0}, {0, 1}, {1, 1}, {1, 0}};  // counter-clockwise on screen (y down)

TEST(ColliderValidity, UnitSquareCounterClockwiseOnScreenIsValid) {
    EXPECT_EQ(colliderProblem({kUnitSquare}, 8), "");
    EXPECT_EQ(colliderProblem({}, 8), "");
}

TEST(ColliderValidity, ClockwiseOnScreenIsRejected) {
    const ColliderPiece cw{{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    EXPECT_NE(colliderProblem({kUnitSquare, cw}, 8).find("piece 1:"), std::string::npos);
}

TEST(ColliderValidity, RepeatedVertexIsRejected) {
    const ColliderPiece p{{0, 0}, {0, 1}, {1, 1}, {0, 1}};
    EXPECT_NE(colliderProblem({p}, 8).find("repeats"), std::string::npos);
}

TEST(ColliderValidity, ThreeCollinearVerticesAreRejected) {
    const ColliderPiece p{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {1, 0}};
    EXPECT_NE(colliderProblem({p}, 8), "");
}

TEST(ColliderValidity, TooManyOrTooFewVerticesAreRejected) {
    EXPECT_NE(colliderProblem({kUnitSquare}, 3).find("4 vertices, allowed 3..3"), std::string::npos);
    EXPECT_NE(colliderProblem({ColliderPiece{{0, 0}, {0, 1}}}, 8), "");
}

TEST(ColliderValidity, ReflexVertexIsRejected) {
    const ColliderPiece p{{0, 0}, {0, 2}, {2, 2}, {1, 1}, {2, 0}};
    EXPECT_NE(colliderProblem({p}, 8), "");
}

TEST(ColliderValidity, TinyAreaAndNonFiniteVerticesAreRejected) {
    const ColliderPiece tiny{{0, 0}, {0, 1e-4}, {1e-4, 1e-4}, {1e-4, 0}};  // 1e-8 px^2
    EXPECT_NE(colliderProblem({tiny}, 8).find("area"), std::string::npos);
    const ColliderPiece nan{{0, 0}, {0, std::nan("")}, {1, 1}};
    EXPECT_NE(colliderProblem({nan}, 8).find("finite"), std::string::npos);
}

TEST(ColliderValidity, OptionsOutsideTheirRangeNameTheOption) {
    EXPECT_EQ(colliderOptionsProblem(ColliderOptions{}), "");
    EXPECT_NE(colliderOptionsProblem({ColliderMode::Outer, 1.0, 2}).find("max_vertices"), std::string::npos);
    EXPECT_NE(colliderOptionsProblem({ColliderMode::Outer, 1.0, 65}).find("max_vertices"), std::string::npos);
    EXPECT_EQ(colliderOptionsProblem({ColliderMode::Outer, 1.0, 3}), "");
    EXPECT_EQ(colliderOptionsProblem({ColliderMode::Outer, 1.0, 64}), "");
    EXPECT_NE(colliderOptionsProblem({ColliderMode::Outer, 0.0, 8}).find("epsilon"), std::string::npos);
    EXPECT_NE(colliderOptionsProblem({ColliderMode::Outer, -1.0, 8}).find("epsilon"), std::string::npos);
    EXPECT_NE(colliderOptionsProblem({ColliderMode::Outer, std::nan(""), 8}).find("epsilon"), std::string::npos);
    EXPECT_NE(colliderOptionsProblem({ColliderMode::Outer, std::numeric_limits<double>::infinity(), 8}).find("epsilon"), std::string::npos);
}

TEST(ColliderValidity, ModeNamesRoundTripAndUnknownNamesAreRefused) {
    for (ColliderMode m : {ColliderMode::Outer, ColliderMode::Inner, ColliderMode::Balanced}) {
        ColliderMode read = ColliderMode::Outer;
        EXPECT_TRUE(parseColliderMode(colliderModeName(m), read));
        EXPECT_EQ(read, m);
    }
    ColliderMode kept = ColliderMode::Inner;
    EXPECT_FALSE(parseColliderMode("convex", kept));
    EXPECT_EQ(kept, ColliderMode::Inner);
}

}  // namespace
}  // namespace cl
