#pragma once
// Result: one collision test's answer as the Python module hands it out.

#include <nlohmann/json.hpp>

#include "app/python/python_initialised.h"

#include "core/collision/algorithms.h"
#include "core/base/collision_result.h"

namespace cl::python {

/// A test's answer together with the test that gave it (for its name and how it reports overlap).
struct Result {
    const Algorithm* algorithm = nullptr;  ///< Never null.
    CollisionResult result;

    /// The answer as one entry of `collision-lab check --json`, without time_ns (which no two runs share).
    nlohmann::json json() const;
};

}  // namespace cl::python

COLLISION_LAB_PYTHON_REFUSE_HALF_MADE(cl::python::Result)
COLLISION_LAB_PYTHON_REFUSE_HALF_MADE(cl::PixelHit)
