// The app's one auth store, wired to the browser: localStorage (facts only, no credential), window
// events, toasts for the messages of docs/product.md §8, and other tabs (a logout there logs this tab out too).
import { toast } from "../../../components/feedback/toast-store";
import i18n from "../../../i18n";
import { browserStorage } from "../../preferences/browser-storage";
import { createAuthApi } from "./auth-api";
import { AUTH_STORAGE_KEYS } from "./auth-storage";
import { type AuthNotice, createAuthStore } from "./auth-store";

/** Auth messages share one toast id, so ten failing calls at once show one message, not ten. */
export const AUTH_NOTICE_TOAST_ID = "auth-notice";

export function showAuthNotice(notice: AuthNotice): void {
  toast.error(i18n.t(notice), { id: AUTH_NOTICE_TOAST_ID });
}

export const authStore = createAuthStore({
  api: createAuthApi(),
  storage: browserStorage(),
  events: typeof window === "undefined" ? undefined : window,
  notify: showAuthNotice,
});

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    // key null: another tab cleared the whole storage.
    if (event.key === null || (AUTH_STORAGE_KEYS as readonly string[]).includes(event.key)) authStore.reload();
  });
}
