// The storage test (POST /s3-configs/{id}/test): a probe object really written, read, listed and
// deleted, each step with its time or its error; then whether the browser may upload straight to
// the bucket (its CORS), with the rule to add when it may not.
import ArrowPathIcon from "@heroicons/react/24/outline/ArrowPathIcon";
import BeakerIcon from "@heroicons/react/24/outline/BeakerIcon";
import CheckCircleIcon from "@heroicons/react/24/outline/CheckCircleIcon";
import ExclamationCircleIcon from "@heroicons/react/24/outline/ExclamationCircleIcon";
import ExclamationTriangleIcon from "@heroicons/react/24/outline/ExclamationTriangleIcon";
import InformationCircleIcon from "@heroicons/react/24/outline/InformationCircleIcon";
import type { StorageConfigView, StorageTestResult } from "@shared/schemas/admin/storage";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/button";
import { cx } from "../../../components/class-names";
import { CopyButton } from "../../../components/copy-button";
import { AppDialog } from "../../../components/dialogs/dialog";
import { RequestView } from "../../../components/feedback/request-status";
import { trpc } from "../../../lib/api/trpc";
import { freshPageMayReach, pageMayReach, storageUploadOrigin } from "../../../lib/shares/download/csp";
import { storageDisplayName } from "../../../lib/storage-name";

export type StorageTestDialogProps = { config: StorageConfigView | null; open: boolean; onClose: () => void };

export function StorageTestDialog({ config, open, onClose }: StorageTestDialogProps) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  // The list shows the outcome of the last check beside the config (a failure stays marked until one passes).
  const test = trpc.storage.test.useMutation({ onSettled: () => void utils.storage.list.invalidate() });
  const ranFor = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening for this config
  useEffect(() => {
    if (!open || !config) {
      ranFor.current = null;
      return;
    }
    if (ranFor.current === config.id) return;
    ranFor.current = config.id;
    test.reset();
    test.mutate({ id: config.id });
  }, [open, config?.id]);

  return (
    <AppDialog
      name="storage-test"
      open={open}
      onClose={onClose}
      isBusy={test.isPending}
      size="lg"
      icon={BeakerIcon}
      title={t("storageConfig.test.title", { name: config ? storageDisplayName(config.name, t) : "" })}
      description={t("storageConfig.test.description")}
      footer={
        <>
          <Button
            icon={ArrowPathIcon}
            onClick={() => config && test.mutate({ id: config.id })}
            isLoading={test.isPending}
            disabled={!config}
          >
            {t("storageConfig.test.again")}
          </Button>
          <Button variant="primary" onClick={onClose} disabled={test.isPending} data-autofocus>
            {t("common.done")}
          </Button>
        </>
      }
    >
      <RequestView
        request={test}
        loadingLabel={t("storageConfig.test.running")}
        loadingClassName="py-6"
        failedTitle={t("storageConfig.test.failed")}
      >
        {(result) => (config ? <TestResult result={result} config={config} /> : null)}
      </RequestView>
    </AppDialog>
  );
}

