#pragma once
// BugReportForm: what the user wrote and ticked in File > Save as bug report..., kept between frames.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cl {

/// The bug-report dialog's fields.
struct BugReportForm {
    std::string title;
    std::string notes;
    bool allTests = true;             ///< Record every test (those needing a display only with displayTests); otherwise only `ticked`.
    bool displayTests = false;        ///< With allTests: also the tests that need a display (gpu), so the report fails without one.
    std::vector<std::string> ticked;  ///< Test names to record when !allTests.
    std::string file;                 ///< Where Save writes.
    std::filesystem::path replacing;  ///< Save found this file there: the dialog asks "NAME exists. Replace it?" until the name changes.
    std::optional<std::filesystem::path> browsed;  ///< Browse...'s answer: saved there on the next frame.
};

}  // namespace cl
