// Upload: file and URL upload tabs (SPEC.md §2) arrive in a later issue; for now the header.
import { useTranslation } from "react-i18next";
import { UploadIcon } from "../components/icons";
import { PageHeader } from "../components/page-header";

export default function UploadScreen() {
  const { t } = useTranslation();
  return (
    <PageHeader icon={UploadIcon} title={t("screens.upload.title")} description={t("screens.upload.description")} />
  );
}
