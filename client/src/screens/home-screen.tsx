// Home: the online clipboard (SPEC.md §2). The editor arrives in a later issue; for now the header.
import { useTranslation } from "react-i18next";
import { DocumentTextIcon } from "../components/icons";
import { PageHeader } from "../components/page-header";

export default function HomeScreen() {
  const { t } = useTranslation();
  return (
    <PageHeader icon={DocumentTextIcon} title={t("screens.home.title")} description={t("screens.home.description")} />
  );
}
