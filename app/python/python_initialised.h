#pragma once
// Objects made with T.__new__ and never initialised: pybind11 would hand a method of T memory that holds
// no T (it allocates the value lazily, uninitialised). Every class the module binds declares its caster
// with COLLISION_LAB_PYTHON_REFUSE_HALF_MADE, so such an object raises TypeError wherever it is passed,
// as an argument or as self.

#include <string>
#include <typeinfo>

#include <pybind11/pybind11.h>

namespace cl::python {

/// Raises TypeError when `src` is an instance of T whose __init__ never ran; any other object is left to
/// the usual conversion rules.
template <class T>
void requireInitialised(pybind11::handle src) {
    namespace py = pybind11;
    const py::detail::type_info* info = py::detail::get_type_info(typeid(T));
    if (!src || !info || !PyObject_TypeCheck(src.ptr(), info->type)) return;
    auto* instance = reinterpret_cast<py::detail::instance*>(src.ptr());
    const py::detail::value_and_holder held = instance->get_value_and_holder(info, false);
    // Every instance pybind11 initialises (by __init__, or to hand out a C++ value or reference) is
    // registered; one made by __new__ alone is not. (The holder is no sign: a returned reference has none.)
    // (value_and_holder's operator bool asks for a value, which such an object lacks: test `inst` instead.)
    if (held.inst != nullptr && !held.instance_registered()) {
        throw py::type_error(std::string(Py_TYPE(src.ptr())->tp_name) +
                             " object is not initialised: it was made with __new__ and its __init__ never ran");
    }
}

}  // namespace cl::python

/// Declares T's pybind11 caster as the usual one that first refuses half-made objects (requireInitialised).
/// Use at global scope right after T is defined, before any binding code converts a T.
#define COLLISION_LAB_PYTHON_REFUSE_HALF_MADE(T)                                               \
    namespace pybind11::detail {                                                             \
    template <>                                                                              \
    class type_caster<T> : public type_caster_base<T> {                                      \
    public:                                                                                  \
        bool load(handle src, bool convert) {                                                \
            ::cl::python::requireInitialised<T>(src);                                        \
            return type_caster_base<T>::load(src, convert);                                  \
        }                                                                                    \
    };                                                                                       \
    }
