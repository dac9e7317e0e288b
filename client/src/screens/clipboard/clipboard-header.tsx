// The live clipboard's page header: the room's name where it has one, else the screen's title.
import ClipboardIcon from "@heroicons/react/24/outline/ClipboardIcon";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/layout/page-header";

export function ClipboardHeader({ title, meta, actions }: { title?: string; meta?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageHeader
      icon={ClipboardIcon}
      title={title ?? t("clipboard.title")}
      description={t("clipboard.description")}
      meta={meta}
      actions={actions}
    />
  );
}
