#include "app/shell/file_browser.h"

#include <algorithm>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

namespace cl {

bool isInsideFolder(const std::filesystem::path& path, const std::filesystem::path& folder) {
    if (path.empty() || folder.empty()) return false;
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec).lexically_normal();
    const std::filesystem::path f = std::filesystem::weakly_canonical(std::filesystem::absolute(folder, ec), ec).lexically_normal();
    auto pi = p.begin();
    for (auto fi = f.begin(); fi != f.end(); ++fi, ++pi) {
        if (fi->empty()) continue;  // a trailing separator
        if (pi == p.end() || *pi != *fi) return false;
    }
    return true;
}

std::filesystem::path chooseStartFolder(const StartFolderChoice& choice) {
    std::vector<std::filesystem::path> candidates{choice.lastFolder, choice.openFile.empty() ? std::filesystem::path{} : choice.openFile.parent_path()};
    if (!choice.saving && !choice.bundled.empty()) candidates.push_back(choice.bundled / "scenes");
    candidates.push_back(choice.current);
    candidates.push_back(choice.home);
    for (const std::filesystem::path& folder : candidates) {
        std::error_code ec;
        if (folder.empty() || !std::filesystem::is_directory(folder, ec)) continue;
        if (choice.saving && isInsideFolder(folder, choice.bundled)) continue;
        return folder;
    }
    return choice.current;
}

EntryAction entryAction(bool folder, bool doubleClick) {
    if (!doubleClick) return EntryAction::Select;
    return folder ? EntryAction::Enter : EntryAction::Choose;
}

ReplaceAnswer askToReplace(const std::filesystem::path& file, bool replaceKey, bool backKey, const char* keysHint) {
    ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "%s exists. Replace it?", file.filename().string().c_str());
    ReplaceAnswer answer = ReplaceAnswer::None;
    if (ImGui::Button("Replace") || replaceKey) answer = ReplaceAnswer::Replace;
    ImGui::SameLine();
    if ((ImGui::Button("Back") || backKey) && answer == ReplaceAnswer::None) answer = ReplaceAnswer::Back;
    ImGui::SameLine();
    ImGui::TextDisabled("%s", keysHint);
    return answer;
}

void FileBrowser::open(Mode mode, std::string title, const std::filesystem::path& folder,
                       std::vector<std::string> extensions, std::string fileName) {
    m_open = true;
    m_popupOpened = false;
    m_mode = mode;
    m_title = std::move(title);
    std::error_code ec;
    m_folder = std::filesystem::is_directory(folder, ec) ? folder : std::filesystem::current_path(ec);
    m_extensions = std::move(extensions);
    m_fileName = std::move(fileName);
    m_error.clear();
    m_shownFolder = m_folder;
    m_selectedFolder.clear();
    m_replacing.clear();
    m_focusName = mode == Mode::Save;
    defaultExtension = ".json";
    refresh();
}

