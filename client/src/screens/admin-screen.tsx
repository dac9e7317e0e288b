// Admin panel (docs/product.md §2). Signed out: the login. Signed in: the admin area frame (admin-layout.tsx)
// with the modules this user may open and the current one.
import { useAuth } from "../lib/auth/use-auth";
import type { AdminModule } from "../routes";
import { AdminLayout } from "./admin/admin-layout";
import { AdminLogin } from "./admin/admin-login";

export type AdminScreenProps = {
  module: AdminModule;
  /** Opened as /admin rather than /admin/<module>: a key goes to its first module instead. */
  isDefault?: boolean;
};

export default function AdminScreen({ module, isDefault = false }: AdminScreenProps) {
  const auth = useAuth();
  if (auth.authType === "none") return <AdminLogin />;
  return <AdminLayout module={module} isDefault={isDefault} />;
}
