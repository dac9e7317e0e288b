// Admin module "security" (docs/security.md): two-factor authentication (enrolment with a QR code and a manual
// key, the recovery codes shown once, turning it off), passkeys, single sign-on, app passwords, and the sessions signed in to the admin account.
import { AdminModuleHeader } from "../admin-module-header";
import { AppPasswordsSection } from "./app-passwords-section";
import { PasskeysSection } from "./passkeys-section";
import { SessionsSection } from "./sessions-section";
import { SsoSection } from "./sso-section";
import { TwoFactorSection } from "./two-factor-section";

export default function SecurityModule() {
  return (
    <div>
      <AdminModuleHeader module="security" />
      <TwoFactorSection />
      <PasskeysSection />
      <SsoSection />
      <AppPasswordsSection />
      <SessionsSection />
    </div>
  );
}
