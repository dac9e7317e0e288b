// Admin module "dashboard": its tables and forms arrive in a later issue; for now the heading.
import { AdminModuleHeader } from "./admin-module-header";

export default function DashboardModule() {
  return <AdminModuleHeader module="dashboard" />;
}
