// One link's card in the admin (docs/path-shares.md "Managing links", docs/share-sets.md "Managing
// sets"): its kind and state, the link to copy or open, views, expiry, password, creation and remark, and
// the Extend and Revoke buttons that open the dialogs of link-dialogs.tsx.
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { IconProps } from "../../../components/icons";
import { StatusBadge, type StatusTone } from "../../../components/status-badge";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format-date";
import { CardDetail } from "../shared/config-card";
import { LinkConfigCard } from "../shared/link-parts";

type LinkState = "active" | "expired" | "used_up" | "gone" | "empty";

/** What every managed link tells, whatever its kind. */
export type ManagedLinkFacts = {
  slug: string;
  url: string;
  state: LinkState;
  views: number;
  max_views: number;
  expires_at: Date | null;
  has_password: boolean;
  created_at: Date;
  remark: string | null;
};

const STATE_TONES: Record<LinkState, StatusTone> = {
  active: "green",
  expired: "amber",
  used_up: "amber",
  empty: "grey",
  gone: "grey",
};

export function LinkCard({
  link,
  title,
  icon,
  kindLabel,
  details,
  isExtendDisabled,
  onExtend,
  onRevoke,
}: {
  link: ManagedLinkFacts;
  title: string;
  icon: ComponentType<IconProps>;
  kindLabel: string;
  /** Facts of the kind (a set's files and bytes), shown first. */
  details?: ReactNode;
  isExtendDisabled: boolean;
  onExtend: () => void;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <LinkConfigCard
      icon={icon}
      title={title}
      testId={`shared-link-${link.slug}`}
      badges={
        <>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {kindLabel}
          </span>
          <StatusBadge tone={STATE_TONES[link.state]} testId="shared-link-state">
            {t(`sharedLinks.state.${link.state}`)}
          </StatusBadge>
        </>
      }
      ns="sharedLinks"
      url={link.url}
      onExtend={onExtend}
      isExtendDisabled={isExtendDisabled}
      onEnd={onRevoke}
    >
      <dl className="grid grid-cols-2 gap-3 px-4 sm:px-5">
        {details}
        <CardDetail label={t("sharedLinks.fields.views")}>
          {link.max_views > 0
            ? t("sharedLinks.viewsOf", { count: link.views, max: link.max_views })
            : String(link.views)}
        </CardDetail>
        <CardDetail label={t("sharedLinks.fields.expires")}>
          {link.expires_at ? formatDateTime(link.expires_at, language) : t("sharedLinks.never")}
        </CardDetail>
        <CardDetail label={t("sharedLinks.fields.password")}>
          {link.has_password ? t("sharedLinks.withPassword") : t("sharedLinks.withoutPassword")}
        </CardDetail>
        <CardDetail label={t("sharedLinks.fields.created")}>{formatDateTime(link.created_at, language)}</CardDetail>
        {link.remark ? (
          <CardDetail label={t("sharedLinks.fields.remark")} isWide>
            {link.remark}
          </CardDetail>
        ) : null}
      </dl>
    </LinkConfigCard>
  );
}
