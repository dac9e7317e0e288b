import { SOURCE_REPOSITORY_URL } from "@shared/constants";
import { useTranslation } from "react-i18next";
import { iconButton } from "../class-names";
import { GitHubIcon } from "../icons";

export function SourceLink() {
  const { t } = useTranslation();
  return (
    <a
      href={SOURCE_REPOSITORY_URL}
      target="_blank"
      rel="noopener noreferrer"
      className={iconButton}
      aria-label={t("source.label")}
      title={t("source.label")}
    >
      <GitHubIcon className="size-5" />
    </a>
  );
}
