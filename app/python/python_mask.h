#pragma once
// Mask: an image's pixels and its solid mask at one threshold, built from a numpy array or a pygame Surface.

#include <memory>

#include <pybind11/pybind11.h>

#include "core/base/alpha_mask.h"
#include "app/python/python_initialised.h"
#include "core/base/image.h"

namespace cl::python {

/// The pixels (kept for saving scenes) and the solid mask built from them; cheap to copy (shared).
struct Mask {
    std::shared_ptr<const RgbaImage> image;  ///< Never null.
    std::shared_ptr<const AlphaMask> mask;   ///< Never null.

    /// The mask of `image` at `threshold` (0..255; ValueError outside).
    static Mask fromImage(std::shared_ptr<const RgbaImage> image, int threshold);
    /// From an object with the buffer protocol holding uint8 RGBA of shape (H, W, 4), any strides (a numpy
    /// array, a memoryview...). TypeError for another element type, ValueError for another shape.
    static Mask fromArray(const pybind11::buffer& array, int threshold);
    /// From a pygame Surface or subsurface: 32-bit surfaces with per-pixel alpha are read in place through
    /// the buffer protocol; any other format (colour key, no alpha, palette) through pygame.image.tobytes.
    static Mask fromSurface(const pybind11::object& surface, int threshold);
};

}  // namespace cl::python

COLLISION_LAB_PYTHON_REFUSE_HALF_MADE(cl::python::Mask)
