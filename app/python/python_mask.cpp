#include "app/python/python_mask.h"

#include <bit>
#include <string>

#include <pybind11/stl.h>

namespace py = pybind11;

namespace cl::python {
namespace {

int checkedThreshold(int threshold) {
    if (threshold < 0 || threshold > 255) {
        throw py::value_error("threshold must be in 0..255 (a pixel is solid when alpha > threshold), got " +
                              std::to_string(threshold));
    }
    return threshold;
}

void checkSize(py::ssize_t width, py::ssize_t height, const char* what) {
    if (width <= 0 || height <= 0) throw py::value_error(std::string(what) + " has no pixels");
    if (width > 1 << 15 || height > 1 << 15) {
        throw py::value_error(std::string(what) + " is too large: at most 32768 pixels a side, got " +
                              std::to_string(width) + " x " + std::to_string(height));
    }
}

// The bytes of a buffer laid out contiguously in C order; -1 (so that nothing fits) for any other layout.
py::ssize_t contiguousBytes(const py::buffer_info& info) {
    py::ssize_t expected = info.itemsize;
    for (py::ssize_t i = info.ndim - 1; i >= 0; --i) {
        const auto at = static_cast<std::size_t>(i);
        if (info.shape[at] > 1 && info.strides[at] != expected) return -1;
        expected *= info.shape[at];
    }
    return expected;
}

std::string shapeText(const py::buffer_info& info) {
    std::string text = "(";
    for (std::size_t i = 0; i < info.shape.size(); ++i) text += (i ? ", " : "") + std::to_string(info.shape[i]);
    return text + (info.shape.size() == 1 ? ",)" : ")");
}

// pygame names colour channels by bit masks of the native-endian 32-bit pixel: the byte in memory each
// 8-bit channel sits in, or -1 when the channel is not a whole byte (or missing, as alpha often is).
int channelByte(std::uint32_t mask) {
    for (int shift = 0; shift < 4; ++shift) {
        if (mask == 0xFFu << (8 * shift)) return std::endian::native == std::endian::little ? shift : 3 - shift;
    }
    return -1;
}

// Rows of 32-bit pixels to RGBA; the channel bytes are constants so the compiler can vectorise the shuffle.
template <int R, int G, int B, int A>
void copyChannels(const std::uint8_t* base, py::ssize_t pitch, int width, int height, std::uint8_t* out) {
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* p = base + y * pitch;
        for (int x = 0; x < width; ++x, p += 4, out += 4) {
            out[0] = p[R];
            out[1] = p[G];
            out[2] = p[B];
            out[3] = p[A];
        }
    }
}

}  // namespace

Mask Mask::fromImage(std::shared_ptr<const RgbaImage> image, int threshold) {
    Mask m;
    m.mask = std::make_shared<const AlphaMask>(*image, checkedThreshold(threshold));
    m.image = std::move(image);
    return m;
}

Mask Mask::fromArray(const py::buffer& array, int threshold) {
    checkedThreshold(threshold);
    const py::buffer_info info = array.request();
    if (info.format != py::format_descriptor<std::uint8_t>::format() || info.itemsize != 1) {
        std::string type = info.format;
        if (py::hasattr(array, "dtype")) type = py::str(array.attr("dtype")).cast<std::string>();
        throw py::type_error("array must hold uint8 RGBA values (dtype uint8), got dtype " + type);
    }
    if (info.ndim != 3 || info.shape[2] != 4) {
        throw py::value_error("array must have shape (height, width, 4) for RGBA, got shape " + shapeText(info));
    }
    const py::ssize_t height = info.shape[0], width = info.shape[1];
    checkSize(width, height, "array");
    auto image = std::make_shared<RgbaImage>();
    image->width = int(width);
    image->height = int(height);
    image->pixels.resize(std::size_t(width) * std::size_t(height) * 4);
    const auto* base = static_cast<const std::uint8_t*>(info.ptr);
    const py::ssize_t sy = info.strides[0], sx = info.strides[1], sc = info.strides[2];
    std::uint8_t* out = image->pixels.data();
    for (py::ssize_t y = 0; y < height; ++y) {
        const std::uint8_t* row = base + y * sy;
        if (sx == 4 && sc == 1) {
            std::copy(row, row + width * 4, out);
            out += width * 4;
            continue;
        }
        for (py::ssize_t x = 0; x < width; ++x) {
            for (int c = 0; c < 4; ++c) *out++ = row[x * sx + c * sc];
        }
    }
    return fromImage(std::move(image), threshold);
}

