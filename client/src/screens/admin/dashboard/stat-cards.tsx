// The four totals at the top of the dashboard: shared texts, shared files, API keys and mounts, each
// with what part of it is live and what is expired (past expiry or view limit) or switched off.
import DocumentDuplicateIcon from "@heroicons/react/24/outline/DocumentDuplicateIcon";
import DocumentTextIcon from "@heroicons/react/24/outline/DocumentTextIcon";
import KeyIcon from "@heroicons/react/24/outline/KeyIcon";
import ServerStackIcon from "@heroicons/react/24/outline/ServerStackIcon";
import { formatBytes } from "@shared/format-bytes";
import type { DashboardStats } from "@shared/schemas/admin/dashboard";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "../../../components/class-names";
import type { IconProps } from "../../../components/icons";
import { currentLanguage } from "../../../i18n";
import { htmlLangFor } from "../../../lib/preferences/language";

type Part = { text: string; tone: "good" | "muted" | "warn" };

type Card = { id: string; label: string; icon: ComponentType<IconProps>; total: number; parts: Part[]; extra?: string };

const PART_TONES: Record<Part["tone"], string> = {
  good: "bg-emerald-500",
  warn: "bg-amber-500",
  muted: "bg-slate-400 dark:bg-slate-500",
};

export function StatCards({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const number = new Intl.NumberFormat(htmlLangFor(language));
  const active = (count: number): Part => ({ text: t("dashboard.cards.active", { count }), tone: "good" });
  const expired = (count: number): Part => ({ text: t("dashboard.cards.expired", { count }), tone: "warn" });

  const cards: Card[] = [
    {
      id: "pastes",
      label: t("dashboard.cards.pastes"),
      icon: DocumentTextIcon,
      total: stats.pastes.total,
      parts: [active(stats.pastes.active), expired(stats.pastes.expired)],
    },
    {
      id: "files",
      label: t("dashboard.cards.files"),
      icon: DocumentDuplicateIcon,
      total: stats.files.total,
      parts: [active(stats.files.active), expired(stats.files.expired)],
      extra: t("dashboard.cards.totalSize", { size: formatBytes(stats.files.total_bytes, language) }),
    },
    {
      id: "keys",
      label: t("dashboard.cards.apiKeys"),
      icon: KeyIcon,
      total: stats.apiKeys.total,
      parts: [active(stats.apiKeys.active), expired(stats.apiKeys.expired)],
    },
    {
      id: "mounts",
      label: t("dashboard.cards.mounts"),
      icon: ServerStackIcon,
      total: stats.mounts.total,
      parts: [
        active(stats.mounts.active),
        { text: t("dashboard.cards.inactive", { count: stats.mounts.inactive }), tone: "muted" },
      ],
    },
  ];

  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label={t("dashboard.cards.label")}>
      {cards.map((card) => (
        <li
          key={card.id}
          className="flex min-w-0 flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800"
          data-testid={`stat-${card.id}`}
        >
          {/* The label wraps rather than being cut: two cards share a 320 px screen's width. */}
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 text-sm font-medium break-words text-slate-600 dark:text-slate-400">{card.label}</p>
            <card.icon className="size-5 shrink-0 text-indigo-500 dark:text-indigo-400" aria-hidden="true" />
          </div>
          <p
            className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums dark:text-white"
            data-testid={`stat-${card.id}-total`}
          >
            {number.format(card.total)}
          </p>
          <ul className="mt-2 flex flex-col gap-0.5 text-xs text-slate-600 sm:text-sm dark:text-slate-400">
            {card.parts.map((part) => (
              <li key={part.text} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cx("size-1.5 shrink-0 rounded-full", PART_TONES[part.tone])} />
                <span className="tabular-nums">{part.text}</span>
              </li>
            ))}
            {card.extra ? (
              <li className="mt-0.5 tabular-nums text-slate-500 dark:text-slate-400">{card.extra}</li>
            ) : null}
          </ul>
        </li>
      ))}
    </ul>
  );
}
