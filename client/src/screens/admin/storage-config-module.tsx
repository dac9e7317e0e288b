// Admin module "storage-config": its tables and forms arrive in a later issue; for now the heading.
import { AdminModuleHeader } from "./admin-module-header";

export default function StorageConfigModule() {
  return <AdminModuleHeader module="storage-config" />;
}
