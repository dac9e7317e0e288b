// View of a shared file (/file/:slug). Preview, download and password prompt arrive later.
import { useTranslation } from "react-i18next";
import { FilesIcon } from "../components/icons";
import { MetaBadge, PageHeader } from "../components/page-header";

export type FileViewScreenProps = { slug: string };

export default function FileViewScreen({ slug }: FileViewScreenProps) {
  const { t } = useTranslation();
  return (
    <PageHeader
      icon={FilesIcon}
      title={t("screens.file.title")}
      description={t("screens.file.description")}
      meta={<MetaBadge>{slug}</MetaBadge>}
    />
  );
}
