import { useTranslation } from "react-i18next";
import { PageHeader, type PageHeaderProps } from "../../components/layout/page-header";
import type { AdminModule } from "../../routes";
import { ADMIN_MODULE_ICONS } from "./module-icons";

export type AdminModuleHeaderProps = { module: AdminModule; actions?: PageHeaderProps["actions"] };

export function AdminModuleHeader({ module, actions }: AdminModuleHeaderProps) {
  const { t } = useTranslation();
  return (
    <PageHeader
      icon={ADMIN_MODULE_ICONS[module]}
      title={t(`adminModules.${module}.name`)}
      description={t(`adminModules.${module}.description`)}
      actions={actions}
    />
  );
}
