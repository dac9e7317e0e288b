// Mount explorer (/mount-explorer/<path>). Listing and file operations arrive later; the route
// already hands over the decoded directory path.
import { useTranslation } from "react-i18next";
import { FolderIcon } from "../components/icons";
import { MetaBadge, PageHeader } from "../components/page-header";

export type MountExplorerScreenProps = { path: string };

export default function MountExplorerScreen({ path }: MountExplorerScreenProps) {
  const { t } = useTranslation();
  return (
    <PageHeader
      icon={FolderIcon}
      title={t("screens.mountExplorer.title")}
      description={t("screens.mountExplorer.description")}
      meta={<MetaBadge>{path}</MetaBadge>}
    />
  );
}
