#pragma once
// Names in the order a person reads them: runs of digits compare as numbers, so "block-2" comes before
// "block-10" (a plain string order puts "block-10", "block-131" and "block-19" before it).

#include <string_view>

namespace cl {

/// True when `a` comes before `b` in natural order: text compared character by character, each run of
/// digits as the number it spells (leading zeros ignored; equal numbers with more leading zeros last).
/// Equal under that order, the plain string order decides, so the order is total.
bool naturalLess(std::string_view a, std::string_view b);

}  // namespace cl
