#pragma once
// FileBrowser: an in-app ImGui file dialog (no native dialog is packaged) for opening and saving files.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cl {

/// A modal dialog listing one folder: folders first, then files with an accepted extension.
class FileBrowser {
public:
    enum class Mode { Open, Save };

    /// Opens the dialog in `folder` (the current directory if it is not a folder). `extensions` such as
    /// ".json" filter the files shown (empty shows all); `fileName` pre-fills the name in Save mode.
    void open(Mode mode, std::string title, const std::filesystem::path& folder,
              std::vector<std::string> extensions, std::string fileName = {});
    /// True while the dialog is showing.
    bool isOpen() const { return m_open; }
    /// Draws the dialog; returns the chosen file once, when the user confirms.
    std::optional<std::filesystem::path> draw();
    /// Save mode: the "embed images" checkbox state.
    bool embedImages = false;
    /// Save mode: show the "embed images" checkbox.
    bool offerEmbed = false;

private:
    void refresh();

    bool m_open = false;
    bool m_popupOpened = false;
    Mode m_mode = Mode::Open;
    std::string m_title;
    std::filesystem::path m_folder;
    std::filesystem::path m_shownFolder;  // the folder the entries are from
    std::vector<std::string> m_extensions;
    std::string m_folderText;
    std::string m_fileName;
    std::string m_error;
    struct Entry {
        std::string name;
        bool folder = false;
    };
    std::vector<Entry> m_entries;
};

}  // namespace cl
