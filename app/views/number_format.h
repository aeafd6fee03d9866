#pragma once
// Numbers as the panels and labels print them.

namespace cl {

/// `value` ready for printf with `decimals` decimals: a value that would print as -0.000... prints as
/// 0.000... instead (a sine of 180 degrees is -1.2e-16, and "-0.0000" confuses a reader).
inline double printable(double value, int decimals) {
    double half = 0.5;
    for (int i = 0; i < decimals; ++i) half /= 10.0;
    return value <= 0.0 && value > -half ? 0.0 : value;  // -0.0 too
}

}  // namespace cl
