// Admin module "file-management": its tables and forms arrive in a later issue; for now the heading.
import { AdminModuleHeader } from "./admin-module-header";

export default function FileManagementModule() {
  return <AdminModuleHeader module="file-management" />;
}