Mask Mask::fromSurface(const py::object& surface, int threshold) {
    checkedThreshold(threshold);
    if (!py::hasattr(surface, "get_bitsize") || !py::hasattr(surface, "get_masks")) {
        throw py::type_error("expected a pygame.Surface, got " + std::string(py::str(py::type::of(surface))));
    }
    const auto size = surface.attr("get_size")().cast<std::pair<py::ssize_t, py::ssize_t>>();
    checkSize(size.first, size.second, "surface");
    auto image = std::make_shared<RgbaImage>();
    image->width = int(size.first);
    image->height = int(size.second);
    image->pixels.resize(std::size_t(size.first) * std::size_t(size.second) * 4);

    const int bits = surface.attr("get_bitsize")().cast<int>();
    const auto masks = surface.attr("get_masks")().cast<std::array<std::uint32_t, 4>>();
    std::array<int, 4> bytes{};
    for (int c = 0; c < 4; ++c) bytes[c] = channelByte(masks[c]);
    const bool inPlace = bits == 32 && bytes[0] >= 0 && bytes[1] >= 0 && bytes[2] >= 0 && bytes[3] >= 0;
    if (inPlace) {
        // A subsurface (a frame of a sprite sheet) has no contiguous view of its own: read its pixels
        // inside the top-level surface that owns them. The view locks that surface while it lives.
        py::object owner = surface;
        std::pair<py::ssize_t, py::ssize_t> offset{0, 0};
        if (!surface.attr("get_parent")().is_none()) {
            owner = surface.attr("get_abs_parent")();
            offset = surface.attr("get_abs_offset")().cast<std::pair<py::ssize_t, py::ssize_t>>();
        }
        const py::buffer view = owner.attr("get_view")("0");
        const py::buffer_info info = view.request();
        const auto pitch = owner.attr("get_pitch")().cast<py::ssize_t>();
        // The sizes, offset and pitch are only what the object says (a subclass or a look-alike may say
        // anything): every byte read must lie inside the buffer it handed over.
        const py::ssize_t bufferBytes = contiguousBytes(info);
        constexpr py::ssize_t kFarthest = py::ssize_t(1) << 30;  // keeps the products below in range
        if (offset.first < 0 || offset.second < 0 || offset.first > kFarthest || offset.second > kFarthest ||
            pitch < (offset.first + size.first) * 4 || pitch > kFarthest || bufferBytes < (offset.first + size.first) * 4 ||
            (offset.second + size.second - 1) > (bufferBytes - (offset.first + size.first) * 4) / pitch) {
            throw py::value_error("surface: its buffer holds " + std::to_string(bufferBytes) + " bytes, too few for " +
                                  std::to_string(size.first) + " x " + std::to_string(size.second) + " pixels at offset (" +
                                  std::to_string(offset.first) + ", " + std::to_string(offset.second) + ") with a pitch of " +
                                  std::to_string(pitch) + " bytes (get_size(), get_abs_offset() or get_pitch() does not match get_view())");
        }
        const auto* base = static_cast<const std::uint8_t*>(info.ptr) + offset.second * pitch + offset.first * 4;
        std::uint8_t* out = image->pixels.data();
        if (bytes == std::array<int, 4>{2, 1, 0, 3}) {
            copyChannels<2, 1, 0, 3>(base, pitch, image->width, image->height, out);  // pygame's usual BGRA
        } else if (bytes == std::array<int, 4>{0, 1, 2, 3}) {
            copyChannels<0, 1, 2, 3>(base, pitch, image->width, image->height, out);
        } else {
            for (int y = 0; y < image->height; ++y) {
                const std::uint8_t* row = base + y * pitch;
                for (int x = 0; x < image->width; ++x, out += 4) {
                    for (int c = 0; c < 4; ++c) out[c] = row[x * 4 + bytes[c]];
                }
            }
        }
    } else {
        const py::module_ imageModule = py::module_::import("pygame.image");
        const py::object toBytes = py::hasattr(imageModule, "tobytes") ? imageModule.attr("tobytes") : imageModule.attr("tostring");
        const py::bytes rgba = toBytes(surface, "RGBA");
        const std::string_view data = rgba;
        if (data.size() != image->pixels.size()) throw py::value_error("pygame returned an unexpected number of bytes");
        std::copy(data.begin(), data.end(), image->pixels.begin());
    }
    return fromImage(std::move(image), threshold);
}

}  // namespace cl::python
