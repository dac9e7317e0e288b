// The owner's "Close room", with its confirmation (docs/clipboard.md): it needs no key, the server
// checks the owner, so the rooms list offers it on every device the owner is signed in on.
import TrashIcon from "@heroicons/react/24/outline/TrashIcon";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/dialogs/confirm-dialog";
import { opensDialog } from "../../components/dialogs/dialog-names";
import { toast } from "../../components/feedback/toast-store";
import { useErrorMessage } from "../../components/forms/use-error-message";
import { trpc } from "../../lib/api/trpc";
import { forgetRoom } from "../../lib/clipboard/outbox";

export function CloseRoomButton({
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
