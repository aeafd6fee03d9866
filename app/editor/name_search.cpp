#include "app/editor/name_search.h"

#include <algorithm>
#include <cctype>

#include "app/editor/natural_order.h"

namespace cl {

namespace {

bool containsIgnoringCase(std::string_view text, std::string_view query) {
    const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
    return std::search(text.begin(), text.end(), query.begin(), query.end(), [&](char a, char b) { return lower(a) == lower(b); }) !=
           text.end();
}

}  // namespace

std::vector<int> namesMatching(const std::vector<std::string>& names, std::string_view query) {
    std::vector<int> found;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (containsIgnoringCase(names[i], query)) found.push_back(int(i));
    }
    std::stable_sort(found.begin(), found.end(), [&](int a, int b) { return naturalLess(names[std::size_t(a)], names[std::size_t(b)]); });
    return found;
}

}  // namespace cl
