// One room (docs/clipboard.md): with its key from the link's fragment, the composer, the items (this
// device's waiting ones first), the link and the devices; without the key, or once the room is gone,
// a clear message. The connection and the items are useRoom's (lib/clipboard/use-room.ts).
import { CLOSE_CODES } from "@shared/clipboard";
import { linkKeyFromFragment } from "@shared/encryption/encrypted-share";
import { formatBytes } from "@shared/format-bytes";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { buttonClasses } from "../../components/button";
import { toast } from "../../components/feedback/toast-store";
import { FormAlert } from "../../components/forms/form-controls";
import { currentLanguage } from "../../i18n";
import { trpc } from "../../lib/api/trpc";
import { useAuth } from "../../lib/auth/use-auth";
import { saveRoomKey } from "../../lib/clipboard/outbox";
import { useRoom } from "../../lib/clipboard/use-room";
import { formatDateTime } from "../../lib/format-date";
import { ROUTES } from "../../routes";
import { cardClasses } from "./card";
import { ClipboardHeader } from "./clipboard-header";
import { CloseRoomButton } from "./close-room-button";
import { Composer } from "./composer";
import { ItemCard } from "./item-card";
import { RoomSidePanel } from "./room-side-panel";
import { RoomStatusBadge } from "./room-status-badge";

export function RoomView({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const key = useMemo(() => linkKeyFromFragment(typeof location === "undefined" ? "" : location.hash), []);
  if (!key) {
    return (
      <div className="space-y-6">
        <ClipboardHeader />
        <FormAlert>{t("clipboard.room.noKey")}</FormAlert>
      </div>
    );
  }
  return <LiveRoom roomId={roomId} roomKey={key} />;
}

function LiveRoom({ roomId, roomKey }: { roomId: string; roomKey: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [, navigate] = useLocation();
  const { authType } = useAuth();
  const room = useRoom(roomId, roomKey, { onError: (message) => toast.error(message) });
  const own = trpc.clipboard.mine.useQuery(undefined, { enabled: authType !== "none", staleTime: 30_000 });
  const ownRoom = own.data?.find((entry) => entry.id === roomId);
  const isOwner = ownRoom !== undefined;

  // The owner's other devices keep the key of a room they open from its link, so that the owner's
  // room list opens it there later too (the server never holds it). Other visitors keep nothing.
  useEffect(() => {
    if (isOwner) void saveRoomKey(roomId, roomKey);
  }, [isOwner, roomId, roomKey]);

  const sendFiles = (files: File[]) => {
    const max = room.room?.max_item_size ?? Number.POSITIVE_INFINITY;
    for (const file of files) {
      if (file.size > max) {
        toast.error(t("clipboard.room.fileTooLarge", { name: file.name, max: formatBytes(max, language) }));
        continue;
      }
      void room.sendFile(file);
    }
  };

  if (room.status === "closed") {
    return (
      <div className="space-y-6">
        <ClipboardHeader />
        <FormAlert>
          {room.closeCode === CLOSE_CODES.roomNotFound ? t("clipboard.room.notFound") : t("clipboard.room.closed")}
        </FormAlert>
        {authType !== "none" ? (
          <Link href={ROUTES.clipboard} className={buttonClasses("secondary")}>
            {t("clipboard.rooms.title")}
          </Link>
        ) : null}
      </div>
    );
  }

  const link = typeof location === "undefined" ? "" : location.href;
  return (
    <div className="space-y-6">
      <ClipboardHeader
        title={ownRoom?.name ?? undefined}
        meta={<RoomStatusBadge status={room.status} transport={room.transport} pending={room.waiting.length} />}
        actions={
          isOwner ? (
            <CloseRoomButton roomId={roomId} variant="danger" onClosed={() => navigate(ROUTES.clipboard)} />
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <Composer onText={(text) => void room.sendText(text)} onFiles={sendFiles} />
          <section aria-labelledby="clipboard-items-title" className={cardClasses}>
            <h2 id="clipboard-items-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("clipboard.room.itemsTitle")}
            </h2>
            {room.room ? (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t("clipboard.room.limits", {
                  count: room.room.history_limit,
                  size: formatBytes(room.room.max_item_size, language),
                  time: formatDateTime(new Date(room.room.expires_at), language),
                })}
              </p>
            ) : null}
            {room.items.length === 0 && room.waiting.length === 0 ? (
              <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("clipboard.room.empty")}</p>
            ) : (
              <ul className="mt-4 space-y-3" data-testid="clipboard-items">
                {room.waiting.toReversed().map(({ ref, item }) => (
                  <ItemCard key={ref} item={item} isMine isWaiting onDelete={() => void room.deleteWaiting(ref)} />
                ))}
                {room.items.map((item) => (
                  <ItemCard
                    key={item.id}
                    item={item}
                    isMine={item.deviceId === room.myDeviceId}
                    onDelete={() => room.deleteItem(item.id)}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
        <RoomSidePanel link={link} devices={room.devices} myDeviceId={room.myDeviceId} />
      </div>
    </div>
  );
}
