// The dialog that creates a new item or edits a saved one (a mount, a storage config): its title, icon
// and texts say which, the form starts again from the saved values whenever the item changes, and a
// save sends "create" or "update", says so and closes, or shows the server's refusal at its fields.
// The texts come from the item's namespace: `<ns>.createTitle`, `.editTitle`, `.description`,
// `.create`, `.save`, `.created`, `.saved`, `.failed`.
import PencilIcon from "@heroicons/react/24/outline/PencilIcon";
import PlusIcon from "@heroicons/react/24/outline/PlusIcon";
import { createContext, type FormEvent, Fragment, type ReactNode, use } from "react";
import { useTranslation } from "react-i18next";
import type { FieldErrors } from "../../lib/form-messages";
import type { FieldForm } from "../forms/use-field-form";
import type { DialogName } from "./dialog-names";
import { DialogForm, FormDialog, useFormDialog } from "./form-dialog";

/** An item as saved: a new version gets a fresh form. */
export type SavedItem = { id: string; name: string; updated_at: Date };

/** The key that starts a form again from the item's saved values when another version arrives. */
export function versionKey(item: { id: string; updated_at: Date } | null): string {
  return item ? `${item.id}-${item.updated_at.getTime()}` : "new";
}

export type ItemFormNamespace = "explorer.mounts.form" | "storageConfig.form";

type ItemFormContext = { ns: ItemFormNamespace; item: SavedItem | null };

const ItemContext = createContext<ItemFormContext | null>(null);

function useItemContext(): ItemFormContext {
  const context = use(ItemContext);
  if (!context) throw new Error("the form is not inside an ItemFormDialog");
  return context;
}

export function ItemFormDialog({
  name,
  ns,
  item,
  open,
  onClose,
  children,
}: ItemFormContext & { name: DialogName; open: boolean; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      name={name}
      open={open}
      onClose={onClose}
      icon={item ? PencilIcon : PlusIcon}
      title={item ? t(`${ns}.editTitle`, { name: item.name }) : t(`${ns}.createTitle`)}
      description={t(`${ns}.description`)}
    >
      <ItemContext value={{ ns, item }}>
        <Fragment key={versionKey(item)}>{children}</Fragment>
      </ItemContext>
    </FormDialog>
  );
}

/** A request's `mutate` (a tRPC mutation's). */
type Mutate<Input> = (
  input: Input,
  handlers: { onSuccess: (data: unknown) => void; onError: (error: unknown) => void; onSettled?: () => void },
) => void;

/**
 * The submit of an ItemFormDialog's form: checks the values and sends them as a new item or as the
 * edited one. The dialog cannot be dismissed while it runs; then it says so and closes, or puts the
 * refusal at the fields `fieldOf` names.
 */
export function useSaveItem<Values, Field extends string, CreateInput, UpdateInput>({
  form,
  values,
  validate,
  fieldOf,
  create,
  update,
  onSettled,
}: {
  form: Pick<FieldForm<unknown, Field>, "check" | "showServerError">;
  /** The values to send, as the form shows them. */
  values: () => Values;
  validate: (values: Values) => FieldErrors<Field>;
  fieldOf: (path: string) => Field | null;
  create: { mutate: Mutate<CreateInput>; request: (values: Values) => CreateInput };
  update: { mutate: Mutate<UpdateInput>; request: (id: string, values: Values) => UpdateInput };
  onSettled: () => void;
}): (event: FormEvent<HTMLFormElement>) => void {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  const { ns, item } = useItemContext();
  return (event) => {
    event.preventDefault();
    const sent = values();
    if (!form.check(validate(sent))) return;
    const handlers = dialog.track({
      onSuccess: () => dialog.finish(item ? t(`${ns}.saved`) : t(`${ns}.created`)),
      onError: (error) => form.showServerError(error, fieldOf),
      onSettled,
    });
    if (item) update.mutate(update.request(item.id, sent), handlers);
    else create.mutate(create.request(sent), handlers);
  };
}

/** The form of an ItemFormDialog: "Create" or "Save", and the title over a failure, from its namespace. */
export function ItemDialogForm({
  form,
  onSubmit,
  testId,
  submitTestId,
  children,
}: {
  form: Parameters<typeof DialogForm>[0]["form"];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  testId: string;
  submitTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { ns, item } = useItemContext();
  return (
    <DialogForm
      form={form}
      onSubmit={onSubmit}
      failedTitle={t(`${ns}.failed`)}
      submitLabel={item ? t(`${ns}.save`) : t(`${ns}.create`)}
      testId={testId}
      submitTestId={submitTestId}
    >
      {children}
    </DialogForm>
  );
}
