// The share options a text and a file upload have in common (docs/product.md §5): a custom link suffix checked
// as it is typed (the shared schema; the server's verdict, such as a taken suffix, wins until the next
// edit), password with show/hide, expiry choice (starting from the admin's default for new shares of the kind),
// max views and remark. Texts come from `<kind>.options.*`.
import CheckCircleIcon from "@heroicons/react/24/outline/CheckCircleIcon";
import { SLUG_MAX_LENGTH } from "@shared/constants";
import { useTranslation } from "react-i18next";
import { type FieldErrors, renderFieldMessage } from "../../lib/form-messages";
import { type ExpiryChoice, expiryChoicesWith, expiryDaysOf, isPresetChoice } from "../../lib/pastes/expiry";
import { useDefaultExpiry } from "../../lib/shares/forms/share-defaults";
import { validateSlugInput } from "../../lib/shares/forms/share-field-checks";
import { cx } from "../class-names";
import type { ShareKind } from "../feedback/share-problem";
import { ChoiceCards, FieldGroup } from "./choice-cards";
import { PasswordField, TextField } from "./form-controls";

export type ShareOptionsValues = {
  slug: string;
  password: string;
  /** null: not chosen, the admin's default shows (and is what the screen sends). */
  expiry: ExpiryChoice | null;
  maxViews: string;
  remark: string;
};

export type ShareOptionsField = "slug" | "password" | "maxViews" | "remark";

// Form names and test ids of each screen's fields, as their tests and password managers know them.
const NAMES: Record<ShareKind, { slugTestId: string; password: string; expiry: string }> = {
  pastes: { slugTestId: "slug-input", password: "paste-password", expiry: "expiry" },
  files: { slugTestId: "upload-slug", password: "file-password", expiry: "file-expiry" },
};

export function ShareOptionsFields({
  kind,
  values,
  onChange,
  errors,
  remarkHint,
}: {
  kind: ShareKind;
  values: ShareOptionsValues;
  onChange: (patch: Partial<ShareOptionsValues>) => void;
  errors: FieldErrors<ShareOptionsField>;
  remarkHint?: string;
}) {
  const { t } = useTranslation();
  const names = NAMES[kind];
  const slugMessage = renderFieldMessage(t, errors.slug ?? validateSlugInput(values.slug));
  const isSlugValid = values.slug.trim() !== "" && !slugMessage;
  return (
    <>
      <TextField
        label={t(`${kind}.options.slug`)}
        value={values.slug}
        onValueChange={(slug) => onChange({ slug })}
        error={slugMessage}
        hint={
          isSlugValid ? (
            <span className="inline-flex items-center gap-1.5 text-emerald-700 dark:text-emerald-400">
              <CheckCircleIcon className="size-4" />
              {t(`${kind}.options.slugValid`)}
            </span>
          ) : (
            t(`${kind}.options.slugHint`, { max: SLUG_MAX_LENGTH })
          )
        }
        labelExtra={
          <span
            className={cx(
              "text-xs tabular-nums",
              values.slug.trim().length > SLUG_MAX_LENGTH
                ? "text-red-600 dark:text-red-400"
                : "text-slate-500 dark:text-slate-400",
            )}
            aria-hidden="true"
          >
            {t(`${kind}.options.slugCount`, { length: values.slug.trim().length, max: SLUG_MAX_LENGTH })}
          </span>
        }
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        name="slug"
        data-testid={names.slugTestId}
      />

      <PasswordField
        label={t(`${kind}.options.password`)}
        value={values.password}
        onValueChange={(password) => onChange({ password })}
        hint={t(`${kind}.options.passwordHint`)}
        error={renderFieldMessage(t, errors.password)}
        autoComplete="new-password"
        name={names.password}
      />

      <ExpiryChoices
        kind={kind}
        name={names.expiry}
        value={values.expiry}
        onChange={(expiry) => onChange({ expiry })}
      />

      <TextField
        label={t(`${kind}.options.maxViews`)}
        value={values.maxViews}
        onValueChange={(value) => onChange({ maxViews: value.replace(/[^\d]/g, "").slice(0, 10) })}
        hint={t(`${kind}.options.maxViewsHint`)}
        error={renderFieldMessage(t, errors.maxViews)}
        inputMode="numeric"
        placeholder="0"
        autoComplete="off"
        name="max-views"
      />

      <TextField
        label={t(`${kind}.options.remark`)}
        value={values.remark}
        onValueChange={(remark) => onChange({ remark })}
        hint={remarkHint}
        placeholder={t(`${kind}.options.remarkPlaceholder`)}
        error={renderFieldMessage(t, errors.remark)}
        autoComplete="off"
        name="remark"
      />
    </>
  );
}

function ExpiryChoices({
  kind,
  name,
  value,
  onChange,
}: {
  kind: ShareKind;
  name: string;
  value: ExpiryChoice | null;
  onChange: (value: ExpiryChoice) => void;
}) {
  const { t } = useTranslation();
  const defaultExpiry = useDefaultExpiry(kind);
  const shown = value ?? defaultExpiry;
  // The admin's default (say 3 days) and a draft's earlier choice are offered even when not presets.
  const choices = expiryChoicesWith(defaultExpiry, shown);
  return (
    <FieldGroup id={`${name}-group`} legend={t(`${kind}.options.expiry`)}>
      <ChoiceCards
        name={name}
        choices={choices}
        value={shown}
        onChange={onChange}
        className={cx(
          "mt-1.5 grid grid-cols-3 gap-1.5 lg:grid-cols-3",
          choices.length > 5 ? "sm:grid-cols-6" : "sm:grid-cols-5",
        )}
        cardClassName="flex items-center justify-center rounded-lg px-2 py-2 text-center font-medium"
      >
        {(choice) =>
          isPresetChoice(choice)
            ? t(`${kind}.options.expiryChoices.${choice}`)
            : t(`${kind}.options.expiryDays`, { count: expiryDaysOf(choice) ?? 0 })
        }
      </ChoiceCards>
    </FieldGroup>
  );
}
