#pragma once
// JSON values to Python objects and back, for the module's expect blocks and check reports.

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

namespace cl::python {

/// The JSON value as Python: null -> None, numbers -> int or float, arrays -> list, objects -> dict.
pybind11::object toPython(const nlohmann::ordered_json& value);

/// A Python value as JSON: None, bool, int, float (finite), str, list, tuple, dict with str keys, and
/// collision_lab.Result (as its check --json entry). Throws ValueError/TypeError naming `where` otherwise.
/// `depth` is how many arrays and objects of the file already enclose the value: a value nested deeper
/// than the scene loader reads (kMaxJsonDepth, core/io/bounded_json.h), a cyclic one included, is a
/// ValueError, found before any deep recursion.
nlohmann::json fromPython(const pybind11::handle& value, const std::string& where, int depth = 0);

}  // namespace cl::python
