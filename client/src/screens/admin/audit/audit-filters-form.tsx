// The audit log's filters: event, outcome, the start of an address, and a first and last day. They
// apply on "Apply filters" (not on each keystroke), so typing an address reads the log once.
import FunnelIcon from "@heroicons/react/24/outline/FunnelIcon";
import { AUDIT_EVENTS, AUDIT_OUTCOMES } from "@shared/audit-events";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cardSurface, cx } from "../../../components/class-names";
import { TextField } from "../../../components/forms/form-controls";
import {
  type AuditFilterForm,
  type AuditQuery,
  auditQueryOf,
  EMPTY_AUDIT_FILTERS,
} from "../../../lib/audit/audit-filters";
import { ChoiceSelect } from "../shared/choice-select";

export function AuditFiltersForm({ onApply }: { onApply: (query: AuditQuery) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AuditFilterForm>(EMPTY_AUDIT_FILTERS);
  const [hasRangeError, setHasRangeError] = useState(false);
  const change = (fields: Partial<AuditFilterForm>) => {
    setForm((current) => ({ ...current, ...fields }));
    setHasRangeError(false);
  };

  function apply(event: FormEvent) {
    event.preventDefault();
    const query = auditQueryOf(form);
    if (query === "dateRange") {
      setHasRangeError(true);
      return;
    }
    onApply(query);
  }

  return (
    <form
      onSubmit={apply}
      aria-label={t("audit.filters.title")}
      className={cx(cardSurface, "mt-6 p-4 sm:p-5")}
      data-testid="audit-filters"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <ChoiceSelect<AuditFilterForm["event"]>
          label={t("audit.filters.event")}
          name="event"
          first={{ value: "", label: t("audit.filters.anyEvent") }}
          choices={AUDIT_EVENTS}
          labelOf={(name) => t(`audit.events.${name}`)}
          value={form.event}
          onChange={(event) => change({ event })}
        />
        <ChoiceSelect<AuditFilterForm["outcome"]>
          label={t("audit.filters.outcome")}
          name="outcome"
          first={{ value: "", label: t("audit.filters.anyOutcome") }}
          choices={AUDIT_OUTCOMES}
          labelOf={(outcome) => t(`audit.filters.${outcome}`)}
          value={form.outcome}
          onChange={(outcome) => change({ outcome })}
        />
        <TextField
          label={t("audit.filters.address")}
          name="address"
          value={form.address}
          onValueChange={(address) => change({ address })}
          hint={t("audit.filters.addressHint")}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
        />
        <TextField
          type="date"
          label={t("audit.filters.from")}
          name="from"
          value={form.fromDay}
          onValueChange={(fromDay) => change({ fromDay })}
        />
        <TextField
          type="date"
          label={t("audit.filters.to")}
          name="to"
          value={form.toDay}
          onValueChange={(toDay) => change({ toDay })}
          hint={t("audit.filters.toHint")}
          error={hasRangeError ? t("audit.filters.dateRange") : null}
        />
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          <Button type="submit" variant="primary" icon={FunnelIcon}>
            {t("audit.filters.apply")}
          </Button>
          <Button
            onClick={() => {
              setForm(EMPTY_AUDIT_FILTERS);
              setHasRangeError(false);
              onApply({});
            }}
          >
            {t("audit.filters.clear")}
          </Button>
        </div>
      </div>
    </form>
  );
}
