#include "app/editor/natural_order.h"

namespace cl {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

bool naturalLess(std::string_view a, std::string_view b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (isDigit(a[i]) && isDigit(b[j])) {
            // Compare the two numbers without converting them (they may be longer than any integer type):
            // skip leading zeros, then the longer run is larger, else the first differing digit decides.
            std::size_t zi = i, zj = j;
            while (zi < a.size() && a[zi] == '0') ++zi;
            while (zj < b.size() && b[zj] == '0') ++zj;
            std::size_t ei = zi, ej = zj;
            while (ei < a.size() && isDigit(a[ei])) ++ei;
            while (ej < b.size() && isDigit(b[ej])) ++ej;
            if (ei - zi != ej - zj) return ei - zi < ej - zj;
            for (std::size_t k = 0; k < ei - zi; ++k)
                if (a[zi + k] != b[zj + k]) return a[zi + k] < b[zj + k];
            // The same number: fewer leading zeros first.
            if (zi - i != zj - j) return zi - i < zj - j;
            i = ei;
            j = ej;
            continue;
        }
        if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
        ++i;
        ++j;
    }
    if (a.size() - i != b.size() - j) return a.size() - i < b.size() - j;
    return a < b;
}

}  // namespace cl
