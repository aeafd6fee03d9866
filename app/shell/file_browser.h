#pragma once
// FileBrowser: an in-app ImGui file dialog (no native dialog is packaged) for opening and saving files.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cl {

/// What the file browser may start in, most wanted first.
struct StartFolderChoice {
    std::filesystem::path lastFolder;  ///< The folder the user last chose a file in (persisted).
    std::filesystem::path openFile;    ///< The open scene file; empty when unsaved.
    std::filesystem::path bundled;     ///< The bundled assets folder; empty when not found.
    std::filesystem::path current;     ///< The current directory.
    std::filesystem::path home;        ///< $HOME.
    bool saving = false;               ///< Save: never start inside `bundled`.
};

/// The first of lastFolder, the open file's folder, (Open only) bundled/scenes, current, home that is a
/// folder and, when saving, not inside `bundled`; `current` when none is.
std::filesystem::path chooseStartFolder(const StartFolderChoice& choice);

/// True when `path` is `folder` or lies inside it (both made absolute and normal first).
bool isInsideFolder(const std::filesystem::path& path, const std::filesystem::path& folder);

/// What a click on an entry of the browser does.
enum class EntryAction { Select, Enter, Choose };
/// A single click selects (a file's name fills the name field); a double click enters a folder or
/// chooses a file.
EntryAction entryAction(bool folder, bool doubleClick);

/// The user's answer to the replace question, this frame.
enum class ReplaceAnswer { None, Replace, Back };
/// Draws "NAME exists. Replace it?" with Replace and Back buttons and `keysHint` in grey. `replaceKey` / `backKey` say
/// whether this frame's keys answer it (each dialog has its own keys). Every Save that can overwrite asks with this.
ReplaceAnswer askToReplace(const std::filesystem::path& file, bool replaceKey, bool backKey, const char* keysHint);

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
    /// The folder the dialog shows.
    const std::filesystem::path& folder() const { return m_folder; }
    /// Draws the dialog; returns the chosen file once, when the user confirms (Save mode: a file that exists only once
    /// the user said to replace it).
    std::optional<std::filesystem::path> draw();
    /// Save mode: the "embed images" checkbox state.
    bool embedImages = false;
    /// Save mode: show the "embed images" checkbox.
    bool offerEmbed = false;
    /// Save mode: when not empty, a checkbox with this label that sets keepExpectations.
    std::string offerKeepExpectations;
    /// Save mode: the "keep the expectations" checkbox state.
    bool keepExpectations = false;
    /// Save mode: added to a chosen name without an extension. open() sets ".json"; set it after open().
    std::string defaultExtension = ".json";
    /// Save mode: the file the question "NAME exists. Replace it?" is about (asked for every existing file chosen; draw()
    /// returns it once the user answers Replace or Enter, Back or Escape returns to the list); empty while not asked.
    const std::filesystem::path& replacing() const { return m_replacing; }

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
    std::string m_selectedFolder;  // a folder selected by one click (double click or Open enters it)
    std::string m_error;
    std::filesystem::path m_replacing;  // the existing file the replace question is about
    bool m_focusName = false;           // Save mode: the name field takes the keys when the dialog appears
    struct Entry {
        std::string name;
        bool folder = false;
    };
    std::vector<Entry> m_entries;
};

}  // namespace cl
