// View of a shared paste (/paste/:slug). Fetching, password prompt and rendering arrive later.
import { useTranslation } from "react-i18next";
import { DocumentTextIcon } from "../components/icons";
import { MetaBadge, PageHeader } from "../components/page-header";

export type PasteViewScreenProps = { slug: string };

export default function PasteViewScreen({ slug }: PasteViewScreenProps) {
  const { t } = useTranslation();
  return (
    <PageHeader
      icon={DocumentTextIcon}
      title={t("screens.paste.title")}
      description={t("screens.paste.description")}
      meta={<MetaBadge>{slug}</MetaBadge>}
    />
  );
}
