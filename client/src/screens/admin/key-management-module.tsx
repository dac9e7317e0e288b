// Admin module "key-management": its tables and forms arrive in a later issue; for now the heading.
import { AdminModuleHeader } from "./admin-module-header";

export default function KeyManagementModule() {
  return <AdminModuleHeader module="key-management" />;
}
