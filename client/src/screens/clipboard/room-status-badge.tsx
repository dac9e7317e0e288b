// The room's connection state beside its title (online, connecting, offline, or online through the
// event-stream fallback), with the count of this device's items still waiting to be sent.
import { useTranslation } from "react-i18next";
import { cx } from "../../components/class-names";
import type { ConnectionStatus, Transport } from "../../lib/clipboard/connection";

export function RoomStatusBadge({
  status,
  transport,
  pending,
}: {
  status: ConnectionStatus;
  transport: Transport;
  pending: number;
}) {
  const { t } = useTranslation();
  const label =
    status === "online" && transport === "events" ? t("clipboard.status.fallback") : t(`clipboard.status.${status}`);
  const tone =
    status === "online"
      ? "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/30"
      : "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/30";
  return (
    <span
      role="status"
      data-testid="clipboard-status"
      data-status={status}
      className={cx("inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm ring-1 ring-inset", tone)}
    >
      <span
        aria-hidden="true"
        className={cx("size-2 rounded-full", status === "online" ? "bg-emerald-500" : "bg-amber-500")}
      />
      {label}
      {pending > 0 ? ` · ${t("clipboard.room.pending")} (${pending})` : null}
    </span>
  );
}
