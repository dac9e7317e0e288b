// Shown for paths inside a known section that name nothing (an unknown admin module); other unknown
// paths redirect to Home (docs/product.md §2).
import ArrowLeftIcon from "@heroicons/react/24/outline/ArrowLeftIcon";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClasses } from "../components/button";
import { StatusPanel } from "../components/feedback/status-panel";
import { ROUTES } from "../routes";

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      size="page"
      eyebrow={t("screens.notFound.code")}
      title={t("screens.notFound.title")}
      titleId="not-found-title"
      description={t("screens.notFound.description")}
      actions={
        <Link href={ROUTES.home} className={buttonClasses("primary")}>
          <ArrowLeftIcon className="size-4" />
          {t("screens.notFound.backHome")}
        </Link>
      }
    />
  );
}
