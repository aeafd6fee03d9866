#include "app/shell/recovery_prompt.h"

#include <imgui.h>

#include "app/shell/file_actions.h"

namespace cl {

bool restoreRecovery(SandboxState& state, Recovery& recovery) {
    RecoveryLoadResult loaded = recovery.load();
    if (!loaded.ok()) {
        // Set aside under a name of its own, so that the next autosave cannot overwrite it.
        const std::filesystem::path kept = recovery.keepAside();
        state.dialogs.errors.push_back("The unsaved changes could not be restored; the recovery file stays at " +
                               (kept.empty() ? recovery.sceneFile() : kept).string() + ".");
        state.dialogs.errors.push_back(loaded.error);
        return false;
    }
    state.dialogs.errors.insert(state.dialogs.errors.end(), loaded.warnings.begin(), loaded.warnings.end());
    state.open.document.reset(std::move(*loaded.scene));
    state.open.document.markUnsaved();
    state.open.file = loaded.info.original;
    sceneOpened(state);
    state.requests.push(FrameLocal{});
    if (state.views.manipulator) state.views.manipulator->frameAll();
    state.dialogs.status = "Restored unsaved changes" +
                   (state.open.file.empty() ? std::string(" (untitled scene)") : " to " + state.open.file.string());
    recovery.adopt();
    return true;
}

void drawRecoveryPrompt(SandboxState& state, Recovery& recovery, std::optional<RecoveryInfo>& offer) {
    if (!offer) return;
    const char* title = "Recover unsaved changes?";
    if (!ImGui::IsPopupOpen(title)) ImGui::OpenPopup(title);
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::Text("Collision Lab did not close cleanly last time. Unsaved changes were kept:");
    ImGui::Text("Scene: %s", offer->original.empty() ? "untitled" : offer->original.string().c_str());
    ImGui::Text("Saved at: %s", offer->savedAt.empty() ? "unknown" : offer->savedAt.c_str());
    ImGui::TextDisabled("%s", recovery.sceneFile().string().c_str());
    ImGui::Separator();
    bool close = false;
    if (ImGui::Button("Restore")) {
        restoreRecovery(state, recovery);
        close = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard")) {
        recovery.discard();
        close = true;
    }
    if (close) {
        offer.reset();
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

}  // namespace cl
