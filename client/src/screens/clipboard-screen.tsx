// Live clipboard (docs/clipboard.md): without a room, the owner's rooms and the form to create one
// (signed in); with a room id and its key in the fragment, the room itself: the link and QR code, a
// composer for text, images and files, the items (copy, download, delete), the connected devices
// and the connection state. Everything is encrypted here with the key from the fragment.
import ArrowUpTrayIcon from "@heroicons/react/24/outline/ArrowUpTrayIcon";
import ClipboardIcon from "@heroicons/react/24/outline/ClipboardIcon";
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import type { WireDevice } from "@shared/clipboard";
import { CLOSE_CODES } from "@shared/clipboard";
import { generateLinkKey, linkKeyFromFragment } from "@shared/encrypted-share";
import { formatBytes } from "@shared/format-bytes";
import { type DragEvent, type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { Button, buttonClasses } from "../components/button";
import { cx } from "../components/class-names";
import { ConfirmDialog } from "../components/confirm-dialog";
import { CopyButton } from "../components/copy-button";
import { opensDialog } from "../components/dialog-names";
import { FormAlert } from "../components/form-controls";
import { PageHeader } from "../components/page-header";
import { QrCode } from "../components/qr-code";
import { toast } from "../components/toast-store";
import { useErrorMessage } from "../components/use-error-message";
import { currentLanguage } from "../i18n";
import { useAuth } from "../lib/auth/use-auth";
import { type ConnectionStatus, connectRoom, type RoomConnection, type Transport } from "../lib/clipboard/connection";
import { deviceLabel, openItem, type ShownItem, sealFile, sealText } from "../lib/clipboard/items";
import {
  forgetRoom,
  deviceId as loadDeviceId,
  pendingItems,
  removePending,
  savedRoomKey,
  saveRoomKey,
} from "../lib/clipboard/outbox";
import { formatDateTime } from "../lib/format-date";
import { trpc } from "../lib/trpc";
import { loginHref, ROUTES } from "../routes";

const cardClasses = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900";
const inputClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400";

export default function ClipboardScreen({ roomId }: { roomId?: string }) {
  return roomId ? <RoomView roomId={roomId} /> : <RoomsView />;
}

// ---- Rooms (owner) ----

function RoomsView() {
  const { t } = useTranslation();
  const { authType, permissions } = useAuth();
  const canCreate = authType === "admin" || (authType === "apikey" && permissions.text);
  return (
    <div className="space-y-6">
      <PageHeader icon={ClipboardIcon} title={t("clipboard.title")} description={t("clipboard.description")} />
      {canCreate ? (
        <>
          <CreateRoomForm />
          <OwnRooms />
        </>
      ) : (
        <section aria-labelledby="clipboard-login-title" className={cx(cardClasses, "text-center")}>
          <LockClosedIcon className="mx-auto size-8 text-indigo-600 dark:text-indigo-300" />
          <h2 id="clipboard-login-title" className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
            {t("clipboard.login.title")}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("clipboard.login.description")}</p>
          <Link href={loginHref(ROUTES.clipboard)} className={cx(buttonClasses("primary"), "mt-4")}>
            {t("clipboard.login.action")}
          </Link>
        </section>
      )}
    </div>
  );
}

