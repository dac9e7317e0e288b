// The paste page's "cannot be shown" screens: the shared ones, with a way to write a paste of one's own.
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClasses } from "../../components/button";
import {
  type GoneProblem,
  ShareGone,
  ShareLoadFailed,
  type UndecryptableProblem,
} from "../../components/share-problem";
import { ROUTES } from "../../routes";

export function PasteGone({ problem }: { problem: GoneProblem | UndecryptableProblem }) {
  const { t } = useTranslation();
  return (
    <ShareGone
      kind="pastes"
      problem={problem}
      actions={
        <Link href={ROUTES.home} className={buttonClasses("primary")}>
          {t("pastes.gone.createOwn")}
        </Link>
      }
    />
  );
}

export function PasteLoadFailed(props: { message: string; onRetry: () => void; isRetrying: boolean }) {
  return <ShareLoadFailed kind="pastes" {...props} />;
}
