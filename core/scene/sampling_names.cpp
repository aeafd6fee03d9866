#include "core/scene/sampling_names.h"

namespace cl {

std::string_view samplingName(Sampling sampling) { return sampling == Sampling::Xna ? "xna" : "center"; }

std::optional<Sampling> parseSampling(std::string_view name) {
    if (name == "center") return Sampling::Center;
    if (name == "xna") return Sampling::Xna;
    return std::nullopt;
}

std::string_view scanDirectionName(ScanDirection scan) {
    switch (scan) {
    case ScanDirection::BToA: return "b-to-a";
    case ScanDirection::Both: return "both";
    case ScanDirection::AToB: break;
    }
    return "a-to-b";
}

std::optional<ScanDirection> parseScanDirection(std::string_view name) {
    if (name == "a-to-b") return ScanDirection::AToB;
    if (name == "b-to-a") return ScanDirection::BToA;
    if (name == "both") return ScanDirection::Both;
    return std::nullopt;
}

}  // namespace cl
