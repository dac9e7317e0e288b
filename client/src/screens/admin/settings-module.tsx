// Admin module "settings": the admin account (change username and/or password). Upload limits and
// the WebDAV upload mode arrive with their own issue.
import { AdminModuleHeader } from "./admin-module-header";
import { AccountSettings } from "./settings/account-settings";

export default function SettingsModule() {
  return (
    <div>
      <AdminModuleHeader module="settings" />
      <AccountSettings />
    </div>
  );
}