void FileBrowser::refresh() {
    std::error_code ec;
    if (!std::filesystem::is_directory(m_folder, ec)) {
        m_error = m_folder.string() + ": not a folder";
        m_folder = m_shownFolder;
        m_folderText = m_folder.string();
        return;
    }
    m_error.clear();
    m_entries.clear();
    m_folder = std::filesystem::weakly_canonical(m_folder, ec);
    m_folderText = m_folder.string();
    m_shownFolder = m_folder;
    for (std::filesystem::directory_iterator it(m_folder, std::filesystem::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        std::error_code typeError;
        const bool folder = it->is_directory(typeError);
        if (!folder) {
            std::string ext = it->path().extension().string();
            std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
            if (!m_extensions.empty() && std::find(m_extensions.begin(), m_extensions.end(), ext) == m_extensions.end()) continue;
        }
        m_entries.push_back({name, folder});
    }
    if (ec) m_error = m_folder.string() + ": cannot list the folder: " + ec.message();
    std::sort(m_entries.begin(), m_entries.end(), [](const Entry& a, const Entry& b) {
        return a.folder != b.folder ? a.folder : a.name < b.name;
    });
}

std::optional<std::filesystem::path> FileBrowser::draw() {
    if (!m_open) return std::nullopt;
    const char* id = "File browser";
    if (!m_popupOpened) {
        ImGui::OpenPopup(id);
        m_popupOpened = true;
    }
    std::optional<std::filesystem::path> chosen;
    ImGui::SetNextWindowSize(ImVec2(640, 460), ImGuiCond_Appearing);
    const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
    ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    bool keepOpen = true;
    if (ImGui::BeginPopupModal(id, &keepOpen)) {
        ImGui::TextUnformatted(m_title.c_str());
        ImGui::BeginDisabled(!m_replacing.empty());
        if (ImGui::Button("Up")) {
            m_folder = m_folder.parent_path();
            refresh();
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-1);
        if (ImGui::InputText("##folder", &m_folderText, ImGuiInputTextFlags_EnterReturnsTrue)) {
            m_folder = m_folderText;
            refresh();
        }
        ImGui::EndDisabled();
        // While the replace question is asked, only its answers work. Its keys count only from the frame after it
        // appears: the Enter that chose the file must not also answer it.
        const bool asking = !m_replacing.empty();
        ImGui::BeginDisabled(asking);
        const int checkboxes = m_mode == Mode::Save ? int(offerEmbed) + int(!offerKeepExpectations.empty()) : 0;
        const float footer = ImGui::GetFrameHeightWithSpacing() * (2.2f + float(checkboxes) + (asking ? 1.0f : 0.0f));
        if (ImGui::BeginChild("entries", ImVec2(0, -footer), true)) {
            for (const Entry& entry : m_entries) {
                const std::string label = entry.folder ? "[dir] " + entry.name : entry.name;
                const bool selected = entry.folder ? entry.name == m_selectedFolder : entry.name == m_fileName;
                const bool clicked = ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick);
                // Asked of the item itself: the Selectable reports the first click of a double click too.
                const bool doubleClick = ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
                if (!clicked && !doubleClick) continue;
                const EntryAction action = entryAction(entry.folder, doubleClick);
                if (action == EntryAction::Enter) {
                    m_folder /= entry.name;
                    m_selectedFolder.clear();
                    refresh();
                    break;
                }
                if (entry.folder) {
                    m_selectedFolder = entry.name;
                } else {
                    m_fileName = entry.name;
                    if (action == EntryAction::Choose) chosen = m_folder / m_fileName;
                }
            }
        }
        ImGui::EndChild();
        ImGui::SetNextItemWidth(-1);
        if (m_focusName) {
            ImGui::SetKeyboardFocusHere();
            m_focusName = false;
        }
        if (ImGui::InputTextWithHint("##name", "file name", &m_fileName, ImGuiInputTextFlags_EnterReturnsTrue) && !m_fileName.empty()) {
            chosen = m_folder / m_fileName;
        }
        if (m_mode == Mode::Save && offerEmbed) ImGui::Checkbox("Embed images in the scene file", &embedImages);
        if (m_mode == Mode::Save && !offerKeepExpectations.empty()) ImGui::Checkbox(offerKeepExpectations.c_str(), &keepExpectations);
        ImGui::EndDisabled();
        if (!m_error.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", m_error.c_str());
        if (asking) {
            const ReplaceAnswer answer = askToReplace(m_replacing, ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)),
                                                      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)),
                                                      "(Enter replaces, Escape goes back)");
            if (answer == ReplaceAnswer::Replace) {
                chosen = m_replacing;
                m_replacing.clear();
            } else if (answer == ReplaceAnswer::Back) {
                m_replacing.clear();
                m_focusName = true;
            }
        } else {
            if (ImGui::Button(m_mode == Mode::Save ? "Save" : "Open")) {
                if (!m_fileName.empty()) {
                    chosen = m_folder / m_fileName;
                } else if (!m_selectedFolder.empty()) {
                    m_folder /= m_selectedFolder;
                    m_selectedFolder.clear();
                    refresh();
                }
            }
            ImGui::SameLine();
            if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) keepOpen = false;
            if (chosen && m_mode == Mode::Save && chosen->extension().empty()) chosen->replace_extension(defaultExtension);
            std::error_code ec;
            // A folder is not asked about: the writer refuses it with its own message.
            if (chosen && m_mode == Mode::Save && std::filesystem::exists(*chosen, ec) && !std::filesystem::is_directory(*chosen, ec)) {
                m_replacing = *chosen;  // asked below from the next frame on
                chosen.reset();
            }
        }
        if (chosen || !keepOpen) {
            m_open = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    } else {
        m_open = false;
    }
    return chosen;
}

}  // namespace cl
