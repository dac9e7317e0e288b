// The foot of a small form inside a security section (rename or remove a passkey, confirm or turn off
// two-factor sign-in): cancel, then the form's action, which stands on top on a phone.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";

export function SectionFormActions({
  onCancel,
  submitLabel,
  variant = "primary",
  isPending,
  className,
}: {
  onCancel: () => void;
  submitLabel: ReactNode;
  variant?: "primary" | "danger";
  isPending: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cx("flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)}>
      <Button type="button" onClick={onCancel}>
        {t("security.totp.cancel")}
      </Button>
      <Button type="submit" variant={variant} isLoading={isPending}>
        {submitLabel}
      </Button>
    </div>
  );
}
