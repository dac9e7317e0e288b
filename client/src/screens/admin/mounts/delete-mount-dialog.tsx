// Confirmation before deleting a mount point (its stored files stay in the storage).
import type { MountView } from "@shared/schemas/explorer/mounts";
import { trpc } from "../../../lib/api/trpc";
import { DeleteConfigDialog } from "../shared/delete-config-dialog";

export function DeleteMountDialog({
  mount,
  open,
  onClose,
}: {
  mount: MountView | null;
  open: boolean;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  return (
    <DeleteConfigDialog
      name="mount-delete"
      ns="explorer.mounts.delete"
      item={mount}
      open={open}
      onClose={onClose}
      remove={trpc.mounts.delete.useMutation()}
      onSettled={() => {
        void utils.mounts.invalidate();
        void utils.fs.invalidate();
      }}
      descriptionValues={{ path: mount?.mount_path ?? "" }}
      confirmTestId="mount-delete-confirm"
    />
  );
}
