// Admin module "settings" (docs/product.md §3 Admin settings): uploads and WebDAV (max upload size with
// units, WebDAV upload mode), the admin account (change username and/or password) and About (the
// server's version).
import { AdminModuleHeader } from "../admin-module-header";
import { AboutPanel } from "./about-panel";
import { AccountSettings } from "./account-settings";
import { SystemSettingsForm } from "./system-settings-form";

export default function SettingsModule() {
  return (
    <div>
      <AdminModuleHeader module="settings" />
      <SystemSettingsForm />
      <AccountSettings />
      <AboutPanel />
    </div>
  );
}
