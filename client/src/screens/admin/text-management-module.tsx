// Admin module "text-management": its tables and forms arrive in a later issue; for now the heading.
import { AdminModuleHeader } from "./admin-module-header";

export default function TextManagementModule() {
  return <AdminModuleHeader module="text-management" />;
}
