// Admin module "mount-management": its tables and forms arrive in a later issue; for now the heading.
import { AdminModuleHeader } from "./admin-module-header";

export default function MountManagementModule() {
  return <AdminModuleHeader module="mount-management" />;
}
