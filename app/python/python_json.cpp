#include "app/python/python_json.h"

#include <cmath>

#include "app/python/python_result.h"
#include "core/io/bounded_json.h"

namespace py = pybind11;

namespace cl::python {

py::object toPython(const nlohmann::ordered_json& value) {
    switch (value.type()) {
        case nlohmann::ordered_json::value_t::null: return py::none();
        case nlohmann::ordered_json::value_t::boolean: return py::bool_(value.get<bool>());
        case nlohmann::ordered_json::value_t::number_integer: return py::int_(value.get<std::int64_t>());
        case nlohmann::ordered_json::value_t::number_unsigned: return py::int_(value.get<std::uint64_t>());
        case nlohmann::ordered_json::value_t::number_float: return py::float_(value.get<double>());
        case nlohmann::ordered_json::value_t::string: return py::str(value.get_ref<const std::string&>());
        case nlohmann::ordered_json::value_t::array: {
            py::list list;
            for (const auto& item : value) list.append(toPython(item));
            return list;
        }
        case nlohmann::ordered_json::value_t::object: {
            py::dict dict;
            for (const auto& [key, item] : value.items()) dict[py::str(key)] = toPython(item);
            return dict;
        }
        default: return py::none();
    }
}

nlohmann::json fromPython(const py::handle& value, const std::string& where, int depth) {
    if (value.is_none()) return nullptr;
    if (py::isinstance<py::bool_>(value)) return value.cast<bool>();
    if (py::isinstance<py::int_>(value)) return value.cast<std::int64_t>();
    if (py::isinstance<py::float_>(value)) {
        const double number = value.cast<double>();
        if (!std::isfinite(number)) throw py::value_error(where + ": must be a finite number, got " + std::string(py::repr(value)));
        return number;
    }
    if (py::isinstance<py::str>(value)) return value.cast<std::string>();
    if (py::isinstance<Result>(value)) return value.cast<const Result&>().json();
    const bool container = py::isinstance<py::dict>(value) || py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value);
    // The loader refuses a file nested deeper than this; a cyclic value would recurse for ever.
    if (container && depth >= kMaxJsonDepth) {
        throw py::value_error(where + ": nested too deeply: more than " + std::to_string(kMaxJsonDepth) +
                              " levels of lists and dicts in the scene file (a value that contains itself never ends)");
    }
    if (py::isinstance<py::dict>(value)) {
        nlohmann::json object = nlohmann::json::object();
        for (const auto& [key, item] : value.cast<py::dict>()) {
            if (!py::isinstance<py::str>(key)) {
                throw py::type_error(where + ": keys must be str, got " + std::string(py::repr(key)));
            }
            const std::string name = key.cast<std::string>();
            object[name] = fromPython(item, where + "[\"" + name + "\"]", depth + 1);
        }
        return object;
    }
    if (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
        nlohmann::json array = nlohmann::json::array();
        std::size_t i = 0;
        for (const auto& item : value) array.push_back(fromPython(item, where + "[" + std::to_string(i++) + "]", depth + 1));
        return array;
    }
    throw py::type_error(where + ": cannot be written to a scene file: " + std::string(py::repr(value)));
}

}  // namespace cl::python