function CreateRoomForm() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.clipboard.create.useMutation({ onSuccess: () => utils.clipboard.mine.invalidate() });
  const [name, setName] = useState("");
  const [historyLimit, setHistoryLimit] = useState("50");
  const [hours, setHours] = useState("168");
  const [maxDevices, setMaxDevices] = useState("10");

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const room = await create
      .mutateAsync({
        name: name || null,
        history_limit: Number(historyLimit),
        expires_in_hours: Number(hours),
        max_devices: Number(maxDevices),
      })
      .catch(() => null);
    if (!room) return;
    const key = generateLinkKey();
    await saveRoomKey(room.id, key);
    navigate(`${ROUTES.clipboard}/${room.id}#${key}`);
  };

  const field = (id: string, label: string, value: string, onChange: (value: string) => void, type = "number") => (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={type === "number" ? "numeric" : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cx(inputClasses, "mt-1")}
      />
    </div>
  );

  return (
    <form onSubmit={onSubmit} className={cardClasses} aria-labelledby="clipboard-create-title">
      <h2 id="clipboard-create-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("clipboard.create.title")}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {field("clipboard-name", t("clipboard.create.name"), name, setName, "text")}
        {field("clipboard-history", t("clipboard.create.historyLimit"), historyLimit, setHistoryLimit)}
        {field("clipboard-hours", t("clipboard.create.expiresInHours"), hours, setHours)}
        {field("clipboard-devices", t("clipboard.create.maxDevices"), maxDevices, setMaxDevices)}
      </div>
      {create.error ? (
        <div className="mt-4">
          <FormAlert>{create.error.message}</FormAlert>
        </div>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        className="mt-4"
        disabled={create.isPending}
        data-testid="clipboard-create"
      >
        {create.isPending ? t("clipboard.create.creating") : t("clipboard.create.submit")}
      </Button>
    </form>
  );
}

function OwnRooms() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rooms = trpc.clipboard.mine.useQuery(undefined, { staleTime: 10_000 });
  const [keys, setKeys] = useState<Record<string, string | null>>({});
  useEffect(() => {
    const ids = (rooms.data ?? []).map((room) => room.id);
    void Promise.all(ids.map(async (id) => [id, await savedRoomKey(id)] as const)).then((pairs) =>
      setKeys(Object.fromEntries(pairs)),
    );
  }, [rooms.data]);
  return (
    <section aria-labelledby="clipboard-rooms-title" className={cardClasses}>
      <h2 id="clipboard-rooms-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("clipboard.rooms.title")}
      </h2>
      {rooms.data?.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("clipboard.rooms.empty")}</p>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
        {(rooms.data ?? []).map((room) => {
          const key = keys[room.id];
          return (
            <li
              key={room.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
              data-testid="clipboard-own-room"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900 dark:text-white">
                  {room.name ?? t("clipboard.rooms.unnamed")}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t("clipboard.rooms.items", { count: room.item_count })} ·{" "}
                  {t("clipboard.rooms.devices", { count: room.devices_connected })} ·{" "}
                  {t("clipboard.rooms.expires", { time: formatDateTime(new Date(room.expires_at), language) })}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                {key ? (
                  <Link href={`${ROUTES.clipboard}/${room.id}#${key}`} className={buttonClasses("secondary", "sm")}>
                    {t("clipboard.rooms.open")}
                  </Link>
                ) : null}
                <CloseRoomButton roomId={room.id} variant="secondary" />
              </div>
              {key === null ? (
                <p
                  className="text-sm text-slate-600 sm:basis-full dark:text-slate-400"
                  data-testid="clipboard-room-no-key"
                >
                  {t("clipboard.rooms.noKey")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The owner's "Close room", with its confirmation; it needs no key (the server checks the owner). */
function CloseRoomButton({
  roomId,
  variant,
  onClosed,
}: {
  roomId: string;
  variant: "danger" | "secondary";
  onClosed?: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const closeRoom = trpc.clipboard.close.useMutation();
  const errorMessage = useErrorMessage();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        onClick={() => setIsConfirming(true)}
        {...opensDialog("clipboard-close")}
        data-testid="clipboard-close"
      >
        <TrashIcon className="size-4" />
        {t("clipboard.room.close")}
      </Button>
      <ConfirmDialog
        name="clipboard-close"
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        onConfirm={async () => {
          try {
            await closeRoom.mutateAsync({ id: roomId });
          } catch (error) {
            toast.error(errorMessage(error));
            return;
          }
          await forgetRoom(roomId);
          await utils.clipboard.mine.invalidate();
          setIsConfirming(false);
          onClosed?.();
        }}
        isPending={closeRoom.isPending}
        title={t("clipboard.room.closeConfirmTitle")}
        description={t("clipboard.room.closeConfirmBody")}
        confirmLabel={t("clipboard.room.close")}
        cancelLabel={t("clipboard.room.cancel")}
        confirmTestId="clipboard-close-confirm"
      />
    </>
  );
}

// ---- One room ----

type RoomState = {
  status: ConnectionStatus;
  transport: Transport;
  closeCode?: number;
  items: ShownItem[];
  devices: WireDevice[];
  room: { history_limit: number; max_item_size: number; expires_at: string } | null;
};

function RoomView({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const key = useMemo(() => linkKeyFromFragment(typeof location === "undefined" ? "" : location.hash), []);
  if (!key) {
    return (
      <div className="space-y-6">
        <PageHeader icon={ClipboardIcon} title={t("clipboard.title")} description={t("clipboard.description")} />
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
  const [state, setState] = useState<RoomState>({
    status: "connecting",
    transport: "websocket",
    items: [],
    devices: [],
    room: null,
  });
  const [myDeviceId, setMyDeviceId] = useState<string | null>(null);
  // This device's items still in the outbox (sent while offline, or queued on an earlier visit): shown
  // at the top of the list, marked as waiting, until the server confirms each (docs/clipboard.md).
  const [waiting, setWaiting] = useState<WaitingItem[]>([]);
  const connection = useRef<RoomConnection | null>(null);
  /** Seals nothing: queues an already sealed item, shows it as waiting, and sends it. */
  const sendItem = useRef<((content: string) => Promise<void>) | null>(null);
  const dropWaiting = useCallback(
    (ref: string) => setWaiting((previous) => previous.filter((entry) => entry.ref !== ref)),
    [],
  );
  const own = trpc.clipboard.mine.useQuery(undefined, { enabled: authType !== "none", staleTime: 30_000 });
  const isOwner = own.data?.some((room) => room.id === roomId) ?? false;

  // The owner's other devices keep the key of a room they open from its link, so that the owner's
  // room list opens it there later too (the server never holds it). Other visitors keep nothing.
  useEffect(() => {
    if (isOwner) void saveRoomKey(roomId, roomKey);
  }, [isOwner, roomId, roomKey]);

  useEffect(() => {
    let isCurrent = true;
    let opened: RoomConnection | null = null;
    const addItems = async (wire: Parameters<typeof openItem>[0][]) => {
      const shown = await Promise.all(wire.map((item) => openItem(item, roomKey)));
      if (!isCurrent) return;
      setState((previous) => {
        const known = new Set(previous.items.map((item) => item.id));
        const fresh = shown.filter((item) => !known.has(item.id));
        return { ...previous, items: [...previous.items, ...fresh].sort((a, b) => b.id - a.id) };
      });
    };
    const addWaiting = async (ref: string, content: string, createdAt: number, device: string) => {
      const wire = { id: 0, content, size: 0, device_id: device, created_at: new Date(createdAt).toISOString() };
      const item = await openItem(wire, roomKey);
      if (!isCurrent) return;
      setWaiting((previous) => (previous.some((entry) => entry.ref === ref) ? previous : [...previous, { ref, item }]));
    };
    void loadDeviceId().then(async (id) => {
      if (!isCurrent) return;
      setMyDeviceId(id);
      for (const queued of await pendingItems(roomId))
        await addWaiting(queued.ref, queued.content, queued.createdAt, id);
      if (!isCurrent) return;
      opened = connectRoom({
        roomId,
        deviceId: id,
        label: deviceLabel(),
        events: {
          onStatus: (status, detail) =>
            setState((previous) => ({ ...previous, status, transport: detail.transport, closeCode: detail.code })),
          onHello: (room, items) => {
            setState((previous) => ({ ...previous, room }));
            void addItems(items);
          },
          onItem: (item) => void addItems([item]),
          onDeleted: (itemId) =>
            setState((previous) => ({ ...previous, items: previous.items.filter((item) => item.id !== itemId) })),
          onDevices: (devices) => setState((previous) => ({ ...previous, devices })),
          onError: (message, ref) => {
            if (ref) dropWaiting(ref);
            toast.error(message);
          },
          onSent: dropWaiting,
        },
      });
      connection.current = opened;
      sendItem.current = async (content) => {
        const ref = crypto.randomUUID();
        await addWaiting(ref, content, Date.now(), id);
        await opened?.send(content, ref);
      };
    });
    return () => {
      isCurrent = false;
      opened?.close();
      connection.current = null;
      sendItem.current = null;
      setWaiting([]);
    };
  }, [roomId, roomKey, dropWaiting]);

  // Revoke the object URLs of files that left the list.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const shown = [...state.items, ...waiting.map((entry) => entry.item)];
    const current = new Set(shown.flatMap((item) => (item.kind === "file" ? [item.url] : [])));
    for (const url of urls.current) if (!current.has(url)) URL.revokeObjectURL(url);
    urls.current = current;
  }, [state.items, waiting]);

  const send = useCallback(async (seal: Promise<string>) => {
    await sendItem.current?.(await seal);
  }, []);

  const sendFiles = (files: FileList | File[]) => {
    const max = state.room?.max_item_size ?? Number.POSITIVE_INFINITY;
    for (const file of Array.from(files)) {
      if (file.size > max) {
        toast.error(t("clipboard.room.fileTooLarge", { name: file.name, max: formatBytes(max, language) }));
        continue;
      }
      void send(sealFile(file, roomKey));
    }
  };

  const isClosed = state.status === "closed";
  if (isClosed) {
    return (
      <div className="space-y-6">
        <PageHeader icon={ClipboardIcon} title={t("clipboard.title")} description={t("clipboard.description")} />
        <FormAlert>
          {state.closeCode === CLOSE_CODES.roomNotFound ? t("clipboard.room.notFound") : t("clipboard.room.closed")}
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
      <PageHeader
        icon={ClipboardIcon}
        title={own.data?.find((room) => room.id === roomId)?.name ?? t("clipboard.title")}
        description={t("clipboard.description")}
        meta={<StatusBadge status={state.status} transport={state.transport} pending={waiting.length} />}
        actions={
          isOwner ? (
            <CloseRoomButton roomId={roomId} variant="danger" onClosed={() => navigate(ROUTES.clipboard)} />
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <Composer onText={(text) => void send(sealText(text, roomKey))} onFiles={sendFiles} />
          <section aria-labelledby="clipboard-items-title" className={cardClasses}>
            <h2 id="clipboard-items-title" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("clipboard.room.itemsTitle")}
            </h2>
            {state.room ? (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t("clipboard.room.limits", {
                  count: state.room.history_limit,
                  size: formatBytes(state.room.max_item_size, language),
                  time: formatDateTime(new Date(state.room.expires_at), language),
                })}
              </p>
            ) : null}
            {state.items.length === 0 && waiting.length === 0 ? (
              <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("clipboard.room.empty")}</p>
            ) : (
              <ul className="mt-4 space-y-3" data-testid="clipboard-items">
                {waiting.toReversed().map(({ ref, item }) => (
                  <ItemCard
                    key={ref}
                    item={item}
                    isMine
                    isWaiting
                    onDelete={() => void removePending(ref).then(() => dropWaiting(ref))}
                  />
                ))}
                {state.items.map((item) => (
                  <ItemCard
                    key={item.id}
                    item={item}
                    isMine={item.deviceId === myDeviceId}
                    onDelete={() => connection.current?.remove(item.id)}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className="space-y-6">
          <section aria-labelledby="clipboard-link-title" className={cardClasses}>
            <h2 id="clipboard-link-title" className="text-base font-semibold text-slate-900 dark:text-white">
              {t("clipboard.room.linkTitle")}
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("clipboard.room.linkHint")}</p>
            <div className="mt-3 flex justify-center">
              <QrCode value={link} />
            </div>
            {/* As text too: to read it out, or to copy a part by hand where the clipboard is refused. */}
            <p
              className="mt-3 rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700 select-all dark:bg-slate-950 dark:text-slate-300"
              data-testid="clipboard-room-link"
            >
              {link}
            </p>
            <CopyButton
              text={link}
              label={t("clipboard.room.copyLink")}
              copiedMessage={t("clipboard.room.linkCopied")}
              failedMessage={t("clipboard.room.copyFailed")}
              className="mt-3 w-full"
            />
          </section>
          <section aria-labelledby="clipboard-devices-title" className={cardClasses}>
            <h2 id="clipboard-devices-title" className="text-base font-semibold text-slate-900 dark:text-white">
              {t("clipboard.room.devicesTitle")}
            </h2>
            <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="clipboard-devices">
              {state.devices.map((device) => (
                <li key={device.device_id} className="flex items-center gap-2">
                  <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
                  {device.device_id === myDeviceId
                    ? t("clipboard.room.thisDevice", { label: device.label })
                    : device.label}
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}

function StatusBadge({
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

function Composer({ onText, onFiles }: { onText(text: string): void; onFiles(files: FileList | File[]): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [isDragging, setIsDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim()) return;
    onText(text);
    setText("");
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files);
  };
  return (
    <form
      onSubmit={submit}
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      className={cx(cardClasses, isDragging && "ring-2 ring-indigo-500")}
      data-testid="clipboard-composer"
    >
      <label htmlFor="clipboard-text" className="block text-sm font-medium text-slate-700 dark:text-slate-300">
        {t("clipboard.room.composeLabel")}
      </label>
      <textarea
        id="clipboard-text"
        rows={3}
        value={text}
        placeholder={isDragging ? t("clipboard.room.dropHint") : t("clipboard.room.composePlaceholder")}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) submit();
        }}
        onPaste={(event) => {
          // A pasted screenshot arrives as a file, not as text.
          const files = Array.from(event.clipboardData.files);
          if (files.length > 0) {
            event.preventDefault();
            onFiles(files);
          }
        }}
        className={cx(inputClasses, "mt-1 resize-y")}
      />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={!text.trim()} data-testid="clipboard-send">
          {t("clipboard.room.send")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
          <ArrowUpTrayIcon className="size-4" />
          {t("clipboard.room.attach")}
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t("clipboard.room.attach")}
          data-testid="clipboard-file"
          onChange={(event) => {
            if (event.target.files) onFiles(event.target.files);
            event.target.value = "";
          }}
        />
      </div>
    </form>
  );
}

/** An item of this device still in the outbox, with its queue ref. */
type WaitingItem = { ref: string; item: ShownItem };

function ItemCard({
  item,
  isMine,
  isWaiting = false,
  onDelete,
}: {
  item: ShownItem;
  isMine: boolean;
  /** Not on the server yet: said so, and deleting it takes it out of the outbox. */
  isWaiting?: boolean;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const meta = `${isMine ? t("clipboard.room.fromThisDevice") : t("clipboard.room.fromDevice")} · ${formatDateTime(item.createdAt, language)}`;
  return (
    <li
      className={cx(
        "rounded-xl border p-3",
        isWaiting
          ? "border-dashed border-amber-300 dark:border-amber-500/40"
          : "border-slate-200 dark:border-slate-700",
      )}
      data-testid="clipboard-item"
      data-waiting={isWaiting || undefined}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          {item.kind === "text" ? (
            <p
              className="break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100"
              data-testid="clipboard-item-text"
            >
              {item.text}
            </p>
          ) : item.kind === "file" ? (
            <div className="space-y-2">
              {item.isImage ? (
                <img
                  src={item.url}
                  alt={t("clipboard.room.imageAlt", { name: item.name })}
                  className="max-h-64 rounded-lg border border-slate-200 dark:border-slate-700"
                  data-testid="clipboard-item-image"
                />
              ) : null}
              <p
                className="truncate text-sm font-medium text-slate-900 dark:text-white"
                data-testid="clipboard-item-file"
              >
                {item.name} · {formatBytes(item.size, language)}
              </p>
            </div>
          ) : (
            <p className="text-sm text-red-700 dark:text-red-300">{t("clipboard.room.undecryptable")}</p>
          )}
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {meta}
            {isWaiting ? (
              <span className="font-medium text-amber-800 dark:text-amber-200"> · {t("clipboard.room.pending")}</span>
            ) : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {item.kind === "text" ? (
            <CopyButton
              text={item.text}
              label={t("clipboard.room.copy")}
              copiedMessage={t("clipboard.room.copied")}
              failedMessage={t("clipboard.room.copyFailed")}
              size="sm"
              data-testid="clipboard-item-copy"
            />
          ) : null}
          {item.kind === "file" ? (
            <a
              href={item.url}
              download={item.name}
              className={buttonClasses("secondary", "sm")}
              data-testid="clipboard-item-download"
            >
              {t("clipboard.room.download")}
            </a>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            onClick={onDelete}
            aria-label={t("clipboard.room.delete")}
            title={t("clipboard.room.delete")}
          >
            <TrashIcon className="size-4" />
          </Button>
        </div>
      </div>
    </li>
  );
}
