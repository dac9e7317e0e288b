// The live clipboard without a room (docs/clipboard.md): for the admin or a key with text permission,
// the form that creates a room and the owner's rooms (opened with the key this browser keeps, or
// said to lack it); for anyone else, the way to log in.
import LockClosedIcon from "@heroicons/react/24/outline/LockClosedIcon";
import { ROOM_DEFAULTS } from "@shared/clipboard";
import { generateLinkKey } from "@shared/encryption/encrypted-share";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { Button, buttonClasses } from "../../components/button";
import { cx } from "../../components/class-names";
import { FormAlert, TextField } from "../../components/forms/form-controls";
import { currentLanguage } from "../../i18n";
import { trpc } from "../../lib/api/trpc";
import { useAuth } from "../../lib/auth/use-auth";
import { savedRoomKey, saveRoomKey } from "../../lib/clipboard/outbox";
import { formatDateTime } from "../../lib/format-date";
import { loginHref, ROUTES } from "../../routes";
import { cardClasses } from "./card";
import { ClipboardHeader } from "./clipboard-header";
import { CloseRoomButton } from "./close-room-button";

export function RoomsView() {
  const { t } = useTranslation();
  const { authType, permissions } = useAuth();
  const canCreate = authType === "admin" || (authType === "apikey" && permissions.text);
  return (
    <div className="space-y-6">
      <ClipboardHeader />
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
  const [historyLimit, setHistoryLimit] = useState(String(ROOM_DEFAULTS.historyLimit));
  const [hours, setHours] = useState(String(ROOM_DEFAULTS.expiresInHours));
  const [maxDevices, setMaxDevices] = useState(String(ROOM_DEFAULTS.maxDevices));

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
    // The key is made here and only ever travels in the link's fragment.
    const key = generateLinkKey();
    await saveRoomKey(room.id, key);
    navigate(`${ROUTES.clipboard}/${room.id}#${key}`);
  };

  const numberProps = { type: "number", inputMode: "numeric" } as const;
  return (
    <form onSubmit={onSubmit} className={cardClasses} aria-labelledby="clipboard-create-title">
      <h2 id="clipboard-create-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("clipboard.create.title")}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField id="clipboard-name" label={t("clipboard.create.name")} value={name} onValueChange={setName} />
        <TextField
          id="clipboard-history"
          label={t("clipboard.create.historyLimit")}
          value={historyLimit}
          onValueChange={setHistoryLimit}
          {...numberProps}
        />
        <TextField
          id="clipboard-hours"
          label={t("clipboard.create.expiresInHours")}
          value={hours}
          onValueChange={setHours}
          {...numberProps}
        />
        <TextField
          id="clipboard-devices"
          label={t("clipboard.create.maxDevices")}
          value={maxDevices}
          onValueChange={setMaxDevices}
          {...numberProps}
        />
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
  // The keys this browser keeps (null: the room was made elsewhere and never opened here).
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
