// One security event: whether it succeeded (icon and words, never colour alone), what happened, how
// and from where, what it concerned, and when.
import CheckCircleIcon from "@heroicons/react/24/outline/CheckCircleIcon";
import XCircleIcon from "@heroicons/react/24/outline/XCircleIcon";
import type { AuditEventView } from "@shared/schemas/auth/audit";
import { useTranslation } from "react-i18next";
import { IconBadge } from "../../../components/icon-badge";
import { currentLanguage } from "../../../i18n";
import { formatDateTime } from "../../../lib/format-date";

export function AuditEventRow({ event }: { event: AuditEventView }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const title = t(`audit.events.${event.event}`, { defaultValue: event.event });
  const agent = event.browser
    ? event.os
      ? t("audit.agent", { browser: event.browser, os: event.os })
      : event.browser
    : null;
  const facts = [
    event.method ? t("audit.by", { method: t(`audit.methods.${event.method}`, { defaultValue: event.method }) }) : null,
    event.ip_address ? t("audit.from", { address: event.ip_address }) : null,
    agent,
  ].filter(Boolean);
  return (
    <li className="flex gap-3 px-4 py-3 sm:px-5" data-testid="audit-event">
      <IconBadge
        icon={event.success ? CheckCircleIcon : XCircleIcon}
        tone={event.success ? "emerald" : "red"}
        className="mt-0.5 size-8 rounded-full"
        iconClassName="size-5"
      />
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
          <p className="font-medium text-slate-900 dark:text-white">
            {title}
            <span
              className={
                event.success
                  ? "ml-2 text-xs font-medium text-emerald-700 dark:text-emerald-300"
                  : "ml-2 text-xs font-medium text-red-700 dark:text-red-300"
              }
            >
              {event.success ? t("audit.succeeded") : t("audit.failed")}
            </span>
          </p>
          <time dateTime={event.created_at.toISOString()} className="shrink-0 text-slate-600 dark:text-slate-400">
            {formatDateTime(event.created_at, language)}
          </time>
        </div>
        {facts.length > 0 ? <p className="mt-0.5 text-slate-600 dark:text-slate-400">{facts.join(" · ")}</p> : null}
        {event.detail ? (
          <p className="mt-0.5 break-words text-slate-700 dark:text-slate-300" data-testid="audit-detail">
            {event.detail}
          </p>
        ) : null}
      </div>
    </li>
  );
}
