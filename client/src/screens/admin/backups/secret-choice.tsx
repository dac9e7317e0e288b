// What a backup holds, the same for "create now" and for the schedule: whether it carries the app
// secret, sealed with a passphrase, or leaves it out (two cards, each with the hint that fits where it
// stands, then the passphrase or a warning), and whether the stored files go with it.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceCards, FieldGroup } from "../../../components/forms/choice-cards";
import { CheckboxField, FormAlert } from "../../../components/forms/form-controls";

export const SECRET_CHOICES = ["seal", "omit"] as const;
export type SecretChoice = (typeof SECRET_CHOICES)[number];

type SecretChoiceProps = {
  /** The radio inputs' name, and the group's id. */
  name: string;
  value: SecretChoice;
  onChange: (choice: SecretChoice) => void;
  hint?: ReactNode;
  /** The line under each choice's name. */
  choiceHint: (choice: SecretChoice) => string;
};

export function ArchiveContentFields({
  passphraseFields,
  includeObjects,
  onIncludeObjectsChange,
  ...secret
}: SecretChoiceProps & {
  /** Shown while the secret is sealed. */
  passphraseFields: ReactNode;
  includeObjects: boolean;
  onIncludeObjectsChange: (includeObjects: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SecretChoiceCards {...secret} />
      {secret.value === "seal" ? (
        passphraseFields
      ) : (
        <FormAlert tone="warning">{t("backups.create.omitNote")}</FormAlert>
      )}
      <CheckboxField
        label={t("backups.create.includeObjects")}
        description={t("backups.create.includeObjectsHint")}
        checked={includeObjects}
        onCheckedChange={onIncludeObjectsChange}
      />
    </>
  );
}

function SecretChoiceCards({ name, value, onChange, hint, choiceHint }: SecretChoiceProps) {
  const { t } = useTranslation();
  return (
    <FieldGroup id={name} legend={t("backups.create.secretLegend")} hint={hint}>
      <ChoiceCards
        name={name}
        choices={SECRET_CHOICES}
        value={value}
        onChange={onChange}
        className="mt-3 grid gap-3 sm:grid-cols-2"
        cardClassName="flex gap-3 rounded-lg p-3.5"
        showsRadio
      >
        {(choice) => (
          <span>
            <span className="block font-medium">{t(`backups.create.choices.${choice}`)}</span>
            <span className="mt-0.5 block text-slate-600 dark:text-slate-400">{choiceHint(choice)}</span>
          </span>
        )}
      </ChoiceCards>
    </FieldGroup>
  );
}