function TestResult({ result, config }: { result: StorageTestResult; config: StorageConfigView }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5" data-testid="storage-test-result">
      <div
        role="status"
        className={cx(
          "flex items-center gap-2 rounded-lg px-3.5 py-2.5 text-sm font-semibold",
          result.success
            ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 ring-inset dark:bg-emerald-500/10 dark:text-emerald-200 dark:ring-emerald-500/30"
            : "bg-red-50 text-red-800 ring-1 ring-red-200 ring-inset dark:bg-red-500/10 dark:text-red-200 dark:ring-red-500/30",
        )}
        data-testid="storage-test-verdict"
      >
        {result.success ? <CheckCircleIcon className="size-5" /> : <ExclamationCircleIcon className="size-5" />}
        {result.success ? t("storageConfig.test.passed") : t("storageConfig.test.notPassed")}
      </div>

      <ol className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200 dark:divide-slate-800 dark:ring-slate-800">
        {result.result.steps.map((step, index) => (
          <li key={step.step} className="flex items-start gap-3 px-3.5 py-3" data-testid={`test-step-${step.step}`}>
            {step.ok ? (
              <CheckCircleIcon className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            ) : (
              <ExclamationCircleIcon className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" />
            )}
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-slate-900 dark:text-white">
                  {index + 1}. {t(`storageConfig.test.steps.${step.step}`)}
                </span>
                <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                  {step.ok ? t("storageConfig.test.ms", { ms: step.ms }) : t("storageConfig.test.stepFailed")}
                </span>
              </p>
              {step.error ? (
                <p className="mt-1 text-sm break-words text-red-700 dark:text-red-300">{step.error}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>

      <CorsVerdict cors={result.result.cors} config={config} />
    </div>
  );
}

/**
 * Whether the app's CSP lets the browser connect to the bucket: a CORS rule is not enough when the
 * page's own policy keeps it from the storage. "reload" when the server already allows it but this
 * page loaded before the storage was saved.
 */
type CspReach = "allowed" | "reload" | "blocked";

function useCspReachOfStorage(config: StorageConfigView, isRelevant: boolean): CspReach | null {
  const [reach, setReach] = useState<CspReach | null>(null);
  const target = storageUploadOrigin(config);
  useEffect(() => {
    if (!isRelevant || !target) return;
    let isCurrent = true;
    void (async () => {
      const value: CspReach = (await pageMayReach("connect-src", target))
        ? "allowed"
        : (await freshPageMayReach("connect-src", target))
          ? "reload"
          : "blocked";
      if (isCurrent) setReach(value);
    })();
    return () => {
      isCurrent = false;
    };
  }, [isRelevant, target]);
  return isRelevant && target ? reach : null;
}

function CorsVerdict({ cors, config }: { cors: StorageTestResult["result"]["cors"]; config: StorageConfigView }) {
  const { t } = useTranslation();
  const cspReach = useCspReachOfStorage(config, cors.applicable);
  const tone =
    !cors.applicable || cors.allows_browser_upload ? "ok" : cors.allows_browser_upload === false ? "warn" : "unknown";
  const Icon = tone === "ok" ? CheckCircleIcon : tone === "warn" ? ExclamationTriangleIcon : InformationCircleIcon;
  const message = !cors.applicable
    ? t("storageConfig.test.cors.notApplicable")
    : cors.allows_browser_upload
      ? t("storageConfig.test.cors.allowed", { origin: cors.origin })
      : cors.allows_browser_upload === false
        ? t("storageConfig.test.cors.blocked", { origin: cors.origin })
        : t("storageConfig.test.cors.unknown", { error: cors.error ?? "" });
  return (
    <section aria-labelledby="cors-title" data-testid="storage-test-cors">
      <h3 id="cors-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        {t("storageConfig.test.cors.title")}
      </h3>
      <p
        className={cx(
          "mt-2 flex items-start gap-2 text-sm",
          tone === "ok"
            ? "text-emerald-800 dark:text-emerald-300"
            : tone === "warn"
              ? "text-amber-800 dark:text-amber-200"
              : "text-slate-700 dark:text-slate-300",
        )}
      >
        <Icon className="mt-0.5 size-4.5 shrink-0" />
        <span>{message}</span>
      </p>
      {cspReach === "reload" || cspReach === "blocked" ? (
        <p
          className="mt-2 flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300"
          data-testid="cors-csp-note"
        >
          <InformationCircleIcon className="mt-0.5 size-4.5 shrink-0 text-slate-500" />
          <span>
            {t(cspReach === "reload" ? "storageConfig.test.cors.cspReload" : "storageConfig.test.cors.cspBlocked", {
              origin: storageUploadOrigin(config) ?? "",
            })}
          </span>
        </p>
      ) : null}
      {cors.suggested_rule ? (
        <div className="mt-3">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("storageConfig.test.cors.ruleIntro")}</p>
            <CopyButton
              text={cors.suggested_rule}
              label={t("storageConfig.test.cors.copyRule")}
              copiedMessage={t("storageConfig.test.cors.copied")}
              failedMessage={t("files.result.copyFailed")}
              size="sm"
              data-testid="copy-cors-rule"
            />
          </div>
          <pre
            className="mt-2 max-h-64 overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs leading-5 text-slate-100 ring-1 ring-slate-800"
            data-testid="cors-rule"
          >
            {cors.suggested_rule}
          </pre>
        </div>
      ) : null}
    </section>
  );
}
